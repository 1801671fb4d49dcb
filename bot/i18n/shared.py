"""The one Translator of the modules that write text without one handed to them (the renders, the stand-in
names): one cache of formatted texts for them all, the catalogues loaded when it is first imported."""

from bot.i18n.translator import Translator

translator = Translator()
