## Что видят группа и каждый игрок (bot/tg/render). Тексты — HTML Telegram; аргументы уже экранированы.
## { "\u00A0" } — неразрывный пробел: «30 с» не разрывается переносом строки.

render-unnamed-player = Игрок { $number }
render-unnamed-group = Группа без названия
# общая тема форума (General) в названии её игры, как у игр других тем («Клуб · General»), для того, кто пишет в
# другой теме: имя, которое ей даёт Telegram
render-general-topic = General
render-stopped = ⏹ Игра остановлена.
render-stopped-by = ⏹ Игру остановил игрок { $name }.
render-stopped-by-admin = ⏹ Игру остановил администратор чата.
render-stopped-by-you = ⏹ Вы остановили игру.
render-card-wild = 🌈 Дикая
render-card-creeper = 🧨 Крипер
render-card-blank = ⬜ Пустая
# после квадрата цвета: «🟦 Пропуск» (слово, а не значок: программа чтения с экрана читает его по имени в Юникоде)
render-card-skip = Пропуск
render-card-reverse = Разворот
# карта как дополнение: «Боб играет 🌈 Дикую», «тянет 🧨 Крипера», «забирает ⬜ Пустую обратно»
render-card-wild-object = 🌈 Дикую
render-card-creeper-object = 🧨 Крипера
render-card-blank-object = ⬜ Пустую
render-card-skip-object = Пропуск
render-card-reverse-object = Разворот
# карта, которой покрыли восьмёрку или вмешались: «покрывает её 🌈 Дикой», «вмешивается 🟥 Пропуском»;
# карту, названную числом или знаком ($card), — словом «картой»: «покрывает её картой 🟥 8»
render-card-wild-with = 🌈 Дикой
render-card-creeper-with = 🧨 Крипером
render-card-blank-with = ⬜ Пустой
render-card-skip-with = Пропуском
render-card-reverse-with = Разворотом
render-card-with = картой { $card }
# $left: a <tg-time> tag that each reader's app renders ("in 45 seconds"); inside it, time-in
# (time-in-minutes past 2 minutes), what apps without it show
time-left = ⏱ { $left }
time-in = через { $seconds }{ "\u00A0" }с
time-in-minutes = через { $minutes }{ "\u00A0" }мин
# конец хода: на столе — отдельной строкой под тем, чей ход (рядом с длинным именем на узком телефоне
# не хватает места), и на руке того, кто ходит
# $left: <tg-time>, который приложения показывают как «через 25 секунд», а когда срок прошёл, до следующей
# правки ботом, — как «3 секунды назад»: слова вокруг должны читаться и так, и так
time-to-move = ⏱ Конец хода { $left }
# сколько что-то длилось, как пишется оставшееся время (time-minutes — от 2 минут)
time-seconds = { $seconds }{ "\u00A0" }с
time-minutes = { $minutes }{ "\u00A0" }мин
# $lasted (time-seconds или time-minutes) — только то, что известно наверняка: сколько бот был выключен при сбое
time-at-least = как минимум { $lasted }
# карты в винительном падеже: «берёт 1 карту», «возьмите 2 карты», «взять 5 карт»
render-cards-taken = { $count ->
    [one] { $count } карту
    [few] { $count } карты
   *[many] { $count } карт
}
# сколько карт взято ($count) и сколько полагалось, когда карт не хватило ($due; 0 — взяты все): «1 карту из 2»
render-cards-due = { $due ->
    [0] { render-cards-taken }
   *[other] { $count } { $count ->
        [one] карту
        [few] карты
       *[many] карт
    } из { $due }
}
# то же в именительном падеже: «штраф (1 карта из 2)»
cards-count-due = { $due ->
    [0] { cards-count }
   *[other] { $count } { $count ->
        [one] карта
        [few] карты
       *[many] карт
    } из { $due }
}

## Лобби

lobby-title = 🎴 <b>УНО: новая игра</b>
lobby-players = Игроки ({ $count }/{ $max }):
lobby-rules = 📜 { $rules }
lobby-runs-now = 🔑 Теперь игру ведёт { $name } и может её начать.
lobby-hint = Нажмите «{ button-join }», чтобы играть. Начать игру может ведущий (🔑) или администратор чата.
lobby-hint-full = Мест больше нет. Начать игру может ведущий (🔑) или администратор чата.
lobby-closes-idle = ⏳ Если { $minutes ->
    [one] { $minutes } минуту
    [few] { $minutes } минуты
   *[many] { $minutes } минут
} никто не войдёт в игру и не начнёт её, она закроется.
# $count: сколько игроков отмечено 🔇 (не больше 10); $blocked: все (all), некоторые (some) или никто (none) из них
# заблокировали бота (тогда в чате с ним кнопка приложения «Перезапустить», а не «Запустить»)
lobby-unreachable-hint = 🔇 { $count ->
    [one] Этот игрок пока не получит
   *[other] Эти игроки пока не получат
} карты: откройте @{ $bot } и нажмите { $blocked ->
    [all] «Перезапустить» (или «Restart»)
    [some] «Запустить» (или «Start»), а если вы меня заблокировали — «Перезапустить» (или «Restart»)
   *[none] «Запустить» (или «Start»)
}.
button-add-computer = 🤖 Добавить компьютер
# следующие две кнопки стоят в одном ряду: вместе не длиннее ~30 символов, чтобы узкий телефон их не обрезал
button-more-computers = 🤖 Ещё один
button-remove-computer = 🤖 Убрать

## Правила одной строкой

rules-with-changes = { $name } ({ $changes })
# домашних правил больше, чем название перечисляет (settings_text.NAMED_CHANGES): их число; $pointer: yes, чтобы
# сказать, где они перечислены (не в самом /rules)
rules-with-many-changes = { $name } + { $count } { $count ->
    [one] изменение
    [few] изменения
   *[many] изменений
}{ $pointer ->
    [yes] {" "}(/rules)
   *[no] {""}
}
rules-setting-value = { $setting }: { $value }
rules-hand-size = по { $count ->
    [one] { $count } карте
    [few] { $count } карты
   *[many] { $count } карт
}
rules-target = до { $count ->
    [one] { $count } очка
   *[other] { $count } очков
}
# те же слова, что в заголовке стола (table-title-lowest): «до 500» читалось гонкой до 500, как у rules-target
rules-target-lowest = очки своей руки, конец на { $count }, побеждает меньший счёт
rules-single-round = один раунд
rules-turn-timer = { $count }{ "\u00A0" }с на ход
rules-turn-timer-minutes = { $count }{ "\u00A0" }мин на ход
rules-no-timer = без таймера хода

## Стол (группа)

table-title = 🎴 <b>УНО</b> · раунд { $round }
table-title-target = 🎴 <b>УНО</b> · раунд { $round } · до { $count ->
    [one] { $count } очка
   *[other] { $count } очков
}
# две строки: «🎴 УНО · раунд 12 · до 2 000 очков, побеждает меньший счёт» (58 знаков) переносилось на узком телефоне;
# «до 2 000 очков» (слова table-title-target) над «Побеждает меньший счёт» читалось гонкой до 2 000: цель
# матч заканчивает
table-title-lowest =
    🎴 <b>УНО</b> · раунд { $round } · конец на { $count }
    Побеждает меньший счёт
top-card = Сверху: <b>{ $card }</b>
# у цветной карты: её цвет и словом, для тех, кто не различает квадраты
top-card-own-colour = Сверху: <b>{ $card }</b> · { $colour }
# цвет, выбранный для чёрной карты (у цветной — свой: top-card-own-colour)
top-card-colour = Сверху: <b>{ $card }</b> · цвет { $colour }
top-card-no-colour = Сверху: <b>{ $card }</b> · цвет выбирают
table-match-over = Матч окончен.
table-stopped-gone = ⏹ Игра остановлена: я больше не мог сюда писать.
table-stopped-topics-off = ⏹ Игра остановлена: в группе отключили темы, а в её общем чате может идти только одна игра.
table-paused = ⏸ Пауза: тема закрыта.
# Группа перестала пускать сообщения бота (его ограничили, или участникам запретили писать, а он не админ).
table-paused-muted = ⏸ Пауза: мне пока нельзя сюда писать.
table-going-on = ▶️ Игра продолжается после паузы.
# Telegram или база данных были недоступны $lasted (time-seconds или time-minutes; после сбоя —
# time-at-least): ходить было нельзя, кнопки крутились; время хода (между раундами, $waiting "next-round":
# паузы перед следующей раздачей) вернули.
# Строка видна до следующего изменения стола.
table-outage = ⏸ { $unreachable ->
    [telegram] Telegram был недоступен
    [database] Записи об играх были недоступны
    [restart] Я был не в сети
   *[both] Telegram и записи об играх были недоступны
} { $lasted }: { $waiting ->
    [next-round] пауза перед следующим раундом продлена на это время.
   *[turn] потерянное время на ход возвращено.
}
# пауза между раундами: раунд окончен, а под этим — когда следующая раздача ($left: time-in) или, если
# неизвестно, что она скоро; в одну строку они не помещались на узком телефоне
table-round-over = Раунд окончен
table-next-round = ⏱ Следующий раунд { $left }
table-next-round-soon = Скоро следующий раунд
table-turn = Ходит: { $name }
table-turn-colour = { $name } выбирает цвет
# под table-turn-colour, отдельной строкой (рядом не помещалось на узком телефоне), пока выбирают цвет карты
# со штрафом: штраф берёт $taker, если не ответит ($cards: cards-count, одной строкой)
table-colour-penalty = Штраф игроку { $taker }: { $cards }
table-turn-swap = { $name } выбирает, с кем поменяться картами
# кто должен взять штраф ($due: table-penalty-taken, одной строкой: длинное имя переносится после себя)
table-turn-penalty-take = Ходит { $name }: { $due }
table-penalty-taken = взять { render-cards-taken }
# под table-turn-penalty-take, отдельной строкой (рядом не помещалось на узком телефоне): $answer — что
# правила позволяют вместо этого (а не что у игрока на руке): передать штраф дальше картой (наложение, цепочка
# +2 Экстрима), оспорить +4 или и то и другое
table-turn-penalty-answer = { $answer ->
    [challenge] или оспорить карту
    [both] или передать дальше, или оспорить
   *[pass] или передать штраф дальше картой
}
# кто должен покрыть восьмёрку ($due: table-cover-due, одной строкой: длинное имя переносится после себя,
# а не «покрыть» на одной строке и «восьмёрку» на следующей)
table-turn-cover = Ходит { $name }: { $due }
table-cover-due = покрыть восьмёрку
# под table-turn, отдельной строкой (рядом с длинным именем не помещалось на узком телефоне): ходящий может
# оспорить ограниченную чёрную карту (extreme_wild_restriction); $card: она, в винительном падеже
table-turn-may-challenge = Может оспорить { $card }
# $ordered: no — когда игроков двое (или остался один), направление не важно, и когда матч окончен или
# остановлен и ходить больше некому: стрелки нет; $points: yes — называет число в конце каждой строки ниже
# (table-player-figures), один раз для всех
table-players = { $ordered ->
    [no] Игроки
   *[yes] Игроки по очереди { $arrow }
}{ $points ->
    [yes] { " " }· очки
   *[no] { "" }
}
# $name: обрезано по ширине стола (длинное имя на узком телефоне переносится после себя); $figures: table-player-figures
table-player-row = { $marker } { $name }: { $figures }
# счёт без слова «очков», названный один раз над строками (table-players): «· 120 очков» выводило строку
# с именем в 14 букв за строку узкого телефона; $count_marks: рядом с числом карт — «УНО!» сказано или ⚠️
table-player-figures = { cards-count }{ $count_marks } · { $score }
table-player-figures-no-points = { cards-count }{ $count_marks }
table-mark-uno = УНО!
# $blocked: как в lobby-unreachable-hint, об отмеченных игроках
table-unreachable-legend = 🔇 не получает карты: нужно открыть чат со мной и нажать { $blocked ->
    [all] «Перезапустить» (или «Restart»)
    [some] «Запустить» (или «Start»), а тем, кто меня заблокировал, — «Перезапустить» (или «Restart»)
   *[none] «Запустить» (или «Start»)
}
table-draw-pile = В колоде: { cards-count }
# строки окон ловли и хлопков: имена — следующей строкой
table-catch-window = ⚠️ Забыли «УНО!». Ловите! ⏱ { $seconds }{ "\u00A0" }с
# пока время идёт (у окна, чьё время вышло, в отсрочку после запуска его нет: table-slap-window)
table-slap-window-timed = 👋 Хлопайте! ⏱ { $seconds }{ "\u00A0" }с · не хлопнули:
table-slap-window = 👋 Хлопайте! Ещё не хлопнули:
# список игроков (в окне, не хлопнувших), если их больше нескольких
names-and-last = { $names } и { $last }
names-and-more = { $names } и ещё { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[many] { $count } игроков
}
# тишина после семёрки: не больше двух строк узкого телефона с самым длинным именем, «🤫 До хода Alexandra Konst…,»
# и что её нарушает (первый написавший игрок берёт карты, и тишина кончается: строка уходит вместе с ней)
table-silence = 🤫 До хода { $name }, написавший игрок берёт { render-cards-taken }
# бот не видит сообщений группы (режим приватности, и он не админ): никого не штрафуют ($count не нужен)
table-silence-unseen = 🤫 До хода { $name } тишина, но я не вижу сообщений группы: за них не берут карты
# названа как в /rules и /settings (setting-extreme-draw-chain); что будет за следующее звено — под ней,
# отдельной строкой (table-draw-chain-next): в одну строку они не помещались на узком телефоне
table-draw-chain = ⛓ Цепочка +2 (звеньев: { $links })
table-draw-chain-next = Ещё звено заставит взять { render-cards-taken }
# что сделает следующий «Пропуск» — под ней, отдельной строкой (table-skip-chain-next), как у цепочки +2
table-skip-chain = ⏭ Цепочка пропусков (пропущено: { $count })
# $everyone: yes, когда следующий «Пропуск» пропустит всех игроков, кроме сыгравшего (больше цепочка не пропускает)
table-skip-chain-next = Ещё «Пропуск» пропустит { $everyone ->
    [yes] остальных
   *[no] { $next ->
        [2] двоих
        [3] троих
        [4] четверых
        [5] пятерых
        [6] шестерых
        [7] семерых
        [8] восьмерых
        [9] девятерых
       *[other] { $next ->
            [one] { $next } игрока
           *[other] { $next } игроков
        }
    }
}
table-recent = Последние ходы:
button-my-cards = 🃏 Мои карты

## Рука (личный чат)

# первая строка руки в ход её владельца (её показывает уведомление)
hand-title-your-turn = <b>{ $chat }</b>: ваш ход
# первая строка руки, которую раздача присылает тому, чей ход не сейчас (пока он не сыграет и не возьмёт карту)
hand-title-dealt = <b>{ $chat }</b>: игра началась
hand-you-are = За столом вы — { $name }.
hand-card-count = У вас { cards-count }
hand-page = страница { $page }/{ $pages }
hand-cards-left = Осталось на руке: { $cards }
# то же при подсчёте очков своей руки (побеждает меньший счёт): сколько они добавили к счёту
hand-cards-left-scored = Осталось на руке: { $cards } (+{ points-count })
hand-revealed = 👁 Карты оспоренного игрока: { $cards }
# Почему изменились карты (7-0, карты, которые игрок не тянул сам): видно, пока рука не изменится снова
hand-news-swapped-by = 🔄 С вами поменялся картами игрок { $name }.
# их семёрка или ноль, когда игроков двое (чей угодно)
hand-news-swapped = 🔄 Вы поменялись картами с игроком { $name }.
hand-news-passed = 🔄 Ноль: все передали карты дальше, и вам достались карты игрока { $name }.
hand-news-downpour = 🌧 Ливень от игрока { $name }: вы взяли { render-cards-taken }.
hand-news-creeper = 🧨 Вам попался Крипер: вы взяли ещё { render-cards-taken }.
hand-news-caught = 🎯 Вас поймал без «УНО!» игрок { $name }: вы взяли { render-cards-taken }.
hand-news-penalty = 📥 После карты игрока { $name } вы взяли штраф ({ cards-count }).
# вмешательство забрало ход игрока (карты у него те же; строка видна до его следующего хода)
hand-news-jumped-in = ⚡ В ваш ход такой же картой вмешался игрок { $name }.
# вмешался тот, кто ходит прямо перед игроком (вдвоём: любое вмешательство без «Пропуска»), и ход снова его
hand-news-jumped-in-again = ⚡ Такой же картой вмешался игрок { $name }: снова ваш ход.
# оспаривание показывает оспоренную руку тому, кто оспорил (RULES.md 4): её хозяину говорят, кто её видел
hand-news-bluff-caught = ⚖️ Игрок { $name } оспорил вашу карту и посмотрел ваши карты: это был блеф, вы взяли { render-cards-taken }.
# extreme_challenge: чёрная карта вернулась в руку блефующего до добора
hand-news-bluff-caught-returned = ⚖️ Игрок { $name } оспорил вашу карту и посмотрел ваши карты: это был блеф, карта вернулась к вам, и вы взяли ещё { render-cards-taken }.
hand-news-challenge-won = ⚖️ Игрок { $name } оспорил вашу карту и посмотрел ваши карты: карта была честной.
hand-news-challenge-lost = ⚖️ Карта игрока { $name } была честной: за оспаривание вы взяли { render-cards-taken }.
# оспорившему: карта игрока $name была блефом, $count: сколько карт он за это взял (0: нисколько, он вышел из игры)
hand-news-bluff-called = ⚖️ Карта игрока { $name } была блефом{ $count ->
    [0] .
   *[other] : игрок взял { render-cards-taken }.
}
hand-news-slap-last = 👋 Ваш хлопок был последним: вы взяли { render-cards-taken }.
hand-news-slap-alone = 👋 Больше никто не хлопнул, так что ваш хлопок оказался последним: вы взяли { render-cards-taken }.
hand-news-slap-missed = 👋 Вы не успели хлопнуть: вы взяли { render-cards-taken }.
hand-news-silence = 🤫 Вы нарушили тишину: вы взяли { render-cards-taken }.
# карты за чёрную первую карту (extreme_start), после первого раунда — в строке о раздаче ($round)
hand-news-start = 🎴 { $round ->
    [1] Первая карта раунда чёрная: вы взяли { render-cards-taken }.
   *[other] Раунд { $round }: новые карты, а первая карта чёрная — вы взяли { render-cards-taken }.
}
hand-news-drew-until = 📥 Вы взяли { render-cards-taken }, пока не нашлась подходящая.
hand-news-drew-passed = 📥 Вы взяли карту, но она не подошла: ход перешёл дальше.
# раздача нового раунда, на руке, которую правят под новые карты ($round: его номер); skipped: первая карта
# лишила игрока первого хода ($count: сколько карт дал «+2», 0: «Пропуск» или «Разворот» вдвоём; рука
# первого раунда и так говорит, что игра началась)
hand-news-dealt = 🎴 Раунд { $round }: новые карты.
hand-news-dealt-skipped = 🎴 { $round ->
    [1] Первая карта
   *[other] Раунд { $round }: новые карты, и первая карта
} { $count ->
    [0] лишает вас хода.
   *[other] заставляет вас взять { render-cards-taken } и пропустить ход.
}
hand-news-timed-out = ⏱ Ваше время вышло: вы взяли { render-cards-taken }.
# таймер хода выбрал за игрока: цвет его чёрной карты ($colour), с кем поменяться по его семёрке
hand-news-timed-out-colour = ⏱ Ваше время вышло, и я выбрал цвет за вас: { $colour }.
hand-news-timed-out-swapped = ⏱ Ваше время вышло, и я выбрал за вас: вы поменялись картами с игроком { $name }.
# force_play: взятую карту сыграли за игрока; eight_cover: карта накрыла его 8 ($count: сколько взято;
# [1], не [one]: у 21 та же форма, но «её» — только об одной карте)
hand-news-timed-out-played = ⏱ Ваше время вышло: { $count ->
    [0] за вас сыграли { hand-news-cards-played }.
   *[other] вы взяли { render-cards-taken }, { $played ->
        [1] и { $count ->
            [1] её
           *[other] одну из них
        } сыграли за вас.
       *[other] а за вас сыграли { hand-news-cards-played }.
    }
}
hand-news-cards-played = { $played ->
    [one] { $played } карту
    [few] { $played } карты
   *[many] { $played } карт
}
hand-match-over = Матч окончен.
hand-match-won-you = 🏆 Вы выиграли матч!
# пауза между раундами: раунд окончен, а под этим — что скоро следующий, отдельной строкой (как на столе:
# в одну строку не помещалось на узком телефоне)
hand-round-over = Раунд окончен.
hand-next-round-soon = Скоро следующий раунд.
hand-round-won-you = 🏁 Вы выиграли раунд { $round }!
hand-not-playing = Вы больше не участвуете в этой игре.
# a hand Telegram would not delete (48 hours old) when a new one replaced it
hand-moved = ⬇️ Ваши карты — в новом сообщении ниже.
# The bot stopped the game: it may no longer post where the game was (removed, muted, the topic deleted or closed).
hand-stopped-gone = Я больше не мог писать в группу или тему, где шла игра.
hand-stopped-topics-off = В группе отключили темы, а в её общем чате может идти только одна игра: там продолжается другая.
hand-paused = ⏸ Игра на паузе: её тему закрыли. Она продолжится, когда тему откроют снова (если тема простоит закрытой сутки, игра остановится).
# Группа перестала пускать сообщения бота (его ограничили, или участникам запретили писать, а он не админ): игра ждёт, не дольше суток.
hand-paused-muted = ⏸ Игра на паузе: мне пока нельзя писать в группу. Она продолжится, когда мне снова разрешат там писать (если этого не случится за сутки, игра остановится).
hand-stopped-idle = Никто больше не играл, победителя нет.
# то же на руке того, чьего хода ждали
hand-stopped-idle-waited-for = Целый час никто не ходил, а ход был ваш: вам засчитано поражение, а остальным матч не засчитывается.
# то же на руках остальных, как сказано в группе (match-end-stopped-waited-for)
hand-stopped-idle-waited-for-other = Целый час никто не ходил. Поражение засчитано тому, чей был ход, — { $name }. Остальным матч не засчитывается.
hand-stopped-kicked = Вашего последнего соперника убрали из игры, победителя нет.
hand-left = Вы вышли из этой игры.
# убрали из игры: -by называет игрока матча, который это сделал, -by-admin — администратор не из игры, hand-kicked —
# исключение, сохранённое до того, как бот стал запоминать, кто его сделал
hand-kicked = Вас убрали из этой игры.
hand-kicked-by-admin = Вас убрал из этой игры администратор чата.
hand-kicked-by = Вас убрал из этой игры игрок { $name }.
# под hand-paused: /leave, /kick или выход из группы, пока игра на паузе, действуют, когда она продолжится
hand-leaving = Вы выйдете из этой игры, когда её тему откроют снова.
hand-leaving-kicked-by-admin = Вас убрал из этой игры администратор чата: вы выйдете из неё, когда тему откроют снова.
hand-leaving-kicked-by = Вас убрал из этой игры игрок { $name }: вы выйдете из неё, когда тему откроют снова.
# то же под hand-paused-muted: игра ждёт, когда группа снова разрешит боту писать
hand-leaving-muted = Вы выйдете из этой игры, когда мне снова разрешат писать в её группу.
hand-leaving-kicked-by-admin-muted = Вас убрал из этой игры администратор чата: вы выйдете из неё, когда мне снова разрешат писать в её группу.
hand-leaving-kicked-by-muted = Вас убрал из этой игры игрок { $name }: вы выйдете из неё, когда мне снова разрешат писать в её группу.
# $duel: они были одними из двух последних людей за столом, и это закончило матч (побеждает другой, не
# пропустивший свой последний ход); $where: topic, когда игра идёт в теме форума (в других его темах свои
# игры), иначе group
hand-removed-afk = { $count ->
    [1] Вы не успели сделать ход
    [few] Вы { $count } раза подряд не успели сделать ход
   *[other] Вы { $count } раз подряд не успели сделать ход
} и выбыли из этой игры{ $duel ->
    [yes] , и матч закончился вашим поражением.
   *[no] .
} Вы сможете присоединиться к следующей игре в { $where ->
    [topic] этой теме
   *[group] группе
}.
# $where: topic, когда игра идёт в теме форума (её название в первой строке руки), иначе group
hand-waiting = { $where ->
    [topic] Не ваш ход: игра идёт в теме.
   *[group] Не ваш ход: игра идёт в группе.
}
hand-hint-jump-in = ⚡ Можно вмешаться такой же картой!
hand-your-turn = <b>Сыграйте (▶) или возьмите.</b>
hand-nothing-fits = Ходить нечем — <b>возьмите.</b>
hand-nothing-fits-until = Подходящих карт нет — <b>берите из колоды, пока не найдётся.</b>
hand-nothing-fits-none-left = Подходящих карт нет, а брать больше нечего, так что <b>нажмите «{ button-draw }»</b>, и ход перейдёт дальше.
hand-playable-elsewhere = { $mark } на других страницах: { $count }
hand-cover = <b>Покройте восьмёрку ещё одной картой (▶).</b>
hand-cover-draw = Восьмёрку нужно покрыть, а подходящих карт нет, так что <b>берите из колоды, пока не найдётся.</b>
hand-cover-last = Последней картой вы сыграли восьмёрку, а раунд выигран, только когда она покрыта, так что <b>берите из колоды, пока не найдётся подходящая.</b>
# $answer: что игрок может сделать вместо этого (по его картам и правилам): передать штраф дальше картой
# (наложение, цепочка +2 Экстрима, вмешательство, отменяющее штраф), оспорить +4 или и то и другое
hand-penalty = <b>Возьмите { render-cards-taken }</b>{ $answer ->
    [challenge] { " " }или оспорьте карту.
    [both] , передайте штраф дальше картой (▶) или оспорьте карту.
   *[pass] { " " }или передайте штраф дальше картой (▶).
}
hand-penalty-take = <b>Возьмите { render-cards-taken }.</b>
# под hand-penalty: карт осталось меньше, чем штраф ($left; 0 — ни одной)
hand-penalty-short = { $left ->
    [0] Брать нечего, карты кончились: штраф обойдётся вам только пропуском хода.
    [one] Осталась всего { $left } карта: больше взять нечего.
    [few] Осталось всего { $left } карты: больше взять нечего.
   *[many] Осталось всего { $left } карт: больше взять нечего.
}
hand-play-drawn = Вы взяли <b>{ $card }</b>: сыграйте эту карту или пасуйте.
hand-play-drawn-forced = Вы взяли <b>{ $card }</b>: сыграйте эту карту.
hand-play-drawn-unplayable = Вы взяли <b>{ $card }</b>: сейчас эту карту сыграть нельзя, пасуйте.
hand-choose-colour = <b>Выберите цвет.</b>
# цвет чёрной первой карты раунда ($card), до чьего-либо хода: его выбирает первый игрок и затем ходит
# ($first: yes) или сдающий (extreme_start)
hand-choose-colour-start = { $first ->
    [yes] <b>Первая карта раунда — { $card }: выберите её цвет и ходите.</b>
   *[no] <b>Первая карта раунда — { $card }: вы сдавали, поэтому её цвет выбираете вы.</b>
}
# цвет карты со штрафом: штраф берёт $taker, если не ответит (имя как на столе)
hand-choose-colour-penalty = <b>Выберите цвет.</b> Штраф игроку { $taker }: { cards-count }.
hand-choose-swap = <b>Выберите, с кем поменяться картами.</b>
hand-hint-jump-in-penalty = ⚡ Можно вмешаться такой же картой, но взять { render-cards-taken } всё равно придётся: её действие достанется следующему.
# следующее звено цепочки +2 — тому, кто может его добавить ($card: вид карты)
hand-hint-chain = ⛓ { $card ->
    [reverse] «Разворот»
   *[draw_two] +2
} продолжит цепочку +2: { $name } возьмёт { render-cards-taken }.
hand-hint-skip-chain = ⏭ «Пропуск» продолжит цепочку пропусков: { $count ->
    [one] { $names } пропустит ход.
   *[other] { $names } пропустят ход.
}
# $name сыграл чёрную карту; $guilty: сколько он возьмёт, если это блеф; $fair: сколько возьмёт оспоривший,
# если нет; $penalty: сколько тот взял бы без спора (0: нисколько); $colour: цвет до чёрной карты (none: его не было);
# $left: yes, если $name уже вышел из игры (тогда блеф никому не стоит карт); $returned: yes, если при блефе
# карта возвращается сыгравшему и снова действует прежний цвет (extreme_challenge); $offered: yes, если строка
# над подсказкой уже предлагает оспорить карту (штраф: «...или оспорьте карту.»)
hand-hint-challenge = ⚖️ { $offered ->
    [yes] {""}
   *[no] Эту карту можно оспорить.{" "}
}Если у игрока { $name } была карта прежнего цвета{ $colour ->
    [none] {""}
   *[other] { " " }({ $colour })
}, это блеф: { $left ->
    [yes] игрока { $name } уже нет в игре, так что вы ничего не берёте и ходите
   *[no] { $name } { $returned ->
        [yes] забирает карту обратно и берёт ещё
       *[no] берёт
    } { $guilty } { $guilty ->
        [one] карту
        [few] карты
       *[many] карт
    }, { $returned ->
        [yes] цвет снова прежний, а вы ходите
       *[no] а вы ходите
    }
}. Если нет — вы берёте { $fair } { $fair ->
    [one] карту
    [few] карты
   *[many] карт
}{ $penalty ->
    [0] { " " }и пропускаете ход.
   *[other] { " " }вместо { $penalty }.
}
hand-hint-bluff = ⚠️ Сыграть { $cards } сейчас — это блеф: у вас есть карта нужного цвета ({ $colour }). Такой ход могут оспорить.
hand-hint-multi-play = Несколько карт с одним числом: нажмите первую (▶), затем остальные в нужном вам порядке и «Сыграть». Цвет задаст последняя.
# $count: сколько карт берёт пойманный без «УНО!»
hand-hint-uno = Осталось две карты: нажмите «УНО!» перед ходом. Если забудете, вас могут поймать, и вы возьмёте { render-cards-taken }.
# $duel: за столом сейчас двое людей без компьютеров, и второй играет: выход игрока заканчивает матч его
# поражением (побеждает второй; если оба пропустили последний ход, бот останавливает матч, и он никому не стоит)
hand-afk-warning = ⚠️ { $missed ->
    [1] Вы не успели сделать прошлый ход
    [few] Вы { $missed } раза подряд не успели сделать ход
   *[other] Вы { $missed } раз подряд не успели сделать ход
}: после { $limit } { $limit ->
    [one] такого хода
   *[other] таких ходов
} подряд вы выбываете из игры{ $duel ->
    [yes] , и матч заканчивается вашим поражением.
   *[no] .
}
# то же предупреждение в строке только что случившегося тайм-аута («⏱ Ваше время вышло: вы взяли 1 карту.»),
# где уже сказано, что время вышло
hand-afk-warning-after-timeout = ⚠️ { $missed ->
    [1] После { $limit } { $limit ->
        [one] такого хода
       *[other] таких ходов
    } подряд вы выбываете из игры
    [few] Уже { $missed } раза подряд: после { $limit } { $limit ->
        [one] такого хода
       *[other] таких ходов
    } вы выбываете из игры
   *[other] Уже { $missed } раз подряд: после { $limit } { $limit ->
        [one] такого хода
       *[other] таких ходов
    } вы выбываете из игры
}{ $duel ->
    [yes] , и матч заканчивается вашим поражением.
   *[no] .
}
hand-hint-uno-now = ⚠️ Скорее нажмите «УНО!», пока вас не поймали!
# $where: topic, когда игра идёт в теме форума (тишину нарушает только сообщение там), иначе group
hand-silence = 🤫 Тишина, пока { $name } не сходит: кто из игроков первым напишет { $where ->
    [topic] в теме игры
   *[group] в группу
}, берёт { render-cards-taken }.
hand-silence-yours = 🤫 Тишина до вашего следующего хода: кто из игроков первым напишет { $where ->
    [topic] в теме игры
   *[group] в группу
}, берёт { render-cards-taken }.
# бот не видит сообщений группы: никого не штрафуют ($count не нужен)
hand-silence-unseen = 🤫 Тишина, пока { $name } не сходит, но я не вижу сообщений группы: за них никто не берёт карты.
hand-silence-yours-unseen = 🤫 Тишина до вашего следующего хода, но я не вижу сообщений группы: за них никто не берёт карты.
# после строки идёт оставшееся время (« · ⏱ через 5 с»), как на столе
hand-hint-slap = 👋 Ноль! Скорее жмите «Хлоп!»: последний, кто хлопнет, и каждый, кто не хлопнет, берёт { render-cards-taken }
hand-selection = Выбрано: { $cards }. Добавьте ещё карты с этим числом (▶) или нажмите «Сыграть»; цвет задаст последняя.
hand-selection-complete = Выбрано: { $cards }. Нажмите «Сыграть»; цвет задаст последняя.
# выбор, после которого останется одна карта: «УНО!» можно сказать только после хода
hand-selection-leaves-one = ☝️ После этого хода у вас останется одна карта: сразу нажмите «УНО!», пока вас не поймали.
button-swap = 🔀 { $name } ({ $count })
button-accept-penalty = Взять { render-cards-taken }
# кнопка штрафа, когда брать нечего: нажатие стоит только хода
button-accept-nothing = Пропустить ход
button-play-selected = Сыграть { render-cards-taken }
button-cancel = ✖ Отмена

## Рассказ о ходах: одна строка на событие

narrate-dealer-draw = { $name } тянет { $card } для выбора сдающего.
# первая строка раунда и то, что сразу сделала первая карта ($effect): первый игрок пропускает ход (Пропуск:
# skipped; «+2»: penalty, $count карт; creeper, а среди них Крипер: $drew, narrate-drew, как в строке
# пропустившего ход по таймеру, без своего двоеточия), Разворот меняет направление ($arrow; начинает
# сдающий); none — ничего. $back: сколько первых карт до неё вернулось в колоду («+4» и т. п.: RULES.md),
# $returned: какие. После номера раунда — тире: двоеточие остаётся первой карте, как в строке любой карты
# перед тем, что она сделала
narrate-round-started = Раунд { $round } — сдаёт { $dealer }{ $back ->
    [0] {""}
    [one] ; { $returned } возвращается в колоду
   *[other] ; { $returned } возвращаются в колоду
}, первая карта { $card }{ $effect ->
    [skipped] : { $first } пропускает ход.
    [penalty] : { $first } берёт { render-cards-taken } и пропускает ход.
    [creeper] : { $first } { $drew } и пропускает ход.
    [reversed] : направление меняется на { $arrow }, начинает { $first }.
   *[none] , начинает { $first }.
}
narrate-start-card-returned = { $card } возвращается в колоду.
# как строка карты говорит, что игрок сыграл её с руки ($called: yes, если он прокричал «УНО!» прямо перед
# ней); narrate-plays-then — перед «и выбирает...»
narrate-plays = { $called ->
    [yes] кричит «УНО!» и играет
   *[no] играет
}
narrate-plays-then = { $called ->
    [yes] кричит «УНО!», играет
   *[no] играет
}
# карта и то, что она сразу сделала: ничего, выбранный цвет, новое направление, кто пропускает ход, тишина
# или обмен картами после семёрки, передача карт после нуля, Ливень
# ($drawn: сколько карт взято на ходу, сыгранная среди них, или 0: сыграна с руки; $drawn_cards: их число
# словами, в винительном падеже, и «УНО!» игрока после них, narrate-called; $skipped: имена, $count: сколько их; $card: за восьмёркой — чем её покрыли,
# по narrate-cover на каждую карту, или покрытие, которого она ждёт, narrate-cover-awaited, и сделала что-то
# последняя карта; карты, сыгранные вместе (multi_play), перечислены, «🟥 7 и 🟩 7», и тогда $several — yes,
# если за ними нет покрытий)
narrate-card-played = { $name } { $drawn ->
    [0] { narrate-plays }
   *[other] берёт { $drawn_cards } и играет
} { $card }.
narrate-played-colour = { $name } { $drawn ->
    [0] { narrate-plays-then }
   *[other] берёт { $drawn_cards }, играет
} { $card } и выбирает цвет: { $colour }.
narrate-played-reversed = { $name } { $drawn ->
    [0] { narrate-plays }
   *[other] берёт { $drawn_cards } и играет
} { $card }: направление меняется на { $arrow }
narrate-played-swapped = { $name } { $drawn ->
    [0] { narrate-plays-then }
   *[other] берёт { $drawn_cards }, играет
} { $card }{ $several ->
    [yes] , а затем
   *[no] { " " }и
} меняется картами с игроком { $target }.
narrate-played-rotated = { $name } { $drawn ->
    [0] { narrate-plays }
   *[other] берёт { $drawn_cards } и играет
} { $card }: { $passed }
narrate-played-skipping = { $name } { $drawn ->
    [0] { narrate-plays }
   *[other] берёт { $drawn_cards } и играет
} { $card }: { $count ->
    [one] { $skipped } пропускает ход.
   *[other] { $skipped } пропускают ход.
}
# вмешательство ($card: карта в творительном падеже, render-card-wild-with: «🟥 Пропуском», «картой 🟥 5»;
# за восьмёркой — чем её покрыли, как в narrate-card-played) и то, что карта сразу сделала ($effect): кого
# пропустила ($skipped, их $count), направление ($arrow), тишина или обмен картами от семёрки ($target),
# передача карт от нуля; чёрная карта, покрывшая восьмёрку: выбранный цвет ($colour), Ливень ($soaked:
# narrate-soaked); $called: yes, если перед ней игрок крикнул «УНО!»
narrate-jump-in = ⚡ { $name } { $called ->
    [yes] кричит «УНО!» и вмешивается
   *[no] вмешивается
} { $card }{ $effect ->
    [skipped] : { $skipped } { $count ->
        [one] пропускает
       *[other] пропускают
    } ход.
    [reversed] : направление меняется на { $arrow }
    [silence] : 🤫 в чате тишина!
    [swapped] { " " }и меняется картами с игроком { $target }.
    [rotated] : { $passed }
    [colour] { " " }и выбирает цвет: { $colour }.
    [downpour] : { $soaked }.
    [downpour-colour] : { $soaked }, а { $name } выбирает { $colour } цвет.
   *[none] !
}
# какие карты игрок взял и за что, как в narrate-cards-drawn, но без имени: для narrate-taken-creeper
narrate-taken-for = { $reason ->
    [penalty] берёт штраф ({ cards-count-due })
    [challenge] берёт { render-cards-due } после оспаривания
    [uno] берёт { render-cards-due } за забытое «УНО!»
    [false_catch] берёт { render-cards-due } за ложную поимку
    [creeper] берёт ещё { render-cards-due } из-за Крипера
    [downpour] берёт { render-cards-due } из-за Ливня
    [slap] берёт { render-cards-due } за последний хлопок
    [slap_alone] берёт { render-cards-due } за последний хлопок (больше никто не хлопнул)
    [no_slap] берёт { render-cards-due } за пропущенный хлопок
    [silence] берёт { render-cards-due } за нарушение тишины
    [start] берёт { render-cards-due } в начале раунда
    [cover] берёт { render-cards-due }, чтобы покрыть восьмёрку
   *[other] берёт { render-cards-due }
}
narrate-cards-drawn = { $reason ->
    [penalty] { $name } берёт штраф: { cards-count-due }.
    [challenge] { $name } берёт { render-cards-due } после оспаривания.
    [uno] { $name } берёт { render-cards-due } за забытое «УНО!».
    [false_catch] { $name } берёт { render-cards-due } за ложную поимку.
    [creeper] { $name } берёт ещё { render-cards-due } из-за Крипера.
    [downpour] { $name } берёт { render-cards-due } из-за Ливня.
    [slap] { $name } берёт { render-cards-due } за последний хлопок.
    [slap_alone] { $name } берёт { render-cards-due } за последний хлопок: больше никто не хлопнул.
    [no_slap] { $name } берёт { render-cards-due } за пропущенный хлопок.
    [silence] { $name } берёт { render-cards-due } за нарушение тишины.
    [start] { $name } берёт { render-cards-due } в начале раунда.
    [cover] { $name } берёт { render-cards-due }, чтобы покрыть восьмёрку.
   *[other] { $name } берёт { render-cards-due }.
}
narrate-nothing-drawn = { $name } ничего не берёт: карты кончились.
narrate-nothing-drawn-together = { $names } ничего не берут: карты кончились.
narrate-nothing-drawn-ended = { $ended ->
    [passed] { $name } ничего не берёт (карты кончились) и пасует.
   *[skipped] { $name } ничего не берёт (карты кончились) и пропускает ход.
}
narrate-passed = { $name } пасует.
narrate-colour-chosen = { $name } выбирает цвет: { $colour }.
narrate-colour-set = Теперь цвет: { $colour }.
narrate-uno-called = 📣 { $name }: УНО!
# игрок сам кричит «УНО!» после своей карты, в её строке, до того, чего она ждала (покрытия, цвета...)
narrate-called = , кричит «УНО!»
narrate-caught = 🎯 { $catcher } ловит игрока { $name } без «УНО!».
narrate-false-catch = { $name } пытается поймать, но ловить некого.
# с картами, которых она стоила, и Крипером среди них, как в narrate-taken-creeper: одной строкой
narrate-false-catch-drawn = { $name } пытается поймать, но ловить некого: берёт { render-cards-due }{ $found ->
    [0] .
   *[other] { $count ->
        [1] , и это Крипер
       *[other] , а среди них { $creepers_among }
    }{ $extra ->
        [0] .
       *[other] : берёт ещё { $extra_cards }.
    }
}
# $deleted: аккаунт того, чью карту оспаривают, удалён, его имени больше нет («карту игрока Удалённый аккаунт»)
narrate-challenge-guilty = { $deleted ->
    [yes] { $challenger } оспаривает карту игрока с удалённым аккаунтом: это был блеф!
   *[no] { $challenger } оспаривает карту игрока { $challenged }: это был блеф!
}
narrate-challenge-innocent = { $deleted ->
    [yes] { $challenger } оспаривает карту игрока с удалённым аккаунтом: всё честно.
   *[no] { $challenger } оспаривает карту игрока { $challenged }: всё честно.
}
# оспаривание и то, что оно отменило и чего стоило, в одной строке ($lead в narrate-challenge-told): чью
# карту оспорили и что это было
narrate-challenge-lead = { $guilty ->
    [yes] { $deleted ->
        [yes] { $challenger } оспаривает карту игрока с удалённым аккаунтом, и это блеф
       *[no] { $challenger } оспаривает карту игрока { $challenged }, и это блеф
    }
   *[no] { $deleted ->
        [yes] { $challenger } оспаривает карту игрока с удалённым аккаунтом, но всё честно
       *[no] { $challenger } оспаривает карту игрока { $challenged }, но всё честно
    }
}
# $lead: narrate-challenge-lead. При экстремальном оспаривании блефующий ($name) забирает карту обратно
# ($card: returned) или снова действует прежний цвет ($colour: colour; карта остаётся в сбросе); либо ни то ни
# другое (none). $cost: карты, которые $name берёт ($count; $due: сколько полагалось, когда карт не хватило;
# took), ни одной (nothing: карты кончились), карты, которые никто не берёт (void: блефующий вышел; $deleted:
# yes, если его аккаунт удалён и имени больше нет), или о них следующая строка (apart: среди них Крипер).
# Честная карта: карты берёт оспоривший ($name); $ended: yes, если он ещё и пропускает ход
narrate-challenge-told = { $lead }: { $undone ->
    [returned] { $name } забирает { $card } обратно{ $cost ->
        [took] { " " }и берёт { render-cards-due }.
        [nothing] , а больше ничего не берёт (карты кончились).
       *[apart] .
    }
    [colour] цвет снова { $colour }{ $cost ->
        [took] , а { $name } берёт { render-cards-due }.
        [nothing] , а { $name } ничего не берёт (карты кончились).
        [void] , а { render-cards-taken } никто не берёт — { $deleted ->
            [yes] игрока уже нет в игре
           *[no] { $name } уже не в игре
        }.
       *[apart] .
    }
   *[none] { $cost ->
        [nothing] { $name } ничего не берёт (карты кончились){ $ended ->
            [yes] { " " }и пропускает ход.
           *[no] .
        }
        [void] { $deleted ->
            [yes] игрока уже нет в игре
           *[no] { $name } уже не в игре
        }, так что { render-cards-taken } никто не берёт.
       *[took] { $name } берёт { render-cards-due }{ $ended ->
            [yes] { " " }и пропускает ход.
           *[no] .
        }
    }
}
narrate-card-returned = { $name } забирает { $card } обратно.
# цвет пойманного блефа отменён при экстремальном оспаривании, а карта осталась в сбросе (её игрок вышел
# или сброс с тех пор перемешан): верхняя карта всё ещё показывает блеф
narrate-colour-reverted = Цвет возвращается к прежнему: { $colour }.
# взятые карты и конец хода после них, в одной строке
narrate-drawn-and-ended = { $reason ->
    [turn] { $name } берёт { render-cards-due } и пасует.
    [penalty] { $name } берёт штраф ({ cards-count-due }) и пропускает ход.
   *[challenge] { $name } берёт { render-cards-due } после оспаривания и пропускает ход.
}
narrate-skipped = { $name } пропускает ход.
narrate-direction-changed = Направление меняется: { $arrow }
narrate-cover-required = { $name }: нужно покрыть восьмёрку.
narrate-hands-swapped = { $name } меняется картами с игроком { $target }.
narrate-hands-rotated = { $pair ->
    [yes] Игроки меняются картами.
   *[no] Все передают карты дальше { $arrow }
}
# карты, переданные после нуля, за картой, которая это сделала ($passed в строках выше): вдвоём ($pair) — обмен
narrate-passed-on = { $pair ->
    [yes] игроки меняются картами.
   *[no] все передают карты дальше { $arrow }
}
# Криперы, вытянутые разом ($count): что вытянуто (винительный: «вытягивает двух Криперов») и кто среди
# взятых карт (именительный: «а среди них два Крипера») — $creepers и $creepers_among строк ниже
narrate-creepers = { $count ->
    [1] Крипера
    [2] двух Криперов
    [3] трёх Криперов
    [4] четырёх Криперов
   *[other] { $count ->
        [one] { $count } Крипера
        [few] { $count } Крипера
       *[many] { $count } Криперов
    }
}
narrate-creepers-among = { $count ->
    [1] Крипер
    [2] два Крипера
    [3] три Крипера
    [4] четыре Крипера
   *[other] { $count ->
        [one] { $count } Крипер
        [few] { $count } Крипера
       *[many] { $count } Криперов
    }
}
narrate-creeper = 🧨 { $name } вытягивает { $creepers }!
narrate-creeper-drawn = 🧨 { $name } вытягивает { $creepers } и берёт ещё { render-cards-due }.
# взятые на ходу карты, а среди них Криперы ($drawn: сколько взято; $drawn_cards: их число словами;
# $creepers_among), с картами, которые они добавили ($count; $due: сколько должны были, если карт не хватило;
# took), и пасом в конце хода (ended) или сразу
# сыгранной взятой картой ($card: narrate-creeper-played-again) и выбранным для неё цветом ($colour;
# took-played-colour; played — Криперы не добавили карт); alone: они не добавили ни одной (карты кончились)
# или пока не добавили, ended-alone: ни одной, и пас
narrate-turn-creeper = { $drawn ->
    [1] { $move ->
        [took] 🧨 { $name } вытягивает Крипера и берёт ещё { render-cards-due }.
        [ended] 🧨 { $name } вытягивает Крипера, берёт ещё { render-cards-due } и пасует.
        [ended-alone] 🧨 { $name } вытягивает Крипера и пасует.
        [took-played] 🧨 { $name } вытягивает Крипера, берёт ещё { render-cards-due } и играет { $card }.
        [took-played-colour] 🧨 { $name } вытягивает Крипера, берёт ещё { render-cards-due }, играет { $card } и выбирает цвет: { $colour }.
        [played] 🧨 { $name } вытягивает Крипера и играет { $card }.
        [played-colour] 🧨 { $name } вытягивает Крипера, играет { $card } и выбирает цвет: { $colour }.
       *[alone] 🧨 { $name } вытягивает Крипера!
    }
   *[other] { $move ->
        [took] 🧨 { $name } берёт { $drawn_cards }, а среди них { $creepers_among }: берёт ещё { render-cards-due }.
        [ended] 🧨 { $name } берёт { $drawn_cards }, а среди них { $creepers_among }: берёт ещё { render-cards-due } и пасует.
        [ended-alone] 🧨 { $name } берёт { $drawn_cards }, а среди них { $creepers_among }, и пасует.
        [took-played] 🧨 { $name } берёт { $drawn_cards }, а среди них { $creepers_among }: берёт ещё { render-cards-due } и играет { $card }.
        [took-played-colour] 🧨 { $name } берёт { $drawn_cards }, а среди них { $creepers_among }: берёт ещё { render-cards-due }, играет { $card } и выбирает цвет: { $colour }.
        [played] 🧨 { $name } берёт { $drawn_cards }, а среди них { $creepers_among }, и играет { $card }.
        [played-colour] 🧨 { $name } берёт { $drawn_cards }, а среди них { $creepers_among }, играет { $card } и выбирает цвет: { $colour }.
       *[alone] 🧨 { $name } берёт { $drawn_cards }, а среди них { $creepers_among }!
    }
}
# карты, взятые не на ходу, а среди них Криперы ($taken: narrate-taken-for; $drawn: сколько взято;
# $creepers_among), с картами, которые они добавили ($count; $due: сколько должны были, если карт не хватило;
# took), и пропуском хода в конце штрафа (ended);
# alone: они не добавили ни одной (карты кончились) или пока не добавили, ended-alone: ни одной, и пропуск хода
narrate-taken-creeper = 🧨 { $name } { $taken }{ $drawn ->
    [1] , и это Крипер
   *[other] , а среди них { $creepers_among }
}{ $move ->
    [took] : берёт ещё { render-cards-due }.
    [ended] : берёт ещё { render-cards-due } и пропускает ход.
    [ended-alone] { $drawn ->
        [1] ; { $name } пропускает ход.
       *[other] , и пропускает ход.
    }
   *[alone] !
}
# что Ливень стоит всем остальным (по $count карт), для $soaked; $short: yes, если карты кончились раньше, чем
# все их получили (кто взял меньше, скажут следующие строки)
narrate-soaked = { $short ->
    [yes] все остальные должны взять { render-cards-taken }, но столько карт не осталось
   *[no] все остальные берут { render-cards-taken }
}
# Ливень ($card: назван, как любая сыгранная карта, покрытая им восьмёрка — вместе с тем, чем её покрыли;
# $soaked: narrate-soaked); строка не начинается с 🌧: он есть на самой карте («🌧 Ann играет 🌧 +2» — дважды)
narrate-downpour = { $name } { $drawn ->
    [0] { narrate-plays }
   *[other] берёт { $drawn_cards } и играет
} { $card }: { $soaked }.
# строка Ливня с цветом, который выбрал сыгравший его (может быть, следующим нажатием)
narrate-downpour-colour = { $name } { $drawn ->
    [0] { narrate-plays }
   *[other] берёт { $drawn_cards } и играет
} { $card }: { $soaked }, а { $name } выбирает { $colour } цвет.
# Ливень отдельно от своей карты (его событие карты не называет)
narrate-downpour-alone = 🌧 Ливень от игрока { $name }: { $soaked }.
narrate-slap-started = 👋 Ноль! Хлопайте все!
narrate-no-slap-together = { $names } не хлопнули: каждый берёт { render-cards-taken }.
# семёрка ($card: названа, как любая сыгранная карта; покрытая ею восьмёрка — вместе с тем, чем её покрыли)
narrate-silence-started = 🤫 { $name } { $drawn ->
    [0] { narrate-plays }
   *[other] берёт { $drawn_cards } и играет
} { $card }: в чате тишина!
# тишина отдельно от семёрки, с которой началась: кто её сыграл, сказано строкой выше
narrate-silence = 🤫 В чате тишина!
narrate-silence-ended = Тишина окончена.
narrate-silence-broken = { $name } нарушает тишину.
# карты за нарушенную тишину ($count), среди них $found Криперов (0 — ни одного; $creepers_among — словами) и
# $extra карт, которые они добавили ($extra_cards — словами)
narrate-silence-broken-drawn = 🤫 { $name } нарушает тишину: берёт { render-cards-due }{ $found ->
    [0] .
   *[other] { " " }(среди них { $creepers_among }){ $extra ->
        [0] .
       *[other] { " " }и ещё { $extra_cards }.
    }
}
# кто не успел сделать ход, для narrate-timed-out; $what: на что не хватило времени — на весь ход или на то,
# что от него осталось после сыгранной карты (цвет Дикой или Ливня, обмен по семёрке, покрытие восьмёрки);
# $count: сколько раз подряд не успел, с этим вместе (не «пропустил»: ход пропускают из-за «Пропуска» или +2,
# и это не считается)
narrate-timed-out-who = ⏱ { $name } не успевает { $what ->
    [colour] выбрать цвет
    [swap] выбрать, с кем меняться
    [cover] покрыть восьмёрку
   *[turn] сделать ход
}{ $count ->
    [1] { "" }
   *[other] { $what ->
        [turn] { " " }уже { $count } { $count ->
            [few] раза
           *[other] раз
        } подряд
       *[other] { " " }(время вышло уже { $count } { $count ->
            [few] раза
           *[other] раз
        } подряд)
    }
}
# взятые карты без того, кто их взял: игрой за не успевшего сходить или им самим, пока время не вышло
# (narrate-timed-out, narrate-timed-out-played), чтобы покрыть восьмёрку (narrate-cover, narrate-cover-awaited): $count карт, среди них
# $found Криперов (0 — ни одного; $creepers, $creepers_among — словами) и $extra карт, которые они добавили
# ($extra_cards — словами)
narrate-drew = { $found ->
    [0] { $reason ->
        [penalty] берёт штраф ({ cards-count-due })
       *[other] берёт { render-cards-taken }
    }
   *[other] { $reason ->
        [penalty] берёт штраф ({ cards-count-due }, среди них { $creepers_among }){ $extra ->
            [0] { "" }
           *[other] , а потом ещё { $extra_cards }
        }
       *[other] { $count ->
            [1] вытягивает { $creepers }{ $extra ->
                [0] { "" }
               *[other] , берёт ещё { $extra_cards }
            }
           *[other] берёт { render-cards-taken } (среди них { $creepers_among }){ $extra ->
                [0] { "" }
               *[other] , а потом ещё { $extra_cards }
            }
        }
    }
}
# пропущенный ход перед тем, что игра сделала за игрока, для narrate-timed-out и narrate-timed-out-played
# ($who: narrate-timed-out-who); -colour: стартовая карта — Дикая, сперва цвет, выбранный за игрока по
# таймеру, затем его ход. Тире, а не двоеточие: двоеточием сыгранная за игрока карта соединена с тем, что
# она сделала («играет 🟥 Пропуск: Cleo пропускает ход»), а двоеточие в строке одно
narrate-timed-out-lead = { $who } —
narrate-timed-out-lead-colour = { $who } — теперь цвет { $colour };
# $who: narrate-timed-out-who, $lead: narrate-timed-out-lead. $move: что игра сделала за игрока, в той же
# строке: взяла карты или штраф ($drew: narrate-drew; а то и спасовала или пропустила его ход), не
# нашла карт, чтобы взять (а то и спасовала), спасовала, выбрала цвет, обменялась картами, игрок выбыл
# (слишком много раз подряд не успел сделать ход); alone — ничего
narrate-timed-out = { $move ->
    [drew] { $lead } { $drew }.
    [drew-passed] { $lead } { $drew } и пасует.
    [drew-skipped] { $lead } { $drew } и пропускает ход.
    [nothing] { $lead } ничего не берёт (карты кончились).
    [nothing-passed] { $lead } ничего не берёт (карты кончились) и пасует.
    [passed] { $who } и пасует.
    [colour] { $lead } теперь цвет { $colour }.
    [swap] { $lead } меняется картами с игроком { $target }.
    [removed] { $who } и выбывает из игры.
   *[alone] { $who }.
}
# карта, которой покрыли восьмёрку (eight_cover), после восьмёрки в её строке: своей, сыгранной вмешательством
# или сыгранной игрой за игрока, не успевшего сходить ($covers в narrate-timed-out-played); $card — в
# творительном падеже (render-card-wild-with: «🌈 Дикой», «картой 🟥 8»); $count: сколько карт взято, чтобы её
# покрыть, может быть 0 ($drew: narrate-drew); $at: первая, или следующая, покрывшая карту перед ней, а за ней
# ещё одна с руки (next) или нет (last); $called: yes, если перед ней игрок прокричал «УНО!» (narrate-called
# уже сказано): тогда «и покрывает ту», а не «а ту —», где пропущенным глаголом стал бы «кричит»; $then: and,
# если строка продолжится через «и» («и выбирает цвет»): тогда «берёт 2 карты, покрывает её», а не два «и» подряд
narrate-cover = { $at ->
    [first] , затем { $count ->
        [0] покрывает её { $card }
       *[other] { $then ->
            [and] { $drew }, покрывает её { $card }
           *[none] { $drew } и покрывает её { $card }
        }
    }
   *[other] { $count ->
        [0] { $called ->
            [yes] { " " }и покрывает ту { $card }
           *[no] { $at ->
                [next] , ту — { $card }
               *[last] , а ту — { $card }
            }
        }
       *[other] , затем { $then ->
            [and] { $drew }, покрывает её { $card }
           *[none] { $drew } и покрывает её { $card }
        }
    }
}
# покрытие, которого восьмёрка ещё ждёт, после неё и $before покрытий в её строке (narrate-cover): пока
# ничего не взято (awaited), взято $count карт, чтобы её покрыть (drawing; $drew: narrate-drew, среди них $found
# Криперов — покрытие ещё впереди), или взято и ни одна не подошла, так что ход переходит дальше (passed:
# колода кончилась)
narrate-cover-awaited = { $state ->
    [drawing] , затем { $drew }{ $found ->
        [0] , чтобы её покрыть
       *[other] { "" }
    }
    [passed] , затем { $drew } и пасует
   *[awaited] { $before ->
        [0] , которую нужно покрыть
       *[other] , которую тоже нужно покрыть
    }
}
# Крипер, вытянутый и сразу сыгранный: $card в narrate-timed-out-played и narrate-turn-creeper после взятых
# карт ($count: сколько взято, Крипер среди них), чтобы не называть его дважды
narrate-creeper-played-again = { $count ->
    [1] его
   *[other] этого Крипера
}
# force_play: игра сыграла за игрока взятую карту ($card; $move: drew-played, $drew: narrate-drew — взяла
# игра или сам игрок) или карту с руки, чтобы покрыть его восьмёрку (played); $covers: чем она
# покрыла сыгранные восьмёрки (по narrate-cover на каждую, или ничего; narrate-cover-awaited — пас); и что последняя карта сразу
# сделала ($effect): кого пропустила ($skipped, их $count), направление, цвет, выбранный игрой, тишина или
# обмен от семёрки, передача карт от нуля, Ливень ($soaked: narrate-soaked)
narrate-timed-out-played = { $move ->
    [played] { $lead } играет
   *[drew-played] { $lead } { $drew } и играет
} { $card }{ $covers }{ $effect ->
    [skipped] : { $skipped } { $count ->
        [one] пропускает
       *[other] пропускают
    } ход.
    [reversed] : направление меняется на { $arrow }
    [colour] : теперь цвет { $colour }.
    [silence] : 🤫 в чате тишина!
    [swapped] , а затем меняется картами с игроком { $target }.
    [rotated] : { $passed }
    [downpour] : { $soaked }.
    [downpour-colour] : { $soaked }, а цвет теперь { $colour }.
   *[none] .
}
narrate-player-left = { $name } выходит из игры.
narrate-player-left-group = { $name } покидает группу, а значит, и игру.
narrate-player-account-deleted = Аккаунта одного из игроков больше нет в Telegram: игрок выходит из игры.
narrate-player-removed = { $name } не успевает сделать ход слишком много раз подряд и выбывает из игры.
narrate-player-kicked = Игрока { $name } убрали из игры.
narrate-runs-now = 🔑 Теперь игру ведёт { $name } (/stop, /kick).
# штраф, который ждал вышедшего из игры ($name; +2, +4 или цепочка, $count карт), или карты за его блеф,
# оспоренный после его выхода: их никто не берёт
narrate-penalty-voided = Штраф игрока { $name } ({ cards-count }) сгорает: его никто не берёт.
# то же для игрока, чей аккаунт удалён: его имени больше нет
narrate-penalty-voided-deleted = Штраф игрока с удалённым аккаунтом ({ cards-count }) сгорает: его никто не берёт.
narrate-reshuffled = Сброс перемешан и стал новой колодой ({ cards-count }).
narrate-round-ended = 🏁 { $name } выигрывает раунд { $round }.
narrate-match-ended = { $count ->
    [one] 🏆 { $names } выигрывает матч!
   *[other] 🏆 { $names } делят победу!
}

## Выбор сдающего, конец раунда, конец матча

dealer-draw-title = 🎴 <b>Выбор сдающего</b> (сдаёт тот, у кого число больше всех):
# тянут ещё раз игроки, у которых поровну наибольшее число ($who: оба из двоих, все из большего числа или часть)
dealer-draw-tie = Ничья! { $who ->
    [both] Оба игрока тянут ещё раз:
    [all] Все тянут ещё раз:
   *[some] Эти игроки тянут ещё раз:
}
dealer-draw-line = { $name }: { $card }
# карта действия или чёрная, вытянутая при выборе сдающего, в $card строки dealer-draw-line: она считается за 0
dealer-draw-zero = { $card } (считается за 0)
dealer-draw-dealer = <b>Сдаёт { $name }.</b>
round-end-title = 🏁 <b>Раунд { $round }: побеждает { $name }!</b>
round-end-stalled = 🏁 <b>Раунд { $round }: карты кончились, побеждает { $name } (меньше всего очков).</b>
# над строками: что значит их «+N» (winner_takes; -own: подсчёт own_hand); $players: игроков в раунде
round-end-scoring = { $players ->
    [2] Победитель получает очки карт, оставшихся на руке у соперника:
   *[other] Победитель получает очки карт, оставшихся на руках у остальных:
}
round-end-scoring-own = Каждый получает очки карт, оставшихся у него на руке:
# строка игрока: $parts — те из ключей ниже, которым есть что сказать, через « · »
round-end-line = { $name }: { $parts }
# очки карт, оставшихся на руке (заголовок над строками называет их очками)
round-end-in-hand = на руке { $count }
# рука из одного нуля, которую правило «Одинокий ноль» считает за 100
round-end-in-hand-lone-zero = одинокий 0 = { $count }
# сколько раунд добавил к счёту игрока (0 не пишется)
round-end-gain = +{ $count }
# подсчёт own_hand: 100 за одинокий ноль, добавленные к счёту его игрока
round-end-gain-lone-zero = +{ $count } за одинокий 0
round-end-total = счёт <b>{ $total }</b>
round-end-target = 🎯 Матч выигрывает тот, кто первым наберёт { points-count }.
round-end-target-lowest = 🎯 Матч закончится, когда кто-то наберёт { points-count }; побеждает меньший счёт.
match-end-title = { $count ->
    [one] 🏆 <b>{ $names } выигрывает матч!</b>
   *[other] 🏆 <b>{ $names } делят победу!</b>
}
# $out: сколько других игроков вышли или были убраны; $name: единственный соперник в дуэли (без рода:
# «больше не в игре»)
match-end-walkover = { $out ->
    [1] 🏆 <b>{ $names } выигрывает матч:</b> { $name } больше не в игре.
   *[other] 🏆 <b>{ $names } выигрывает матч:</b> остальные игроки выбыли из игры.
}
# под заголовком выигранного матча: победитель (при общей победе — один из них) убрал из игры того, кто ещё
# играл (/kick)
match-end-void-kick = Матч никому не засчитан: { $shared ->
    [yes] один из победителей
   *[no] победитель
} убрал из игры того, кто ещё играл.
match-end-stopped = ⏹ <b>Игра остановлена.</b>
match-end-stopped-computers = ⏹ <b>Игра остановлена:</b> в ней остались только компьютерные игроки.
match-end-stopped-idle = ⏹ <b>Игра остановлена:</b> никто больше не играл, победителя нет.
# остановка после часа без ходов (без таймера хода), с именем того, чьего хода ждали: это его поражение
match-end-stopped-waited-for = ⏹ <b>Игра остановлена:</b> целый час никто не ходил. Поражение засчитано тому, чей был ход, — { $name }. Остальным матч не засчитывается.
match-end-stopped-kicked = ⏹ <b>Игра остановлена:</b> последнего соперника убрали из игры, победителя нет.
match-end-stopped-gone = ⏹ <b>Игра остановлена:</b> я больше не мог сюда писать.
match-end-standings = Итоги:
# подсчёт own_hand: итоги выигранного матча, остановленного
match-end-standings-lowest = Итоги (побеждает меньший счёт):
match-end-standings-lowest-stopped = Итоги (сначала меньший счёт):
match-end-no-score = Итоги: очков никто не набрал.
match-end-line = { $place } { $name }: <b>{ $total }</b>
# под итогами остановленной игры, без места: игрок, который вышел из неё (или выбыл, пропустив ходы), и его счёт
match-end-line-out = — { $name }: <b>{ $total }</b> (больше не в игре)
button-play-again = 🔁 Сыграть ещё

## Отказы: всплывающие ответы на кнопки (простой текст, не больше 200 символов)

refusal-stale = Эта кнопка устарела. Воспользуйтесь последним сообщением.
alert-message-stale = Это сообщение устарело: отправьте { $command }, чтобы открыть его заново.
refusal-not-your-button = Эта кнопка не для вас.
refusal-not-a-player = Вы не играете в этой игре.
# говорится там, где игра (на её кнопках, в ответ на команду там), или пересылается из закрытой темы: без «в группе»,
# из-за которого читающий в теме форума шёл в другую (в «Общую»)
refusal-not-in-match = Вы не играете в этой игре. Дождитесь её конца или отправьте /notifyme: я напишу вам, когда откроется следующая.
refusal-not-in-match-awaited = Вы не играете в этой игре. { notify-next-game-awaited }
refusal-no-longer-in-match = { hand-not-playing }
refusal-paused = Игра на паузе, пока её тема закрыта. Она продолжится, когда тему откроют снова.
refusal-paused-muted = Игра на паузе, пока мне снова не разрешат писать в её группу.
refusal-not-paused = Эта игра уже не на паузе: чтобы выйти из неё, отправьте /leave в её теме.
# то же об игре, которая была на паузе, пока её группа не пускала сообщения бота
refusal-not-paused-muted = Эта игра уже не на паузе: чтобы выйти из неё, отправьте /leave там, где она идёт.
refusal-no-game = Эта игра уже закончилась.
# нажатие в игре, закрытой до начала (например, все вышли), когда в её чате уже открыта новая (иначе отказ говорит
# то же, что сообщение закрытой игры: gameplay-lobby-closed-*)
refusal-lobby-closed-new-open = Эта игра закрыта. Здесь уже открыта новая: нажмите «{ $join }» под ней, ниже в чате.
# её сохранённое состояние испорчено (правили вручную или сохранила более новая версия бота)
refusal-game-unreadable = Сохранённые данные этой игры не читаются, продолжить её нельзя. Ведущий игры или администратор чата может завершить её командой /stop там, где она идёт.
refusal-stop-asked-in-lobby = Игра началась уже после этого вопроса, поэтому она продолжается. Чтобы её остановить, отправьте /stop ещё раз.
refusal-stop-answered = На этот вопрос уже ответили. Чтобы остановить игру, отправьте /stop ещё раз.
refusal-not-admin = Это может только ведущий игры (🔑) или администратор чата.
refusal-not-manager = Это может только ведущий игры ({ $name }) или администратор чата.
refusal-lobby-full = В игре нет свободных мест.
refusal-already-joined = Вы уже в игре.
refusal-lobby-toggles-too-fast = Вы слишком часто входите в игру и выходите из неё. Попробуйте через несколько секунд.
refusal-computer-toggles-too-fast = Вы слишком часто добавляете и убираете компьютерных игроков. Попробуйте через несколько секунд.
refusal-opening-too-fast = Вы слишком часто открываете игры. Попробуйте через несколько секунд.
refusal-not-in-group = В игру могут войти только участники группы.
refusal-no-computer = Этот компьютер уже убран из игры.
refusal-need-two-players = Для начала нужно хотя бы два игрока: подождите, пока кто-нибудь присоединится, или нажмите «{ $add_computer }».
# $names: те, кого ждут (первые несколько и сколько ещё), $count: сколько их; $blocked: все (all), некоторые
# (some) или никто (none) из них заблокировали бота (тогда в чате с ним кнопка приложения «Перезапустить», а не
# «Запустить»). Это всплывающее окно: не больше 200 символов вместе с именами
refusal-joiners-on-their-way = Ждём, пока { $names } { $count ->
    [1] нажмёт
   *[other] нажмут
} { $blocked ->
    [all] «Перезапустить»
    [some] «Запустить» или «Перезапустить»
   *[none] «Запустить»
} в чате со мной. Чтобы не ждать, нажмите «{ $start }» ещё раз.
refusal-game-running = Игра уже началась.
refusal-too-late-to-join = Игра уже началась. { notify-next-game }
refusal-too-late-to-join-awaited = Игра уже началась. { notify-next-game-awaited }
refusal-lobby-left-started = Игра уже началась. Чтобы выйти из неё, отправьте /leave здесь.
refusal-nobody-to-catch = Сейчас некого ловить.
refusal-catch-too-late = Поздно: игрока { $target } уже нельзя поймать.
# окно, где нажали «Поймать!», закрыл ход самого нажавшего: его карта, взятая карта или оспаривание
refusal-catch-closed-by-you = Поздно: вы уже сходили, и игрока { $target } больше нельзя поймать.
refusal-catch-yourself = Это вас могут поймать: нажмите «{ $uno }».
refusal-caught-first = Поздно: игрок { $first } уже поймал игрока { $target }.
refusal-caught-you-first = Поздно: вас уже поймал игрок { $first }.
refusal-uno-called-first = Поздно: игрок { $first } уже сказал «УНО!».
refusal-jumped-in-first = Поздно: игрок { $first } вмешался раньше. Воспользуйтесь последним сообщением.
refusal-played-first = Поздно: игрок { $first } сходил раньше. Воспользуйтесь последним сообщением.
refusal-drew-first = Поздно: игрок { $first } уже взял из колоды. Воспользуйтесь последним сообщением.
refusal-ran-out-of-time = Поздно: время хода игрока { $first } вышло, игра пошла дальше. Воспользуйтесь последним сообщением.
refusal-turn-timed-out = Поздно: время на этот ход вышло. Воспользуйтесь последним сообщением.
refusal-round-won-first = Поздно: раунд окончен, его выиграл игрок { $first }. Дождитесь следующей раздачи.
refusal-unknown = Сейчас так нельзя.
refusal-match-over = Матч окончен.
refusal-round-over = Раунд окончен; дождитесь следующей раздачи.
refusal-not-your-turn = Сейчас не ваш ход.
refusal-decision-pending = Подождите: сейчас выбирают цвет или игрока для обмена.
# нажатие, пока другой игрок ($name) выбирает цвет или того, с кем поменяться картами
refusal-colour-being-chosen = Подождите: { $name } выбирает цвет.
refusal-swap-being-chosen = Подождите: { $name } выбирает, с кем поменяться картами.
refusal-no-decision = Сейчас нечего выбирать.
refusal-card-not-in-hand = Этой карты у вас уже нет.
refusal-card-not-playable = Эта карта не подходит к верхней. Сыграйте карту с ▶ (того же цвета, с тем же числом или знаком либо чёрную) или нажмите «{ button-draw }».
refusal-black-on-black = По этим правилам чёрную карту нельзя класть на чёрную.
refusal-wild-not-allowed = У вас есть карта нужного цвета, поэтому эту карту играть нельзя.
refusal-only-drawn-card = Можно сыграть только взятую карту.
refusal-must-play-drawn = Взятую карту нужно сыграть.
refusal-already-drawn = Вы уже брали карту в этот ход.
refusal-must-draw-first = Прежде чем пасовать, возьмите карту.
refusal-cannot-draw-can-cover = Вам есть чем покрыть восьмёрку, брать нельзя.
refusal-penalty-pending = Сначала возьмите штраф, оспорьте его или добавьте карту.
refusal-penalty-take = Сначала возьмите штраф: добавить к нему нечего.
refusal-penalty-take-or-challenge = Сначала возьмите штраф или оспорьте его: добавить к нему нечего.
refusal-penalty-take-or-add = Сначала возьмите штраф или добавьте карту (▶), чтобы передать его дальше.
# нажатие того, кому достанется штраф чёрной карты ($count карт), пока для неё выбирают цвет ($name), с тем, что
# он сможет сделать потом
refusal-colour-then-take = { $name } выбирает цвет. Потом ваш ход: взять { render-cards-taken }.
refusal-colour-then-take-or-challenge = { $name } выбирает цвет. Потом ваш ход: взять { render-cards-taken } или оспорить карту.
refusal-colour-then-take-or-add = { $name } выбирает цвет. Потом ваш ход: взять { render-cards-taken } или передать штраф дальше картой (▶).
refusal-colour-then-penalty = { $name } выбирает цвет. Потом ваш ход: взять { render-cards-taken }, передать штраф дальше картой (▶) или оспорить карту.
refusal-choose-colour-first = Сначала выберите цвет.
refusal-choose-swap-first = Сначала выберите, с кем поменяться картами.
refusal-cannot-stack = Эту карту нельзя добавить к штрафу.
refusal-nothing-to-challenge = Оспаривать нечего.
refusal-no-penalty = Штрафа нет.
refusal-invalid-colour = Выберите один из четырёх цветов.
refusal-invalid-target = Выберите другого игрока этой игры.
refusal-jump-in-closed = Сейчас не ваш ход, и вмешаться уже поздно: это можно, только пока следующий игрок не сделал ход.
refusal-not-identical = Сейчас не ваш ход. Не в свой ход можно только вмешаться точно такой же картой, как верхняя (тот же цвет и то же число или знак): она отмечена ⚡.
refusal-multi-play-off = В этой игре нельзя играть несколько карт за ход.
refusal-invalid-multi-play = Эти карты нельзя сыграть вместе.
refusal-cannot-call-uno = «УНО!» можно сказать с двумя картами в свой ход или с одной картой. Чтобы поймать того, кто не сказал, нажмите «{ $catch }».
refusal-uno-already-called = Вы уже сказали «УНО!».
refusal-uno-too-late = Поздно: время сказать «УНО!» вышло.
refusal-uno-not-now = «УНО!» говорят с двумя картами в свой ход, перед тем как сыграть одну из них, или с одной картой.
refusal-no-slap-window = Сейчас хлопать не нужно.
refusal-slap-too-late = Поздно: время хлопнуть вышло, и вы взяли карты за пропущенный хлопок.
refusal-already-slapped = Вы уже хлопнули.
refusal-no-silence = Тишины сейчас нет.
refusal-timeout-not-due = Время ещё не вышло.
# список групп в ответе в личном чате (жирные, через запятую), если их больше десяти
chats-and-more = { $chats } и ещё { $count ->
    [one] { $count } чат
    [few] { $count } чата
   *[many] { $count } чатов
}
