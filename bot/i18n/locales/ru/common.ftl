## Русский каталог. Тексты — HTML Telegram: аргументы приходят уже экранированными (это делает Translator.html).

## Считаемые слова (one: 1, 21; few: 2–4, 22; many: 0, 5–20, 25)

cards-count = { $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
}
points-count = { $count ->
    [one] { $count } очко
    [few] { $count } очка
   *[many] { $count } очков
}

## Цвета (сам по себе, например «Цвет: красный»)

colour-red = красный
colour-yellow = жёлтый
colour-green = зелёный
colour-blue = синий
# после квадрата карты у того, кто их попросил (/colours): «🟥К 5»
colour-letter-red = К
colour-letter-yellow = Ж
colour-letter-green = З
colour-letter-blue = С

## Кнопки

button-join = Участвовать
button-leave = Выйти
button-start = Начать игру
button-draw = Взять карту
button-pass = Пас
button-uno = УНО!
button-catch = Поймать!
button-challenge = Оспорить
button-slap = Хлоп!
button-open-private = Открыть чат с ботом
button-add-to-group = ➕ Добавить меня в группу
button-previous-page = « Назад
button-next-page = Далее »
button-colour-red = 🟥 Красный
button-colour-yellow = 🟨 Жёлтый
button-colour-green = 🟩 Зелёный
button-colour-blue = 🟦 Синий

## Всплывающие ответы на кнопки (коротко: Telegram показывает не больше 200 символов)

alert-joined = Вы в игре.
alert-left = Вы вышли из игры.
alert-caught = 🎯 Вы поймали без «УНО!»: { $names }.

## Ошибки и уведомления в чатах

error-unknown-command = Неизвестная команда. Список команд: /help.
error-private-chatter = Я понимаю только команды и кнопки. Список команд: /help.
error-channel = В УНО играют в группах: добавьте меня в группу и отправьте там /new.
error-group-only = Эта команда работает в групповых чатах: отправьте её в группе, где вы играете, или добавьте меня в группу (кнопка ниже).
error-sent-as-channel = Вы пишете от имени канала, и бот не знает, кто вы: переключитесь на своё имя (нажмите на аватар рядом с полем ввода) и отправьте команду ещё раз.
error-sent-anonymously = Вы пишете анонимно, от имени группы, и бот не знает, кто вы: отключите анонимность и отправьте команду ещё раз.
error-admin-only = Это могут только администраторы чата. (Вас только что назначили? Бот узнает об этом в течение минуты — тогда попробуйте ещё раз.)
error-internal = ⚠️ Извините, у меня что-то пошло не так. Попробуйте ещё раз чуть позже.
error-not-manager = Это может только ведущий игры ({ $name }) или администратор чата.
error-no-game = В этом чате нет игры. Создайте её командой /new.
error-no-game-topic = В этой теме нет игры. Создайте её командой /new.
error-game-exists = Здесь уже идёт игра.
# тому, кто не играет в идущем матче: как попасть в следующую игру
error-game-exists-next = Здесь уже идёт игра. { notify-next-game }
error-lobby-open = Здесь уже открыта игра: присоединяйтесь командой /join.
error-not-in-game = { $name } не участвует в игре.
error-start-private-first = { $name }, сначала откройте личный чат со мной: нажмите кнопку ниже.

## Команды (описания в меню)

command-new = Создать новую игру в этом чате
command-join = Присоединиться к игре
command-start = Начать игру
command-leave = Выйти из игры
command-stop = Остановить игру (ведущий или админ)
command-settings = Настройки: правила и язык чата
command-rules = Правила простыми словами
command-stats = Ваша статистика
command-top = Таблица лидеров
command-language = Сменить язык
command-help = Помощь

