"""The process's one Translator: the renders and the stand-in names use it directly, the app hands it to the
handlers; one cache of formatted texts for them all, the catalogues loaded when it is first imported."""

from bot.i18n.translator import Translator

translator = Translator()
