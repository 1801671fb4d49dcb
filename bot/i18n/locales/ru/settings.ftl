## Меню настроек, /rules и /lang. Тексты — HTML Telegram; значения, которые вставляет код, экранированы.
## Ключи правил повторяют имена движка: setting-<name>, setting-<name>-about, setting-<name>-<choice>,
## setting-<name>-value (число в $count); у переключателя, включённого по умолчанию, есть и setting-<name>-about-off,
## а у выбора может быть setting-<name>-about-<choice> (что /rules говорит об этом значении) и
## setting-<name>-<choice>-typed (через запятую: другие слова, которыми его вводят в /settings, «колода пустые»;
## у набора — preset-<name>-typed). Они не должны совпадать со словами другого значения той же настройки.
## Тест проверяет, что у каждого правила они есть на всех языках. Строка правил в лобби берёт их же.

## Меню

settings-title = ⚙️ <b>Правила этого чата</b>
# $preset: название правил, $figures: карт на руке, цель и время хода, как в строке правил лобби
settings-now = Сейчас: <b>{ $preset }</b> · { $figures }
# вместо settings-now, пока идёт матч по другим правилам, чем у чата (их изменили после его начала)
settings-now-match = Текущий матч: <b>{ $preset }</b> · { $figures }
settings-now-next = Следующий матч: <b>{ $preset }</b> · { $figures }
settings-custom = свои правила
settings-presets-header = <b>Наборы</b> (заменяют все правила):
settings-preset-line = • <b>{ $name }</b> — { $about }
settings-topics-hint = Чтобы поменять одно правило, выберите раздел ниже.
# /settings от участника, который не администратор: ему одному ($preset и $figures — как «Сейчас:» в меню)
settings-readers = ⚙️ Правила этого чата: <b>{ $preset }</b> · { $figures }. Менять их могут только администраторы чата; прочитать их все простыми словами может каждый: /rules.
# в идущем матче, начатом по другим правилам: его правила, а за ними — правила следующего (rules-next-note)
settings-readers-match = ⚙️ Правила идущего матча: <b>{ $preset }</b> · { $figures }. Менять правила чата могут только его администраторы; прочитать их все простыми словами может каждый: /rules.
settings-admins-only = <i>Менять правила могут только администраторы чата. Прочитать их все простыми словами может каждый: /rules.</i>
settings-group-title = <b>{ $group }</b>
settings-group-deck = 🃏 Колода
settings-group-play = ▶️ Ходы
settings-group-uno = 📣 «УНО!»
settings-group-timing = ⏱ Время
settings-group-match = 🏆 Матч
settings-group-extreme = 🔥 УНО Экстрим
settings-group-other = 🧩 Другое
settings-line = <b>{ $name }</b>: { $value }
settings-about = <i>{ $about }</i>
settings-open-button = { $name }: { $value } ›
settings-open-button-short = { $name } ›
settings-toggle-button = { $name }: { $value }
settings-default = По умолчанию: { $value }
settings-typed-number = Любое значение { $range } можно ввести командой: <code>/settings { $name } { $example }</code>
settings-range = от { $minimum } до { $maximum }
settings-range-seconds = от { $minimum } до { $maximum } секунд
settings-range-seconds-off = от { $minimum } до { $maximum } секунд (или { $off }, чтобы выключить)
settings-toggle-values = вкл, выкл
settings-back = « Назад
# закрывает меню: оно удаляется из группы
settings-done = Готово
# меню, нажатое, когда Telegram уже не даёт боту его удалить (через двое суток после отправки)
settings-menu-closed = ⚙️ Это меню закрыто: /settings откроет новое.
# меню, закрытое командой /settings (или /lang) другого администратора, две минуты на своём месте; $name: кто;
# $where: topic, когда новое — в другой теме форума (меню у чата одно), иначе below
settings-menu-replaced = ⚙️ Это меню закрыто: { $where ->
    [topic] новое открыл администратор { $name } в другой теме.
   *[below] ниже новое, его открыл администратор { $name }.
}
settings-menu-replaced-anonymous = ⚙️ Это меню закрыто: один из администраторов открыл новое{ $where ->
    [topic] { " " }в другой теме.
   *[below] , оно ниже.
}
settings-on = вкл.
settings-off = выкл.
settings-preset = Набор
settings-language = Язык
settings-language-about = Язык моих сообщений в этом чате. Пока его не выбрал администратор, новая группа получает язык того, кто добавил меня в неё или первым прислал мне там команду (английский, если я не пишу на его языке). На команду одного человека я отвечаю на его языке (свой язык каждый выбирает командой /lang в личном чате со мной).
settings-language-button = 🌐 Язык: { $language }
language-name-en = English
language-name-ru = Русский
# язык, названный в предложении («Язык: русский», «Ваш язык: русский»), со строчной буквы; кнопки выбора
# называют каждый язык на нём самом (language-name-*)
language-in-text-en = английский
language-in-text-ru = русский

## После изменения

# изменённое правило, как его называют меню и /rules, и его значение (без точки: значение может кончаться ею)
settings-saved = ✅ { $setting }: { $value }
settings-saved-next-match =
    ✅ { $setting }: { $value }
    Идущий матч доигрывается по своим правилам: изменение действует со следующего матча.
# форум: матч идёт не в той теме, где изменили правило
settings-saved-next-match-elsewhere =
    ✅ { $setting }: { $value }
    Матч в другой теме доигрывается по своим правилам: изменение действует со следующего матча.
# форум: в другой теме, где открыта игра (она примет изменение); ниже изменённые правила («• Время на ход: 90 секунд»)
settings-changed-elsewhere = ⚙️ В другой теме поменяли правила чата: эта игра начнётся по новым.
# форум: набор, включённый в другой теме, где открыта игра; ниже изменённые им главные числа
settings-preset-elsewhere = ⚙️ В другой теме включили набор «{ $preset }»: эта игра начнётся по его правилам.
settings-preset-applied = ✅ Набор «{ $preset }» включён.
settings-preset-figures = Набор задаёт также:
settings-running-note = Идёт матч: изменения действуют со следующего матча.
settings-running-note-elsewhere = В другой теме идёт матч: изменения действуют со следующего матча.
settings-language-set = ✅ Язык: { $language }.
settings-refused = ❌ Настройка «{ $setting }» не может принимать значение { $value }. Значения для ввода: { $values }.
settings-preset-refused = ❌ Набора «{ $value }» нет. Наборы: { $presets }.
settings-unknown = ❌ Настройки «{ $setting }» нет. Названия настроек: { $names }. Для каждой числовой настройки в /settings указан её диапазон.
settings-unknown-close = ❌ Настройки «{ $setting }» нет. Может быть, <code>{ $command }</code>?
settings-unknown-part = ❌ Настройки «{ $setting }» нет. Настройки с этим в названии: { $names }.
# правило без значения: его значение сейчас ($value), как ввести изменение и значения для ввода
settings-one =
    { $setting }: { $value }
    Поменять: <code>/settings { $name } значение</code>. Значения для ввода: { $values }.
settings-usage = Поменять правило командой: <code>/settings название значение</code> (название — как в меню), например <code>/settings время на ход 90</code>, или набор: <code>/settings домашние</code>. Или кнопками.
settings-chat-moved = ⚠️ Группа только что стала супергруппой. Пожалуйста, отправьте команду ещё раз.
# тема форума, закрытая для бота: меню не отправляется в личный чат, его кнопки для группы (ответы — closed-topic-answer)
settings-closed-topic-menu = 🔒 Тема в чате <b>{ $chat }</b>, где вы открыли настройки, для меня закрыта, и показать там меню я не могу. Отправьте команду ещё раз в открытой теме.
settings-silence-blind = ⚠️ Для «Тишины на семёрке» мне нужно видеть сообщения группы, а я их не вижу: сделайте меня администратором группы или отключите мой режим приватности (@BotFather → /setprivacy → Disable, затем добавьте меня в группу заново).
settings-no-effect = ⚠️ Пока «{ $cause }» — «{ $value }», настройка «{ $setting }» ни на что не влияет.
settings-partly = ⚠️ Пока «{ $cause }» — «{ $value }», настройка «{ $setting }» действует лишь отчасти. { $about }
# /settings название значение от ведущего (🔑) игры здесь, который не администратор: вести игру мало, а
# settings-typed-admin-only оставил бы его гадать, что ему даёт роль ведущего
settings-host-admin-only = Правила чата могут менять только администраторы, а не ведущий игры: попросите администратора. Прочитать правила: /rules.
# то же от любого другого участника, который не администратор: что он может сделать сам
settings-typed-admin-only = Правила чата могут менять только администраторы: попросите администратора. Прочитать правила: /rules.
alert-settings-admin-only = Эти кнопки — только для администраторов чата. Прочитать правила: /rules.
alert-language-admin-only = Язык чата могут менять только администраторы. А на каком языке мне писать лично вам, можно выбрать командой /lang в личном чате со мной.
lang-usage = Сменить язык чата: <code>/lang ru</code> или <code>/lang en</code> (для администраторов) или кнопками /lang.
alert-settings-saved = Сохранено.
# правило или набор изменены, пока идёт матч (в форуме — в любой из его тем)
alert-settings-saved-next-match = Сохранено: действует со следующего матча.
alert-settings-refused = Такое значение недопустимо.
# нажатие на меню, каким оно было до другого изменения (другой администратор нажал в тот же миг, двойное
# нажатие): ничего не изменилось; $setting: что нажатие хотело поменять, $value: его значение сейчас
alert-settings-changed-meanwhile = Настройки изменили перед самым вашим нажатием, поэтому оно ничего не поменяло. { $setting } сейчас: { $value }. Чтобы всё же поменять, нажмите ещё раз.

## /lang в личке

lang-private-prompt = Ваш язык: <b>{ $language }</b>. На каком языке мне вам писать?
# над вопросом, когда язык человека английский лишь потому, что язык его Telegram боту не знаком
lang-private-app-unwritten = В вашем Telegram выбран язык, на котором я не пишу, поэтому я пишу вам по-английски.
lang-private-set = ✅ Ваш язык: { $language }. Теперь я пишу вам на нём.

## /colours: буква цвета после квадрата на каждой своей карте ($cards: пятёрка каждого цвета)

command-colours = Буквы цветов на ваших картах
colours-on = Буквы цветов на ваших картах: включены. Теперь карты выглядят так: { $cards }. Чтобы выключить, отправьте /colours ещё раз.
colours-off = Буквы цветов на ваших картах: выключены. Карты снова выглядят так: { $cards }. Чтобы снова включить буквы, отправьте /colours.
colours-in-private = Буквы цветов на ваших картах настраиваются в личном чате со мной, а не здесь: откройте его и отправьте там /colours.

## /rules

rules-title = 📜 <b>Правила этого чата</b>: { $preset }
rules-title-match = 📜 <b>Правила идущего матча</b>: { $preset }
rules-title-game = 📜 <b>Правила вашей игры в чате { $chat }</b>: { $preset }
rules-title-official = 📜 <b>Официальные правила</b>
rules-official-note = <i>В группе могут играть по другим правилам: /rules в группе покажет её правила.</i>
# $rules: правила следующего матча одной строкой, как в лобби
rules-next-note = <i>Правила чата изменились после начала этого матча. Следующий матч: { $rules }</i>
# под ней: что в следующем матче иначе, чем в этом, если строка этого не говорит ($changes: «Накопление: выкл.;
# Вмешательство: вкл.»; $more: сколько ещё изменений не названо, 0 — ни одного)
rules-next-changes = <i>Что изменится: { $changes }{ $more ->
    [0] {""}
   *[other] ; и ещё { $more }
}</i>
rules-numbers-header = <b>Основное</b>
rules-line = • { $name }: { $value }
rules-deck-h2o-cards = • 🌧 Ливень +1 / +2: чёрная карта, её можно сыграть, что бы ни было на руке; вы называете цвет, а все остальные берут 1 или 2 карты. Никто не пропускает ход; оспорить или добавить к штрафу её нельзя.
rules-deck-minecraft-cards = • 🧨 Крипер: кто вытянет его из колоды, показывает его и берёт ещё 3 карты (Крипер среди этих трёх ничего не делает). Сыгранный, он — обычная «Дикая».
# Как идёт официальная игра, для тех, кто не знает УНО: отличия от неё перечислены ниже
rules-play-header = <b>Как играть</b>
rules-play-turn = • В свой ход сыграйте карту того же цвета, числа или знака, что и верхняя, либо чёрную карту. Или возьмите карту из колоды: если она подходит, её можно сразу сыграть.
rules-play-actions = • «Пропуск»: следующий игрок пропускает ход. «Разворот»: игра идёт в другую сторону (если игроков двое, действует как «Пропуск»). +2: следующий берёт 2 карты и пропускает ход.
# $challenge: можно ли оспорить +4, сыгранную при карте нужного цвета на руке (блеф; wd4_challenge)
# $fair: сколько карт берёт оспоривший честную +4; $stacking: копятся ли +4, $extra: сколько оспоривший честную
# карту берёт сверх накопленного штрафа
# $back: yes, если пойманный на блефе ещё и забирает +4 обратно (extreme_challenge)
rules-play-wilds = • 🌈 «Дикая»: вы выбираете цвет. 🌈 +4: вы выбираете цвет, а следующий берёт 4 карты и пропускает ход. { $challenge ->
    [yes] Если сыграть её, когда на руке есть карта нужного цвета, это блеф, и следующий игрок может его оспорить: пойманный на блефе { $back ->
        [yes] забирает +4 обратно и сам берёт эти 4 карты (цвет снова прежний)
       *[no] сам берёт эти 4 карты
    }, а оспоривший зря берёт { $fair } { $fair ->
            [one] карту
            [few] карты
           *[many] карт
        }{ $stacking ->
        [yes] { " " }(при накопленном штрафе: пойманный берёт весь штраф, оспоривший зря — штраф и ещё { $extra })
       *[no] { "" }
    }.
   *[no] Её можно сыграть, только когда на руке нет карты нужного цвета.
}
# $count: штраф за «УНО!»; $seconds: время на поимку, которое ход другого игрока заканчивает раньше
rules-play-uno = • Осталось две карты? Нажмите «УНО!», прежде чем сыграть одну из них, или как только останется одна. Кого с одной картой поймают без «УНО!» до хода другого игрока (и не позже чем через { $seconds }{ "\u00A0" }с), тот берёт { render-cards-taken }.
rules-play-round = • Кто первым сыграет последнюю карту, выигрывает раунд.
rules-play-points = • Очки карт: числовая карта стоит своё число, «Пропуск», «Разворот» и +2 — по 20, чёрная карта — 50.
# как выигрывается матч ($scoring: значение настройки, не single_round; $count: цель матча)
rules-play-match = • { $scoring ->
    [own_hand] В конце раунда каждый получает очки карт, оставшихся у него на руке; когда кто-то наберёт { points-count }, матч выигрывает тот, у кого очков меньше всех.
   *[winner_takes] Победитель раунда получает очки карт, оставшихся на руках у других; кто первым наберёт { points-count }, выигрывает матч.
}
rules-house-header = <b>Отличия от официальной игры</b>
rules-no-house-rules = Домашних правил нет: официальная игра.
rules-no-other-house-rules = Других домашних правил нет.
rules-house-line = { $line } — <i>{ $about }</i>

## Наборы

preset-official = Официальные правила
preset-official-about = правила Mattel без домашних правил: всё по умолчанию.
preset-house = Домашние правила
preset-house-about = +2 на +2 и +4 на +4, вмешательство одинаковой картой, обмен картами на 7 и 0.
preset-extreme = УНО Экстрим
preset-extreme-about = вмешательство, цепочки +2 и пропусков, покрытие восьмёрки, хлопок на нуле, тишина на семёрке, ограниченная «Дикая», жёсткие споры, экстрим-старт, ложная поимка стоит карту; побеждает меньший счёт, одинокий ноль стоит 100.
preset-h2o = УНО H₂O
preset-h2o-about = официальная игра с Ливнями: от Ливня карты берут все остальные.
preset-minecraft = УНО Minecraft
preset-minecraft-typed = майнкрафт
preset-minecraft-about = официальная игра с Криперами: кто вытянул Крипера, берёт ещё 3.

## Правила: колода

setting-deck = Колода
setting-deck-about = Какие карты в игре. H₂O добавляет Ливни (+1 или +2 всем остальным), Minecraft — Криперов (кто вытянул Крипера, берёт ещё 3); что делают пустые карты, задаёт следующая настройка.
setting-deck-classic = Классика, 108 карт
setting-deck-classic-typed = классика, классическая, обычная
setting-deck-classic-blank = Классика + 4 пустые карты
setting-deck-classic-blank-typed = пустые, с пустыми, с пустыми картами
setting-deck-h2o = H₂O + 4 Ливня
setting-deck-h2o-typed = ливень, ливни, с ливнями
setting-deck-minecraft = Minecraft + 4 Крипера
setting-deck-minecraft-typed = майнкрафт, крипер, криперы, с криперами
setting-blank-effect = Пустые карты
setting-blank-effect-about = Что делает пустая карта (только в колоде с пустыми картами).
setting-blank-effect-wild = простая «Дикая»
setting-blank-effect-wild-typed = дикая, простая
setting-blank-effect-draw-ten = «Дикая» +10 и пропуск хода
setting-blank-effect-draw-ten-typed = +10, дикая +10

## Правила: ходы

setting-stacking = Накопление
setting-stacking-about = Тот, кому брать штраф, может сыграть свою карту +2 или +4 и передать штраф дальше, добавив к нему свой; кто этого не сделает, берёт весь штраф.
setting-stacking-off = выкл.
setting-stacking-same = +2 на +2, +4 на +4
setting-stacking-same-typed = одинаковые, +2 на +2
setting-stacking-mixed = +2 и +4 на +2, +4 на +4
setting-stacking-mixed-typed = смешанное, любые, +2 и +4 на +2
setting-stacking-about-under-extreme-draw-chain = При цепочке +2 накапливаются только +4 на +4: +2 идёт по цепочке.
setting-jump-in = Вмешательство
setting-jump-in-about = Карту, точно такую же, как верхняя, можно сыграть вне очереди. При «вкл., эффекты складываются» (как в УНО Экстрим) перебитая карта тоже срабатывает.
# /rules: что значит выбранное значение (строка выше объясняет оба)
setting-jump-in-about-on = Тот, у кого есть карта, точно такая же, как верхняя (того же цвета и знака), может сыграть её вне очереди; игра продолжается от него.
setting-jump-in-about-extreme = Тот, у кого есть карта, точно такая же, как верхняя (того же цвета и знака), может сыграть её вне очереди, и перебитая карта тоже срабатывает.
setting-jump-in-off = выкл.
setting-jump-in-on = вкл.
setting-jump-in-extreme = вкл., эффекты складываются
setting-jump-in-extreme-typed = экстрим
setting-seven-zero = 7-0
setting-seven-zero-about = Сыгравший 7 меняется картами с выбранным игроком; после 0 все передают свои карты дальше по кругу (если игроков двое, после 7 и после 0 они просто меняются картами).
setting-multi-play = Несколько карт
setting-multi-play-about = За ход можно сыграть несколько карт с одним числом: первая должна подходить к верхней, цвет задаст последняя.
setting-draw-rule = Добор
setting-draw-rule-about = Сколько карт берёт игрок, если не ходит.
setting-draw-rule-single = одна карта
setting-draw-rule-single-typed = одна
setting-draw-rule-until-playable = пока не придёт подходящая
setting-draw-rule-until-playable-typed = до подходящей, пока не придёт
setting-force-play = Обязательный ход
setting-force-play-about = Взятую карту, которой можно сходить, нужно сыграть.
setting-wd4-challenge = Спор о +4
setting-wd4-challenge-about = Следующий игрок может оспорить +4; выкл.: +4 можно сыграть, только когда на руке нет карты нужного цвета.
setting-wd4-challenge-about-off = Оспорить +4 нельзя: её можно сыграть, только когда на руке нет карты нужного цвета.
setting-black-on-black = Чёрная на чёрную
setting-black-on-black-about = Чёрную карту можно класть на чёрную.
setting-black-on-black-about-off = Чёрную карту нельзя класть на чёрную.
setting-black-on-black-about-under-stacking = Чёрную карту нельзя класть на чёрную, кроме +4 на +4 при накоплении.

## Правила: «УНО!»

setting-uno-window-seconds = Время на поимку
setting-uno-window-seconds-about = Сколько секунд есть, чтобы поймать игрока, не сказавшего «УНО!»; если раньше сходит другой игрок, ловить уже поздно.
setting-uno-window-seconds-value = { $count ->
    [one] { $count } секунда
    [few] { $count } секунды
   *[many] { $count } секунд
}
setting-uno-penalty = Штраф за «УНО!»
setting-uno-penalty-about = Сколько карт берёт пойманный без «УНО!».
setting-uno-penalty-value = { cards-count }
setting-false-catch-penalty = Ложная поимка
setting-false-catch-penalty-about = Сколько карт берёт тот, кто жмёт «Поймать!», когда ловить некого.
# /rules: what the value in play means (the line above asks it)
setting-false-catch-penalty-about-rules = Штраф тому, кто жмёт «Поймать!», когда ловить некого.
setting-false-catch-penalty-value = { cards-count }

## Правила: время

setting-turn-seconds = Время на ход
setting-turn-seconds-about = Сколько ждать хода игрока; потом я хожу за него.
setting-turn-seconds-value = { $count ->
    [one] { $count } секунда
    [few] { $count } секунды
   *[many] { $count } секунд
}
# время на ход в целых минутах, от двух ($count: минуты)
setting-turn-seconds-minutes = { $count ->
    [one] { $count } минута
    [few] { $count } минуты
   *[many] { $count } минут
}
# число само по себе: «По умолчанию: 3», кнопки «1», «2»… (а не «3 просроченных ходов» без «после»)
setting-afk-limit = Просрочек до вылета
setting-afk-limit-about = Просрочка — ход, на котором у игрока кончилось время. После стольких просрочек подряд игрок выбывает; пропуск хода из-за карты не в счёт.
setting-afk-limit-value = { $count }

## Правила: матч

setting-hand-size = Раздача
setting-hand-size-about = Сколько карт раздают каждому.
setting-hand-size-value = { cards-count }
setting-scoring = Подсчёт очков
setting-scoring-about = Как выигрывается матч: победитель раунда получает очки карт, оставшихся у других, и побеждает первый, кто наберёт цель; или каждый получает очки своих оставшихся карт, и когда кто-то наберёт цель, побеждает меньший счёт; или всё решает один раунд.
setting-scoring-winner-takes = победитель забирает очки
setting-scoring-winner-takes-typed = победитель забирает
setting-scoring-own-hand = побеждает меньший счёт
setting-scoring-own-hand-typed = меньший счёт, свои карты
setting-scoring-single-round = один раунд
setting-target-score = Цель матча
setting-target-score-about = Счёт, на котором заканчивается матч.
setting-target-score-value = { points-count }

## Правила: УНО Экстрим

setting-extreme-draw-chain = Цепочка +2
setting-extreme-draw-chain-about = Жертва +2 сразу берёт карты и пропускает ход; следующий может продлить цепочку картой +2 (тогда игрок после него берёт 4) или «Разворотом» её цвета (тогда 4 берёт прошлая жертва); на «Разворот» в цепочке годится любой «Разворот»; каждое звено добавляет 2. Жертва с точно такой же картой может не брать, а передать штраф дальше.
setting-skip-chain = Цепочка пропусков
setting-skip-chain-about = «Пропуск» на «Пропуск» пропускает двоих, затем троих и так далее.
setting-eight-cover = Покрытие восьмёрки
setting-eight-cover-about = Кто сыграл 8, должен в тот же ход покрыть её ещё одной картой, а если нечем — брать из колоды, пока не сможет.
setting-zero-slap = Хлопок на нуле
setting-zero-slap-about = После 0 все жмут «Хлоп!»; последний и не успевшие берут 4.
setting-slap-seconds = Время на хлопок
setting-slap-seconds-about = Сколько времени есть, чтобы нажать «Хлоп!».
setting-slap-seconds-value = { $count ->
    [one] { $count } секунда
    [few] { $count } секунды
   *[many] { $count } секунд
}
setting-seven-silence = Тишина на семёрке
setting-seven-silence-about = После 7 игроки молчат в группе, пока сыгравший её не сходит снова; кто из них первым напишет, берёт 4 (команды мне, например /table, не в счёт).
setting-extreme-wild-restriction = Ограниченная «Дикая»
setting-extreme-wild-restriction-about = Простая «Дикая» ограничена, как +4: если сыграть её, когда на руке есть карта нужного цвета, это блеф, и её можно оспорить.
setting-extreme-wild-restriction-about-under-wd4-challenge = Простую «Дикую», как и +4, можно сыграть, только когда на руке нет карты нужного цвета; споры выключены, оспорить её нельзя.
setting-extreme-challenge = Жёсткий спор
setting-extreme-challenge-about = Блеф: сыгравший забирает карту обратно и берёт 4; честно: оспоривший берёт 8.
setting-extreme-start = Экстрим-старт
setting-extreme-start-about = Чёрная стартовая карта: первый игрок берёт 4, цвет выбирает сдающий.
setting-lone-zero-100 = Одинокий ноль
setting-lone-zero-100-about = Рука из одного нуля в конце раунда стоит 100 очков.
