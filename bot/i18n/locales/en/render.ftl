## What the group and each player see (bot/tg/render). Texts are Telegram HTML; arguments arrive escaped.
## { "\u00A0" } is a no-break space: "30 s" never splits across lines.

render-unnamed-player = Player { $number }
render-unnamed-group = Unnamed group
# a forum's General topic, naming its game as a topic's is named ("Club · General") to one in another topic: the
# name Telegram gives it
render-general-topic = General
render-stopped = ⏹ The game was stopped.
render-stopped-by = ⏹ { $name } stopped the game.
render-stopped-by-admin = ⏹ A chat admin stopped the game.
render-stopped-by-you = ⏹ You stopped the game.
render-card-wild = 🌈 Wild
render-card-creeper = 🧨 Creeper
render-card-blank = ⬜ Blank
# after a coloured card's square: "🟦 Skip" (a word, not a symbol a screen reader reads by its Unicode name)
render-card-skip = Skip
render-card-reverse = Reverse
# the card as the object of playing, drawing, taking back (Russian needs the accusative: «играет 🌈 Дикую»)
render-card-wild-object = 🌈 Wild
render-card-creeper-object = 🧨 Creeper
render-card-blank-object = ⬜ Blank
render-card-skip-object = Skip
render-card-reverse-object = Reverse
# the card an 8 is covered or a jump-in made with (Russian needs the instrumental: «покрывает её 🌈 Дикой»);
# render-card-with: a card named by a number or sign ($card), which Russian calls «картой 🟥 8»
render-card-wild-with = 🌈 Wild
render-card-creeper-with = 🧨 Creeper
render-card-blank-with = ⬜ Blank
render-card-skip-with = Skip
render-card-reverse-with = Reverse
render-card-with = { $card }
# $left: a <tg-time> tag that each reader's app renders ("in 45 seconds"); inside it, time-in
# (time-in-minutes past 2 minutes), what apps without it show
# (⏱ joined to it by a no-break space: a narrow phone never leaves it alone at a line's end)
time-left = ⏱{ "\u00A0" }{ $left }
time-in = in { $seconds }{ "\u00A0" }s
time-in-minutes = in { $minutes }{ "\u00A0" }min
# a turn's end: on the table, on a line of its own under whose turn it is (a narrow phone's line has no
# room for both beside a long name), and on the mover's hand
# $left: a <tg-time> the apps show as "in 25 seconds", and once it is due, until the bot's next edit, as
# "3 seconds ago": the words around it must read right either way
time-to-move = ⏱ Time's up { $left }
# how long something lasted, as a time left reads (time-minutes past 2 minutes)
time-seconds = { $seconds }{ "\u00A0" }s
time-minutes = { $minutes }{ "\u00A0" }min
# $lasted (time-seconds or time-minutes) is only the sure part of how long: a crash's downtime
time-at-least = at least { $lasted }
# cards as the object of taking/playing (Russian needs the accusative: «берёт 1 карту»)
render-cards-taken = { $count ->
    [one] { $count }{ "\u00A0" }card
   *[other] { $count }{ "\u00A0" }cards
}
# the cards a draw took ($count), and those it was to take when the cards ran short ($due; 0: it took them all)
render-cards-due = { $due ->
    [0] { render-cards-taken }
   *[other] { $count }{ "\u00A0" }of{ "\u00A0" }{ $due }{ "\u00A0" }cards
}
# the same of the cards a Creeper added on top of a draw: "takes 3 more cards", "takes 1 of 3 more cards"
render-more-cards-due = { $due ->
    [0] { $count ->
        [one] { $count }{ "\u00A0" }more{ "\u00A0" }card
       *[other] { $count }{ "\u00A0" }more{ "\u00A0" }cards
    }
   *[other] { $count }{ "\u00A0" }of{ "\u00A0" }{ $due }{ "\u00A0" }more{ "\u00A0" }cards
}
# the same where a language needs another case (Russian: the nominative, "штраф (1 карта из 2)")
cards-count-due = { $due ->
    [0] { cards-count }
   *[other] { $count }{ "\u00A0" }of{ "\u00A0" }{ $due }{ "\u00A0" }cards
}

## Lobby

lobby-title = 🎴 <b>UNO: a new game</b>
lobby-players = Players ({ $count }/{ $max }):
lobby-rules = 📜 { $rules }
lobby-runs-now = 🔑 { $name } is now the host and can start the game.
lobby-hint = Press “{ button-join }” to play. The host (🔑) or a chat admin starts the game.
lobby-hint-full = The game is full. The host (🔑) or a chat admin starts it.
lobby-closes-idle = ⏳ If nobody joins or starts it for { $minutes }{ "\u00A0" }minutes, the game closes.
# $count: how many players it marks; $blocked: whether all, some or none of them blocked the bot (its chat then
# offers the app's “Restart”, not “Start”)
lobby-unreachable-hint = 🔇 { $count ->
    [one] This player
   *[other] These players
} can't get their cards yet: open @{ $bot } and press { $blocked ->
    [all] “Restart” (or “Перезапустить”)
    [some] “Start” (or “Запустить”), or “Restart” (or “Перезапустить”) if you blocked me
   *[none] “Start” (or “Запустить”)
}.
button-add-computer = 🤖 Add a computer player
# the next two share a row of the lobby: together short enough for a narrow phone (~30 characters)
button-more-computers = 🤖 Add another
button-remove-computer = 🤖 Remove one

## Rules in one line

rules-with-changes = { $name } ({ $changes })
# more house rules than a name lists (settings_text.NAMED_CHANGES), counted; $pointer: yes to say where they are
# listed (not in /rules itself)
rules-with-many-changes = { $name } + { $count ->
    [one] { $count }{ "\u00A0" }change
   *[other] { $count }{ "\u00A0" }changes
}{ $pointer ->
    [yes] {" "}(/rules)
   *[no] {""}
}
rules-setting-value = { $setting }: { $value }
rules-hand-size = { $count } cards each
# the same words as the table's title (table-title-target, table-title-lowest)
rules-target = to { $count } { $count ->
    [one] point
   *[other] points
}
rules-target-lowest = own-hand points, ends at { $count }, lowest wins
rules-single-round = one round
rules-turn-timer = { $count }{ "\u00A0" }s a turn
rules-turn-timer-minutes = { $count }{ "\u00A0" }min a turn
rules-no-timer = no turn timer

## Table (group)

table-title = 🎴 <b>UNO</b> · round{ "\u00A0" }{ $round }
table-title-target = 🎴 <b>UNO</b> · round{ "\u00A0" }{ $round } · to { $count }{ "\u00A0" }{ $count ->
    [one] point
   *[other] points
}
# two lines: "🎴 UNO · round 12 · ends at 2,000 points, lowest wins" was 51 characters, wrapped on a narrow phone
table-title-lowest =
    🎴 <b>UNO</b> · round{ "\u00A0" }{ $round }
    Ends at { $count }{ "\u00A0" }{ $count ->
        [one] point
       *[other] points
    }, lowest wins
top-card = Top card: <b>{ $card }</b>
# a coloured card's: its colour in a word too, for those who can't tell the squares apart
top-card-own-colour = Top card: <b>{ $card }</b> · { $colour }
# the colour a black card was given (a coloured card says its own: top-card-own-colour)
top-card-colour = Top card: <b>{ $card }</b>, now { $colour }
top-card-no-colour = Top card: <b>{ $card }</b>, no colour yet
# the status line of the last table of a match nobody won (everyone else left or was removed first); a won one's says who won (narrate-match-ended)
table-match-over = The match is over.
# The bot stopped the match: it may no longer post new messages where it was played (a closed forum topic, say).
table-stopped-gone = ⏹ The game was stopped: I could no longer post here.
table-stopped-topics-off = ⏹ The game was stopped: the group's topics were turned off, and only one game can go on in its chat.
# An admin closed the game's forum topic, where the bot may not post meanwhile: the game waits for its reopening.
table-paused = ⏸ Paused: the topic is closed.
# The group stopped letting the bot post (it was muted, or members may not send and it is no admin).
table-paused-muted = ⏸ Paused: I may not post here for now.
table-going-on = ▶️ The game goes on after the pause.
# Telegram or the database was out of reach for $lasted (time-seconds or time-minutes; after a crash,
# time-at-least): nobody could move, the buttons spun; the turn (between rounds, $waiting "next-round": the
# pause before the next deal) got the time back. Shown until the table's next change.
table-outage = ⏸ { $unreachable ->
    [telegram] I couldn't reach Telegram
    [database] I couldn't reach my game records
    [restart] I was offline
   *[both] I couldn't reach Telegram or my game records
} for { $lasted }: { $waiting ->
    [next-round] the pause before the next round got its time back.
   *[turn] every turn got its time back.
}
# the pause between rounds: over, and under it when the next deal comes ($left: time-in) or, without that,
# that it comes soon; the two on one line were past a narrow phone's
table-round-over = The round is over
table-next-round = ⏱ Next round { $left }
table-next-round-soon = The next round starts soon
table-turn = Turn: { $name }
table-turn-colour = { $name } chooses a colour
# under table-turn-colour, on a line of its own (beside it, the line was past a narrow phone's), while a draw
# card's colour is chosen: $taker takes its penalty ($cards: cards-count, held on one line) unless they answer
table-colour-penalty = Penalty for { $taker }: { $cards }
# under table-turn, on a line of its own (beside the name, past a narrow phone's): the player of a 7
# (seven_zero) chooses whom to swap hands with
table-turn-swap = Chooses whom to swap hands with
# who must take a penalty ($due: table-penalty-taken, held on one line: a long name wraps after itself)
table-turn-penalty-take = Turn: { $name } { $due }
table-penalty-taken = must take { render-cards-taken }
# under table-turn-penalty-take, on a line of its own (beside it, the line was past a narrow phone's): $answer,
# what the rules let them do instead (never what they hold): pass the penalty on with a card (stacking, the
# extreme draw chain), challenge the +4, or both
table-turn-penalty-answer = { $answer ->
    [challenge] or challenge the card
    [both] or pass it on, or challenge it
   *[pass] or pass it on with a card
}
# who must cover their 8 ($due: table-cover-due, held on one line: a long name wraps after itself, never
# "must cover the" on one line and "8" on the next)
table-turn-cover = Turn: { $name } { $due }
table-cover-due = must cover the 8
# under table-turn, on a line of its own (beside a long name, past a narrow phone's): the mover may challenge
# the restricted black card played (extreme_wild_restriction), $card: a plain Wild, or a blank played as one
table-turn-may-challenge = May challenge the { $card }
# $ordered: no between two, where either direction is the same (or one left), and once the match is over or
# stopped, when nobody plays in turn any more: no arrow; $points: yes names the number that ends each row below
# (table-player-figures), once for all of them
table-players = { $ordered ->
    [no] Players
   *[yes] Players, in turn order { $arrow }
}{ $points ->
    [yes] { " " }· points
   *[no] { "" }
}
# $name: cut to the table's width (a long name wraps after it on a narrow phone); $figures: table-player-figures
table-player-row = { $marker } { $name }: { $figures }
# the score bare, named once above the rows (table-players): "· 120 points" put a row of a 14-letter name past
# a narrow phone's line; $count_marks: beside the card count, UNO! called or ⚠️ (one card, not called)
table-player-figures = { cards-count }{ $count_marks } · { $score }
table-player-figures-no-points = { cards-count }{ $count_marks }
table-mark-uno = UNO!
# $blocked: as lobby-unreachable-hint's, of the players it marks
table-unreachable-legend = 🔇 can't get their cards: they should open the chat with me and press { $blocked ->
    [all] “Restart” (or “Перезапустить”)
    [some] “Start” (or “Запустить”), or “Restart” (or “Перезапустить”) if they blocked me
   *[none] “Start” (or “Запустить”)
}
table-draw-pile = Draw pile: { cards-count }
# the catch and slap windows' lines: the names follow on a line of their own
table-catch-window = ⚠️ Didn't call UNO! Catch! ⏱{ "\u00A0" }{ $seconds }{ "\u00A0" }s
# while its time runs (a window past its end in the start-up grace shows none: table-slap-window)
table-slap-window-timed = 👋 Slap! ⏱{ "\u00A0" }{ $seconds }{ "\u00A0" }s · still to slap:
table-slap-window = 👋 Slap! Still to slap:
# a list of players (a window's, those who didn't slap) past the first few
names-and-last = { $names } and { $last }
names-and-more = { $names } and { $count }{ "\u00A0" }more
# a 7's silence: two narrow-phone lines at most with a name at its widest, "🤫 Until Alexandra Konst… moves," and
# what breaks it (the first player to post takes the cards, and the silence ends: the line goes with it);
# $again yes: the 7's player still chooses whom to swap with, and the silence lasts to their next move
table-silence = { $again ->
    [yes] 🤫 Until { $name } moves again, posting costs { cards-count }
   *[no] 🤫 Until { $name } moves, a player who posts takes { cards-count }
}
# the bot cannot see the group's messages (privacy mode, and no admin): nobody is fined ($count unused)
table-silence-unseen = { $again ->
    [yes] 🤫 Until { $name } moves again, silence, but I can't read this group: no cards for writing
   *[no] 🤫 Until { $name } moves, silence, but I can't read this group: no cards for writing
}
# named as in /rules and /settings (setting-extreme-draw-chain); what the next link costs under it, on a line
# of its own (table-draw-chain-next): the two on one line were past a narrow phone's
table-draw-chain = ⛓ +2 chain: { $links ->
    [one] { $links }{ "\u00A0" }link
   *[other] { $links }{ "\u00A0" }links
}
table-draw-chain-next = Next link: someone takes { render-cards-taken }
# what a Skip on it does under it, on a line of its own (table-skip-chain-next), as the +2 chain's
table-skip-chain = ⏭ Skip chain: { $count }{ "\u00A0" }skipped
# $everyone: yes when the next Skip skips all the players but its own (the most a chain skips)
table-skip-chain-next = A Skip on it skips { $everyone ->
    [yes] everyone else
   *[no] { $next ->
        [one] one player
       *[other] { $next }{ "\u00A0" }players
    }
}
table-recent = Recent:
button-my-cards = 🃏 My cards

## Hand (private)

# the first line of a hand on its holder's turn (a notification shows it)
hand-title-your-turn = <b>{ $chat }</b>: your turn
# the first line of the hand the deal sends to one whose turn it is not, kept until they play or draw
hand-title-dealt = <b>{ $chat }</b>: the game has started
hand-you-are = At the table you are { $name }.
hand-card-count = You have { cards-count }
hand-page = page{ "\u00A0" }{ $page }/{ $pages }
hand-cards-left = Your cards left: { $cards }
# the same under own-hand scoring (lowest wins): what they add to the score
hand-cards-left-scored = Your cards left: { $cards } (+{ points-count })
hand-revealed = 👁 The challenged hand: { $cards }
# Why the cards changed (7-0, cards the player did not draw themselves): said while the hand stays so
hand-news-swapped-by = 🔄 { $name } swapped hands with you.
# their 7, or their 0 between two (another's 0 between two: hand-news-swapped-by)
hand-news-swapped = 🔄 You swapped hands with { $name }.
hand-news-passed = 🔄 A zero: every hand passed on, and you got the cards { $name } had.
hand-news-downpour = 🌧 Downpour from { $name }: you took { render-cards-taken }.
hand-news-creeper = 🧨 You drew a Creeper, and it added { render-cards-taken } to your hand.
hand-news-caught = 🎯 { $name } caught you without UNO! You took { render-cards-taken }.
hand-news-penalty = 📥 After the card { $name } played you took { render-cards-taken } as a penalty.
# a jump-in took the turn that was theirs (their cards unchanged; told until their next turn)
hand-news-jumped-in = ⚡ { $name } jumped in on your turn with an identical card.
# a jump-in on the Draw Two whose penalty was theirs: they take nothing (RULES.md 7), where the hand had said to take it
hand-news-jumped-in-penalty = ⚡ { $name } jumped in on your turn with an identical card, so you take no penalty.
# a jump-in by the one just before them gave the turn straight back (between two, any jump-in without a Skip)
hand-news-jumped-in-again = ⚡ { $name } jumped in with an identical card: it's your turn again.
# a challenge shows the challenged hand to the challenger (RULES.md 4): its holder is told who saw it
hand-news-bluff-caught = ⚖️ { $name } challenged your card and saw your hand: it was a bluff, so you took { render-cards-taken }.
# extreme_challenge: the black card returned to the bluffer's hand before the draw
hand-news-bluff-caught-returned = ⚖️ { $name } challenged your card and saw your hand: it was a bluff, so the card is back in your hand, and you took { render-cards-taken }.
hand-news-challenge-won = ⚖️ { $name } challenged your card and saw your hand: it was fair.
hand-news-challenge-lost = ⚖️ The card { $name } played was fair: you took { render-cards-taken } for the challenge.
# the challenger's: $name's card was a bluff, $count: the cards $name took for it (0: none, $name has left)
hand-news-bluff-called = ⚖️ The card { $name } played was a bluff{ $count ->
    [0] .
   *[other] : they took { render-cards-taken }.
}
hand-news-slap-last = 👋 You slapped last: you took { render-cards-taken }.
hand-news-slap-alone = 👋 Nobody else slapped, so yours was the last slap: you took { render-cards-taken }.
hand-news-slap-missed = 👋 You didn't slap in time: you took { render-cards-taken }.
hand-news-silence = 🤫 You broke the silence: you took { render-cards-taken }.
# a black start card's cards (extreme_start), on the deal's line after round 1 ($round)
hand-news-start = 🎴 { $round ->
    [1] The start card was black: you took { render-cards-taken }.
   *[other] Round{ "\u00A0" }{ $round }: new cards, and the start card was black: you took { render-cards-taken }.
}
hand-news-drew-until = 📥 You drew { render-cards-taken } until one fitted.
hand-news-drew-passed = 📥 You drew a card that didn't fit: your turn passed.
# a new round's deal, on the hand edited to its new cards ($round: its number); skipped: the start card took
# the first turn, theirs ($count: the cards a Draw Two gave them, 0: a Skip, a Reverse between two; the
# first round's hand says the game has started)
hand-news-dealt = 🎴 Round{ "\u00A0" }{ $round }: new cards.
hand-news-dealt-skipped = 🎴 { $round ->
    [1] The start card
   *[other] Round{ "\u00A0" }{ $round }: new cards, and the start card
} { $count ->
    [0] skips your turn.
   *[other] makes you take { render-cards-taken } and skip your turn.
}
hand-news-timed-out = ⏱ Your time ran out: you took { render-cards-taken }.
# the turn timer chose for them: the colour of their black card ($colour), whom their 7 swapped with
hand-news-timed-out-colour = ⏱ Your time ran out, so I chose the colour for you: { $colour }.
hand-news-timed-out-swapped = ⏱ Your time ran out, so I chose for you: you swapped hands with { $name }.
# force_play: the drawn card was played for them; eight_cover: a card covered their 8 ($count: cards taken)
hand-news-timed-out-played = ⏱ Your time ran out: { $count ->
    [0] { hand-news-cards-played } played for you.
   *[other] you took { render-cards-taken }, and { $played ->
        [one] { $count ->
            [one] it was
           *[other] one was
        }
       *[other] { hand-news-cards-played }
    } played for you.
}
hand-news-cards-played = { $played ->
    [one] { $played }{ "\u00A0" }card was
   *[other] { $played }{ "\u00A0" }cards were
}
# the hand of a match nobody won (everyone else left or was removed): a won one says who won, which says the end
hand-match-over = The match is over.
hand-match-won-you = 🏆 You win the match!
# under it, when the winner removed a player who was still playing (/kick)
hand-match-void-kick-you = It counts for nobody: you removed a player who was still playing.
# the same, when players left the match before it ended ($names, $count of them): their loss stands
hand-match-void-kick-you-left = It counts only as a loss for { $names }, who { $count ->
    [one] left
   *[other] each left
} it: you removed a player who was still playing.
# the others' hands, under who won
hand-match-void-kick = It doesn't count for you: { $shared ->
    [yes] one of the winners
   *[no] the winner
} removed a player who was still playing.
# the pause between rounds: who won (or, a winner not known, that it is over), and that the next comes, each on
# a line of its own (the two on one were past a narrow phone's)
hand-round-over = The round is over.
hand-next-round-soon = The next round starts soon.
hand-round-won-you = 🏁 You win round{ "\u00A0" }{ $round }!
hand-not-playing = You are no longer in this game.
# a hand Telegram would not delete (48 hours old) when a new one replaced it
hand-moved = ⬇️ Your cards are in a new message below.
# The bot stopped the game: it may no longer post where the game was (removed, muted, the topic deleted or closed).
hand-stopped-gone = I could no longer post in the group or topic where it was played.
hand-stopped-topics-off = The group's topics were turned off, and only one game can go on in its chat: another one goes on there.
# The game's forum topic was closed (the bot may not post there): the game waits, a day at most.
hand-paused = ⏸ The game is paused: its topic was closed. It will go on when the topic is reopened (if it stays closed for a day, the game stops).
# The group stopped letting the bot post (muted, or members may not send and it is no admin): the game waits, a day at most.
hand-paused-muted = ⏸ The game is paused: I may not post in the group for now. It will go on when I may post there again (if that takes a day, the game stops).
hand-stopped-idle = Nobody was playing any more, so nobody wins.
# the same, on the hand of the one whose move it waited for
hand-stopped-idle-waited-for = Nobody moved for an hour, and it was your move: it's a loss for you, and the match counts for nobody else.
# the same on the others' hands, as the group is told (match-end-stopped-waited-for)
hand-stopped-idle-waited-for-other = Nobody moved for an hour. { $name } was to move: it's a loss for them, and the match counts for nobody else.
hand-stopped-kicked = Your last opponent was removed from the game, so nobody wins.
hand-left = You left this game.
# kicked: hand-kicked-by names who did it as the group's notice does (gameplay-kicked-by): $kicker is player (a
# player of the match, $by), admin (a chat admin outside it, $by) or anonymous (an anonymous admin, or a kick saved
# before the bot kept their name); hand-kicked a kick saved before the bot kept who did it
hand-kicked = You were removed from this game.
hand-kicked-by = { $kicker ->
    [player] { $by } removed you from this game.
    [admin] { $by }, a chat admin, removed you from this game.
   *[anonymous] A chat admin removed you from this game.
}
# under hand-paused: /leave, /kick or leaving the group while the game is paused take effect when it goes on
hand-leaving = You'll leave this game when its topic is reopened.
hand-leaving-kicked-by = { $kicker ->
    [player] { $by } removed you from this game: you'll leave it when its topic is reopened.
    [admin] { $by }, a chat admin, removed you from this game: you'll leave it when its topic is reopened.
   *[anonymous] A chat admin removed you from this game: you'll leave it when its topic is reopened.
}
# the same, under hand-paused-muted: the game waits for its group to let the bot post again
hand-leaving-muted = You'll leave this game when I may post in its group again.
hand-leaving-kicked-by-muted = { $kicker ->
    [player] { $by } removed you from this game: you'll leave it when I may post in its group again.
    [admin] { $by }, a chat admin, removed you from this game: you'll leave it when I may post in its group again.
   *[anonymous] A chat admin removed you from this game: you'll leave it when I may post in its group again.
}
# $duel: they were one of the last two people seated, so it ended the match (the other, who had not missed
# their last turn, wins); $where: topic when the game is played in a forum topic (its other topics have
# games of their own), else group
hand-removed-afk = { $count ->
    [one] Your time ran out on your turn
   *[other] Your time ran out on { $count }{ "\u00A0" }turns in a row
}, so you are out of this game{ $duel ->
    [yes] , which ends the match as your loss.
   *[no] .
} You can join the next game in the { $where ->
    [topic] topic
   *[group] group
}.
# $where: topic when the game is played in a forum topic (the hand's first line names it), else group
hand-waiting = { $where ->
    [topic] Not your turn: watch the topic.
   *[group] Not your turn: watch the group.
}
hand-hint-jump-in = ⚡ Jump in with an identical card!
hand-your-turn = <b>Play a card (▶) or draw.</b>
hand-nothing-fits = No card fits. <b>Draw one.</b>
hand-nothing-fits-until = <b>Draw until a card fits.</b>
hand-nothing-fits-none-left = No card fits and none are left to draw, so <b>press “{ button-draw }”</b> and the turn passes on.
hand-playable-elsewhere = { $mark } on other pages: { $count }
hand-cover = <b>Cover the 8 with another card (▶).</b>
hand-cover-draw = The 8 must be covered and no card of yours fits, so <b>draw until one does.</b>
hand-cover-last = Your last card was an 8, and the round is won only once it is covered, so <b>draw until a card fits.</b>
# $answer: what the player can do instead, as their cards and the rules allow: pass the penalty on with a card
# (stacking, the extreme draw chain, a jump-in that cancels it), challenge the +4, or both
hand-penalty = <b>Take { render-cards-taken }</b>{ $answer ->
    [challenge] { " " }or challenge the card.
    [both] , pass the penalty on with a card (▶) or challenge the card.
   *[pass] { " " }or pass the penalty on with a card (▶).
}
hand-penalty-take = <b>Take { render-cards-taken }.</b>
# under hand-penalty: fewer cards are left to take than the penalty ($left; 0: none)
hand-penalty-short = { $left ->
    [0] No card is left to take: the penalty costs you only the turn.
    [one] Only { $left }{ "\u00A0" }card is left to take.
   *[other] Only { $left }{ "\u00A0" }cards are left to take.
}
hand-play-drawn = You drew <b>{ $card }</b>: play it or pass.
hand-play-drawn-forced = You drew <b>{ $card }</b>: play it.
hand-play-drawn-unplayable = You drew <b>{ $card }</b>: it can't be played now, so pass.
hand-choose-colour = <b>Choose a colour.</b>
# a black start card's colour ($card), chosen before anyone plays: by the first player, who then plays
# ($first: yes), or by the dealer (extreme_start)
hand-choose-colour-start = { $first ->
    [yes] <b>The start card is { $card }: choose its colour, then play.</b>
   *[no] <b>The start card is { $card }: you dealt, so you choose its colour.</b>
}
# a draw card's colour: $taker takes its penalty unless they answer (named as on the table)
hand-choose-colour-penalty = <b>Choose a colour.</b> Penalty for { $taker }: { render-cards-taken }.
hand-choose-swap = <b>Choose whom to swap hands with.</b>
hand-hint-jump-in-penalty = ⚡ You can jump in with an identical card, but you still take { render-cards-taken }: its effect goes to the next player.
# an extreme +2 chain's next link, to the player who may play it ($card: the kind of card)
hand-hint-chain = ⛓ { $card ->
    [reverse] A Reverse
   *[draw_two] A +2
} extends the +2 chain: { $name } takes { render-cards-taken }.
hand-hint-skip-chain = ⏭ A Skip extends the skip chain: { $count ->
    [one] { $names } misses a turn.
   *[other] { $names } miss a turn.
}
# $name played the black card; $guilty: the cards they take if it was a bluff, $fair: the cards the challenger
# takes if it was not, $penalty: those the challenger takes without a challenge (0: none)
# $colour: the colour in force before the black card (none: no colour was); $left: yes when $name has left the
# game (a bluff then costs nobody cards); $returned: yes when a bluff's card goes back to its player and the
# colour before it is in force again (extreme_challenge); $offered: yes when the prompt above it offers the
# challenge already (a penalty's "...or challenge the card."). $name is named once: a long name twice took
# six lines of a narrow phone
hand-hint-challenge = ⚖️ { $offered ->
    [yes] {""}
   *[no] You can challenge the card.{" "}
}If { $name } held { $colour ->
    [none] a card of the previous colour
   *[other] a { $colour } card (the colour in play before it)
}, it was a bluff: { $left ->
    [yes] they have left the game, so you take nothing and play on
   *[no] { $returned ->
        [yes] they take the card back along with { $guilty }{ "\u00A0" }cards, the colour goes back to what it was, and you play on
       *[no] they take { $guilty }{ "\u00A0" }cards, and you play on
    }
}. If not, you take { $fair }{ "\u00A0" }cards{ $penalty ->
    [0] { " " }and miss your turn.
   *[other] { " " }instead of { $penalty }.
}
hand-hint-bluff = ⚠️ Playing { $cards } now would be a bluff: you hold a { $colour } card. It can be challenged.
hand-hint-multi-play = Several cards of one number: press the first (▶), then the others in any order, then “Play”. The last one sets the colour.
# $count: the cards one caught without UNO! takes
hand-hint-uno = Two cards left: press “UNO!” before you play. If you forget, you can be caught and take { render-cards-taken }.
# $duel: two people seated now, no computer, the other playing: their leaving ends the match, a loss for them
# (the other wins it; when both missed their last turn the bot stops the match instead, costing nobody)
hand-afk-warning = ⚠️ { $missed ->
    [one] Your time ran out on your last turn
   *[other] Your time ran out on your last { $missed }{ "\u00A0" }turns
}: after { $limit } in a row you leave the game{ $duel ->
    [yes] , which ends the match as your loss.
   *[no] .
}
# the same warning on the line of the timeout just told ("⏱ Your time ran out: you took 1 card."), which says
# the time ran out already
hand-afk-warning-after-timeout = ⚠️ { $missed ->
    [one] After { $limit } in a row you leave the game
   *[other] That's { $missed } in a row: after { $limit } you leave the game
}{ $duel ->
    [yes] , which ends the match as your loss.
   *[no] .
}
hand-hint-uno-now = ⚠️ Press “UNO!” now, before someone catches you!
# to the player to move, whose move ends the catch ($yours: yes), and between two to the other ($yours: no,
# after a Skip of the one who forgot); $names: who forgot UNO!, $catch: button-catch
hand-hint-catch = ⚠️ { $names } didn't call UNO! Press “{ $catch }” on the table before { $yours ->
    [yes] you move
   *[no] the next move
}.
# $where: topic when the game is in a forum topic (only writing there breaks the silence), else group
# $again yes: the 7's player still chooses whom to swap with, and the silence lasts to their next move
hand-silence = 🤫 Silence until { $name } moves{ $again ->
    [yes] {" "}again
   *[no] {""}
}: the first player to write in the { $where ->
    [topic] game's topic
   *[group] group
} takes { render-cards-taken }.
hand-silence-yours = 🤫 Silence until your next move: the first player to write in the { $where ->
    [topic] game's topic
   *[group] group
} takes { render-cards-taken }.
# the bot cannot see the group's messages: nobody is fined ($count unused)
hand-silence-unseen = 🤫 Silence until { $name } moves{ $again ->
    [yes] {" "}again
   *[no] {""}
}, but I can't see the group's messages: nobody takes cards for writing there.
hand-silence-yours-unseen = 🤫 Silence until your next move, but I can't see the group's messages: nobody takes cards for writing there.
# $cards: render-cards-taken held on one line; the window's time left follows (" · ⏱ in 5 s"), as on the table
hand-hint-slap = 👋 A zero! Press “Slap!” now: the last to slap and everyone who doesn't slap take { $cards } each
hand-selection = Chosen: { $cards }. Add more of this number (▶) or press “Play”; the last card sets the colour.
hand-selection-complete = Chosen: { $cards }. Press “Play”; the last card sets the colour.
# a selection that would leave one card: UNO! can be called only once it is played
hand-selection-leaves-one = ☝️ This play leaves you one card: press “UNO!” right after it, before anyone catches you.
button-swap = 🔀 { $name } ({ $count })
button-accept-penalty = Take { render-cards-taken }
# the penalty's button when no card is left to take: pressing it only costs the turn
button-accept-nothing = Miss your turn
button-play-selected = Play { render-cards-taken }
button-cancel = ✖ Cancel

## Narration: one line per event on the table

narrate-dealer-draw = { $name } draws { $card } for the deal.
# the round's first line, with what its start card did at once ($effect): the first player's missed turn (a
# Skip: skipped; a Draw Two: penalty, $count cards; creeper, a Creeper among them: $drew, narrate-drew, as a
# timed-out player's line says it, with no colon of its own), a Reverse's direction ($arrow: the dealer
# begins); none. $back: how many start cards went back into the pile before it (a Wild Draw Four...:
# RULES.md), $returned: which. Its lead ends in a dash: the colon is the start card's, as a card's line joins
# what it did
narrate-round-started = Round{ "\u00A0" }{ $round } — { $dealer } deals{ $back ->
    [0] {""}
    [one] ; { $returned } goes back into the pile
   *[other] ; { $returned } go back into the pile
}, the start card is { $card }{ $effect ->
    [skipped] : { $first } misses a turn.
    [penalty] : { $first } takes { render-cards-taken } and misses a turn.
    [creeper] : { $first } { $drew } and misses a turn.
    [reversed] : the direction changes to { $arrow }, { $first } begins.
   *[none] , { $first } begins.
}
narrate-start-card-returned = { $card } goes back into the pile.
# how a card's line says its player played it from the hand ($called: yes when they called UNO! right before
# it); narrate-plays-then, before "and chooses..."
narrate-plays = { $called ->
    [yes] calls UNO! and plays
   *[no] plays
}
narrate-plays-then = { $called ->
    [yes] calls UNO!, plays
   *[no] plays
}
# a card and what it did at once: nothing, the colour its player chose, the direction it turned, who it
# skipped, a 7's silence or swap, a 0's hands passed on, a Downpour
# ($drawn: the cards drawn on the turn, the card played among them, or 0: played from the hand; $drawn_cards:
# their count in words, and the player's UNO call after them, narrate-called; $skipped: names, $count of them; $card: an 8 is followed by its covers,
# narrate-cover each, or the cover it awaits, narrate-cover-awaited, and what it did is the last card's; the cards
# of a multi-play are listed, "🟥 7 and 🟩 7", and $several is yes then, unless covers follow them)
narrate-card-played = { $name } { $drawn ->
    [0] { narrate-plays }
   *[other] draws { $drawn_cards } and plays
} { $card }.
narrate-played-colour = { $name } { $drawn ->
    [0] { narrate-plays-then }
   *[other] draws { $drawn_cards }, plays
} { $card } and chooses { $colour }.
narrate-played-reversed = { $name } { $drawn ->
    [0] { narrate-plays }
   *[other] draws { $drawn_cards } and plays
} { $card }: the direction changes to { $arrow }
narrate-played-swapped = { $name } { $drawn ->
    [0] { narrate-plays-then }
   *[other] draws { $drawn_cards }, plays
} { $card }{ $several ->
    [yes] , then
   *[no] { " " }and
} swaps hands with { $target }.
narrate-played-rotated = { $name } { $drawn ->
    [0] { narrate-plays }
   *[other] draws { $drawn_cards } and plays
} { $card }: { $passed }
narrate-played-skipping = { $name } { $drawn ->
    [0] { narrate-plays }
   *[other] draws { $drawn_cards } and plays
} { $card }: { $count ->
    [one] { $skipped } misses a turn.
   *[other] { $skipped } miss a turn.
}
# a jump-in ($card: the card's name as it is; an 8 is followed by its covers, as in narrate-card-played) and
# what its card did at once ($effect): players it skipped ($skipped, $count of them), the direction ($arrow),
# a 7's silence or swap ($target), a 0's hands passed on; a black card covering an 8: the colour chosen
# ($colour), a Downpour ($soaked: narrate-soaked); $called: yes when they called UNO! right before it
narrate-jump-in = ⚡ { $name } { $called ->
    [yes] calls UNO! and jumps in
   *[no] jumps in
} with { $card }{ $effect ->
    [skipped] : { $skipped } { $count ->
        [one] misses
       *[other] miss
    } a turn.
    [reversed] : the direction changes to { $arrow }
    [silence] : 🤫 silence in the chat!
    [swapped] { " " }and swaps hands with { $target }.
    [rotated] : { $passed }
    [colour] { " " }and chooses { $colour }.
    [downpour] : { $soaked }.
    [downpour-colour] : { $soaked }, and { $name } chooses { $colour }.
   *[none] !
}
# the cards a player took and why, as narrate-cards-drawn says it without who took them: for narrate-taken-creeper
narrate-taken-for = { $reason ->
    [penalty] takes { render-cards-due } as a penalty
    [challenge] takes { render-cards-due } after the challenge
    [uno] takes { render-cards-due } for not calling “UNO!”
    [false_catch] takes { render-cards-due } for a false catch
    [creeper] takes { render-more-cards-due } because of the Creeper
    [downpour] takes { render-cards-due } in the downpour
    [slap] takes { render-cards-due } for slapping last
    [slap_alone] takes { render-cards-due } for slapping last (nobody else slapped)
    [no_slap] takes { render-cards-due } for not slapping
    [silence] takes { render-cards-due } for breaking the silence
    [start] takes { render-cards-due } at the start
    [cover] draws { render-cards-due } to cover the 8
   *[other] draws { render-cards-due }
}
narrate-cards-drawn = { $reason ->
    [penalty] { $name } takes { render-cards-due } as a penalty.
    [challenge] { $name } takes { render-cards-due } after the challenge.
    [uno] { $name } takes { render-cards-due } for not calling “UNO!”.
    [false_catch] { $name } takes { render-cards-due } for a false catch.
    [creeper] { $name } takes { render-more-cards-due } because of the Creeper.
    [downpour] { $name } takes { render-cards-due } in the downpour.
    [slap] { $name } takes { render-cards-due } for slapping last.
    [slap_alone] { $name } takes { render-cards-due } for slapping last: nobody else slapped.
    [no_slap] { $name } takes { render-cards-due } for not slapping.
    [silence] { $name } takes { render-cards-due } for breaking the silence.
    [start] { $name } takes { render-cards-due } at the start.
    [cover] { $name } draws { render-cards-due } to cover the 8.
   *[other] { $name } draws { render-cards-due }.
}
narrate-nothing-drawn = { $name } takes no card: the cards have run out.
narrate-nothing-drawn-together = { $names } take no card: the cards have run out.
narrate-nothing-drawn-ended = { $ended ->
    [passed] { $name } takes no card (the cards have run out) and passes.
   *[skipped] { $name } takes no card (the cards have run out) and misses a turn.
}
narrate-passed = { $name } passes.
narrate-colour-chosen = { $name } chooses { $colour }.
narrate-colour-set = The colour is now { $colour }.
narrate-uno-called = 📣 { $name }: UNO!
# a player's own call after their card on its line, before what the card awaited (its cover, its colour...)
narrate-called = , calls UNO!
narrate-caught = 🎯 { $catcher } catches { $name } without UNO!
narrate-false-catch = { $name } tries to catch someone, but there is nobody to catch.
# with the cards it cost, and a Creeper among them as narrate-taken-creeper tells it: one line
narrate-false-catch-drawn = { $name } tries to catch someone, but there is nobody to catch: takes { render-cards-due }{ $found ->
    [0] .
   *[other] { $count ->
        [1] , and it is a Creeper
       *[other] , { $creepers_among } among them
    }{ $extra ->
        [0] .
       *[other] : takes { $extra_cards }.
    }
}
# $deleted: the challenged player's account was deleted, its name gone ("challenges Deleted account" read oddly)
narrate-challenge-guilty = { $deleted ->
    [yes] { $challenger } challenges the deleted account's card: it was a bluff!
   *[no] { $challenger } challenges { $challenged }: it was a bluff!
}
narrate-challenge-innocent = { $deleted ->
    [yes] { $challenger } challenges the deleted account's card: it was fair.
   *[no] { $challenger } challenges { $challenged }: the card was fair.
}
# a challenge with what it undid and cost on its line (narrate-challenge-told's $lead): whose card was
# challenged, and what it was
narrate-challenge-lead = { $guilty ->
    [yes] { $deleted ->
        [yes] { $challenger } challenges the deleted account's card, and it was a bluff
       *[no] { $challenger } challenges { $challenged }, and it was a bluff
    }
   *[no] { $deleted ->
        [yes] { $challenger } challenges the deleted account's card, but it was fair
       *[no] { $challenger } challenges { $challenged }, but the card was fair
    }
}
# $lead: narrate-challenge-lead. Under the extreme challenge a bluff's player ($name) takes back its card
# ($card: returned), or the colour before it is in force again ($colour: colour; the card stays on the pile);
# or neither (none). $cost: the cards $name takes ($count; $due: those due when the cards ran short; took),
# none (nothing: the cards ran out), those nobody takes (void: the bluff's player has left; $deleted: yes when
# their account was deleted, their name gone), or told on the next line (apart: a Creeper among them). A fair
# card's challenger ($name) takes the cards; $ended: yes with the turn they cost
narrate-challenge-told = { $lead }: { $undone ->
    [returned] { $name } takes back { $card }{ $cost ->
        [took] { " " }and { render-cards-due }.
        [nothing] { " " }and no other card (the cards have run out).
       *[apart] .
    }
    [colour] the colour is { $colour } again{ $cost ->
        [took] , and { $name } takes { render-cards-due }.
        [nothing] , and { $name } takes no card (the cards have run out).
        [void] , and nobody takes the { render-cards-taken }, as { $deleted ->
            [yes] its player
           *[no] { $name }
        } has left the game.
       *[apart] .
    }
   *[none] { $cost ->
        [nothing] { $name } takes no card (the cards have run out){ $ended ->
            [yes] { " " }and misses a turn.
           *[no] .
        }
        [void] { $deleted ->
            [yes] its player has
           *[no] { $name } has
        } left the game, so nobody takes the { render-cards-taken }.
       *[took] { $name } takes { render-cards-due }{ $ended ->
            [yes] { " " }and misses a turn.
           *[no] .
        }
    }
}
narrate-card-returned = { $name } takes { $card } back.
# a caught bluff's colour undone under the extreme challenge while its card stays on the pile (its player
# left, or the pile was reshuffled since): the top card still shows the bluff
narrate-colour-reverted = The colour goes back to { $colour }.
# a draw and the end of the turn it makes, on one line
narrate-drawn-and-ended = { $reason ->
    [turn] { $name } draws { render-cards-due } and passes.
    [penalty] { $name } takes { render-cards-due } as a penalty and misses a turn.
   *[challenge] { $name } takes { render-cards-due } after the challenge and misses a turn.
}
narrate-skipped = { $name } misses a turn.
narrate-direction-changed = The direction changes: { $arrow }
narrate-cover-required = { $name } must cover the 8.
narrate-hands-swapped = { $name } swaps hands with { $target }.
narrate-hands-rotated = { $pair ->
    [yes] The two players swap hands.
   *[no] Every hand passes on { $arrow }
}
# a 0's hands passed on, after the card that did it ($passed in the lines above): between two ($pair), a swap
narrate-passed-on = { $pair ->
    [yes] the two players swap hands.
   *[no] every hand passes on { $arrow }
}
# Creepers drawn at once ($count), as what is drawn ("draws two Creepers") and as the subject ("two Creepers
# among them"): the $creepers and $creepers_among of the lines below
narrate-creepers = { $count ->
    [1] a Creeper
    [2] two Creepers
    [3] three Creepers
    [4] four Creepers
   *[other] { $count }{ "\u00A0" }Creepers
}
narrate-creepers-among = { $count ->
    [1] a Creeper
    [2] two Creepers
    [3] three Creepers
    [4] four Creepers
   *[other] { $count }{ "\u00A0" }Creepers
}
narrate-creeper = 🧨 { $name } draws { $creepers }!
narrate-creeper-drawn = 🧨 { $name } draws { $creepers } and takes { render-more-cards-due }.
# a turn's draw that brought Creepers ($drawn: the cards drawn, the Creepers among them; $drawn_cards: their
# count in words; $creepers_among), with the cards the Creepers added ($count; $due: those due when the cards
# ran short; took) and the pass that ended the
# turn (ended) or the card drawn played ($card: narrate-creeper-played-again) and the colour chosen for it
# ($colour; took-played-colour; played: the Creepers added no cards); alone: they added none (the cards had
# run out) or not yet, and ended-alone: none, and the pass
narrate-turn-creeper = { $drawn ->
    [1] { $move ->
        [took] 🧨 { $name } draws a Creeper and takes { render-more-cards-due }.
        [ended] 🧨 { $name } draws a Creeper, takes { render-more-cards-due } and passes.
        [ended-alone] 🧨 { $name } draws a Creeper and passes.
        [took-played] 🧨 { $name } draws a Creeper, takes { render-more-cards-due } and plays { $card }.
        [took-played-colour] 🧨 { $name } draws a Creeper, takes { render-more-cards-due }, plays { $card } and chooses { $colour }.
        [played] 🧨 { $name } draws a Creeper and plays { $card }.
        [played-colour] 🧨 { $name } draws a Creeper, plays { $card } and chooses { $colour }.
       *[alone] 🧨 { $name } draws a Creeper!
    }
   *[other] { $move ->
        [took] 🧨 { $name } draws { $drawn_cards }, { $creepers_among } among them: takes { render-more-cards-due }.
        [ended] 🧨 { $name } draws { $drawn_cards }, { $creepers_among } among them: takes { render-more-cards-due } and passes.
        [ended-alone] 🧨 { $name } draws { $drawn_cards }, { $creepers_among } among them, and passes.
        [took-played] 🧨 { $name } draws { $drawn_cards }, { $creepers_among } among them: takes { render-more-cards-due } and plays { $card }.
        [took-played-colour] 🧨 { $name } draws { $drawn_cards }, { $creepers_among } among them: takes { render-more-cards-due }, plays { $card } and chooses { $colour }.
        [played] 🧨 { $name } draws { $drawn_cards }, { $creepers_among } among them, and plays { $card }.
        [played-colour] 🧨 { $name } draws { $drawn_cards }, { $creepers_among } among them, plays { $card } and chooses { $colour }.
       *[alone] 🧨 { $name } draws { $drawn_cards }, { $creepers_among } among them!
    }
}
# a draw other than the turn's that brought Creepers ($taken: narrate-taken-for; $drawn: its cards, the
# Creepers among them, $creepers_among), with the cards the Creepers added ($count; $due: those due when the
# cards ran short; took) and the missed turn
# that ends a penalty (ended); alone: they added none (the cards had run out) or not yet, and ended-alone:
# none, and the missed turn
narrate-taken-creeper = 🧨 { $name } { $taken }{ $drawn ->
    [1] , and it is a Creeper
   *[other] , { $creepers_among } among them
}{ $move ->
    [took] : takes { render-more-cards-due }.
    [ended] : takes { render-more-cards-due } and misses a turn.
    [ended-alone] { $drawn ->
        [1] ; { $name } misses a turn.
       *[other] , and misses a turn.
    }
   *[alone] !
}
# what a Downpour costs everyone else ($count cards each), for $soaked; $short: yes when the cards ran out
# before everyone had them (the lines after it tell who took fewer)
narrate-soaked = { $short ->
    [yes] everyone else is due { render-cards-taken }, but not enough are left
   *[no] everyone else takes { render-cards-taken }
}
# a Downpour ($card: named as any card played is, an 8 it covered with its covers; $soaked: narrate-soaked);
# no 🌧 leads it: its card shows one ("🌧 Ann plays 🌧 +2" said it twice)
narrate-downpour = { $name } { $drawn ->
    [0] { narrate-plays }
   *[other] draws { $drawn_cards } and plays
} { $card }: { $soaked }.
# the Downpour's line with the colour its player chose for it (maybe in a later press)
narrate-downpour-colour = { $name } { $drawn ->
    [0] { narrate-plays }
   *[other] draws { $drawn_cards } and plays
} { $card }: { $soaked }, and { $name } chooses { $colour }.
# a Downpour told apart from its card (its event names no card)
narrate-downpour-alone = 🌧 Downpour from { $name }: { $soaked }.
narrate-slap-started = 👋 A zero! Everyone slap!
narrate-no-slap-together = { $names } didn't slap: each takes { render-cards-taken }.
# a 7 ($card: named as any card played is; an 8 it covered is named with its covers)
narrate-silence-started = 🤫 { $name } { $drawn ->
    [0] { narrate-plays }
   *[other] draws { $drawn_cards } and plays
} { $card }: silence in the chat!
# a silence told apart from the 7 that began it: the line before says who played it
narrate-silence = 🤫 Silence in the chat!
narrate-silence-ended = The silence is over.
narrate-silence-broken = { $name } breaks the silence.
# the cards a broken silence cost ($count), $found Creepers among them (0: none; $creepers_among: in words)
# and the $extra cards they added ($extra_cards: in words, "3 more cards")
narrate-silence-broken-drawn = 🤫 { $name } breaks the silence: takes { render-cards-due }{ $found ->
    [0] .
   *[other] { " " }({ $creepers_among } among them){ $extra ->
        [0] .
       *[other] { " " }and { $extra_cards }.
    }
}
# who ran out of time, for narrate-timed-out; $what: what the time was for, the whole turn or only what was
# left of it after the card played (a Wild's or a Downpour's colour, a 7's swap, the cover of an 8); $count:
# their turns in a row that ran out, this one included (not "missed": a Skip or a +2 makes one miss a turn,
# which does not count)
narrate-timed-out-who = ⏱ { $name } ran out of time{ $what ->
    [colour] { " " }to choose a colour
    [swap] { " " }to choose whom to swap hands with
    [cover] { " " }to cover the 8
   *[turn] { "" }
}{ $count ->
    [one] { "" }
   *[other] { $what ->
        [turn] { " " }({ $count }{ "\u00A0" }turns in a row)
       *[other] { " " }({ $count }{ "\u00A0" }times in a row)
    }
}
# a draw with who drew left out: the game's for a timed-out player, or their own before their time ran out
# (narrate-timed-out, narrate-timed-out-played), one to cover an 8 (narrate-cover, narrate-cover-awaited): $count cards (a penalty's, or drawn: $reason), $found Creepers among them (0: none; $creepers, $creepers_among: in
# words) and the $extra cards they added ($extra_cards: in words, "3 more cards"); $last: yes when they end the line (a cover
# still awaited): "draws a Creeper and takes 3 more cards", not a list with nothing to end it
narrate-drew = { $found ->
    [0] { $reason ->
        [penalty] takes { render-cards-due } as a penalty
       *[other] draws { render-cards-taken }
    }
   *[other] { $reason ->
        [penalty] takes { render-cards-due } as a penalty ({ $creepers_among } among them)
       *[other] { $count ->
            [1] draws { $creepers }
           *[other] draws { render-cards-taken } ({ $creepers_among } among them)
        }
    }{ $extra ->
        [0] { "" }
       *[other] { $last ->
            [yes] { " " }and takes { $extra_cards }
           *[no] , takes { $extra_cards }
        }
    }
}
# the missed turn before the move the game made for the player, for narrate-timed-out and
# narrate-timed-out-played ($who: narrate-timed-out-who); -colour: a start card's Wild, first the colour the
# timer chose for it, then the turn's move. A dash, not a colon: a card played for them is joined to what it
# did by one ("plays 🟥 Skip: Cleo misses a turn"), and a line has one colon
narrate-timed-out-lead = { $who } —
narrate-timed-out-lead-colour = { $who } — the colour is now { $colour };
# $who: narrate-timed-out-who, $lead: narrate-timed-out-lead. $move: what the game did for them, told on the
# same line: a draw or a penalty ($drew: narrate-drew), maybe with the pass or the missed turn that
# ends it, no card to draw (and the pass), a pass (they had drawn), a colour, a swap, their removal for
# running out of time on too many turns in a row; or nothing (alone).
narrate-timed-out = { $move ->
    [drew] { $lead } { $drew }.
    [drew-passed] { $lead } { $drew } and passes.
    [drew-skipped] { $lead } { $drew } and misses a turn.
    [nothing] { $lead } takes no card (the cards have run out).
    [nothing-passed] { $lead } takes no card (the cards have run out) and passes.
    [passed] { $who } and passes.
    [colour] { $lead } the colour is now { $colour }.
    [swap] { $lead } swaps hands with { $target }.
    [removed] { $who } and leaves the game.
   *[alone] { $who }.
}
# a card an 8 was covered with (eight_cover), after the 8 on its line: a player's own, a jump-in's, or the
# one the game played for a timed-out player (narrate-timed-out-played's $covers); $count: the cards drawn to
# cover it, maybe 0 ($drew: narrate-drew, and the UNO call its player made after them, narrate-called); $at: the first cover, or a later one covering the card before it, which one made from
# the hand follows (next) or none does (last); $called: yes after its player's UNO call, which the verb follows
# again ("calls UNO! and covers that with"); $then: and when the line goes on with "and" ("and chooses red"):
# then "draws 2 cards, covers it with", not two "and"s in a row
narrate-cover = { $at ->
    [first] , then { $count ->
        [0] covers it with { $card }
       *[other] { $then ->
            [and] { $drew }, covers it with { $card }
           *[none] { $drew } and covers it with { $card }
        }
    }
   *[other] { $count ->
        [0] { $called ->
            [yes] { " " }and covers that with { $card }
           *[no] { $at ->
                [next] , that with { $card }
               *[last] { " " }and that with { $card }
            }
        }
       *[other] , then { $then ->
            [and] { $drew }, covers that with { $card }
           *[none] { $drew } and covers that with { $card }
        }
    }
}
# the cover an 8 still awaits, after it and the $before covers told on its line (narrate-cover): none drawn
# yet (awaited), the $count cards drawn to cover it (drawing; $drew: narrate-drew, $found Creepers among
# them: the cover still to come), or those and the pass when none of them fitted (passed: the pile ran out)
narrate-cover-awaited = { $state ->
    [drawing] , then { $drew }{ $found ->
        [0] { " " }to cover { $before ->
            [0] it
           *[other] that
        }
       *[other] { "" }
    }
    [passed] , then { $drew } and passes
   *[awaited] { $before ->
        [0] , which must be covered
       *[other] , which must be covered too
    }
}
# a Creeper drawn and played at once, as narrate-timed-out-played's and narrate-turn-creeper's $card say it
# after the draw ($count: the cards drawn, the Creeper among them), so that it is not named twice
narrate-creeper-played-again = { $count ->
    [1] it
   *[other] the Creeper
}
# force_play: the game played the card drawn for a timed-out player ($card; $move: drew-played, $drew:
# narrate-drew, the game's draw or the player's own), or a card from the hand to cover their 8 (played); $covers:
# the cards it covered the 8s it played with (narrate-cover each, or nothing; narrate-cover-awaited: the pass); and what the last card
# did at once ($effect): players it skipped ($skipped, $count of them), the direction, the
# colour the game chose, a 7's silence or swap, a 0's hands passed on, a Downpour ($soaked: narrate-soaked)
narrate-timed-out-played = { $move ->
    [played] { $lead } plays
   *[drew-played] { $lead } { $drew } and plays
} { $card }{ $covers }{ $effect ->
    [skipped] : { $skipped } { $count ->
        [one] misses
       *[other] miss
    } a turn.
    [reversed] : the direction changes to { $arrow }
    [colour] : the colour is now { $colour }.
    [silence] : 🤫 the chat falls silent!
    [swapped] , then swaps hands with { $target }.
    [rotated] : { $passed }
    [downpour] : { $soaked }.
    [downpour-colour] : { $soaked }, and the colour is now { $colour }.
   *[none] .
}
narrate-player-left = { $name } leaves the game.
narrate-player-left-group = { $name } leaves the group, and the game.
# $name is not used: the account's name is gone, the player list reads "Deleted account"
narrate-player-account-deleted = A player's account was deleted: they leave the game.
narrate-player-removed = { $name } ran out of time on too many turns in a row and leaves the game.
# removed with /kick, or from the group by an admin: $kicker as in gameplay-kicked-by (player, admin: $by named;
# anonymous: an anonymous admin, or one whose name the bot did not keep), unknown: saved before the bot kept who
narrate-player-kicked = { $kicker ->
    [player] { $by } removes { $name } from the game.
    [admin] { $by }, a chat admin, removes { $name } from the game.
    [anonymous] A chat admin removes { $name } from the game.
   *[unknown] { $name } is removed from the game.
}
narrate-runs-now = 🔑 { $name } is now the host (/stop, /kick).
# the penalty waiting on a player who left ($name; a +2, +4 or chain of $count cards), or the cards a bluff of
# theirs challenged after they left costs: nobody takes it
narrate-penalty-voided = The penalty for { $name } ({ cards-count }) is void: nobody takes it.
# the same, of a deleted account: its name is gone ("Deleted account's penalty" read oddly)
narrate-penalty-voided-deleted = The deleted account's penalty ({ cards-count }) is void: nobody takes it.
narrate-reshuffled = The discard pile is shuffled into a new draw pile ({ cards-count }).
narrate-round-ended = 🏁 { $name } wins round{ "\u00A0" }{ $round }.
# also, in bold, the status line of a won match's last table, where the recent moves then leave it out
narrate-match-ended = { $count ->
    [one] 🏆 { $names } wins the match!
   *[other] 🏆 { $names } share the win!
}

## Dealer draw, round end, match end

dealer-draw-title = 🎴 <b>Drawing for the deal</b> (the highest number deals):
# the players who tied for the highest card draw again ($who: both of two, all of more, or some of them)
dealer-draw-tie = A tie! { $who ->
    [both] Both draw again:
    [all] Everyone draws again:
   *[some] Those players draw again:
}
dealer-draw-line = { $name }: { $card }
# in place of the earliest ties after the first draw, when there are more than one message takes
dealer-draw-ties-left-out = … and { $count }{ "\u00A0" }more{ "\u00A0" }{ $count ->
    [one] tie
   *[other] ties
} …
# an action or black card drawn for the deal, in dealer-draw-line's $card: it counts 0
dealer-draw-zero = { $card } (counts as 0)
dealer-draw-dealer = <b>{ $name } deals.</b>
round-end-title = 🏁 <b>Round{ "\u00A0" }{ $round }: { $name } wins!</b>
round-end-stalled = 🏁 <b>Round{ "\u00A0" }{ $round }: the cards have run out; { $name } wins with the fewest points.</b>
# above the lines, what their "+N" is (winner_takes; -own: own_hand scoring); $players: in the round
round-end-scoring = { $players ->
    [2] The winner scores the points left in the other player's hand:
   *[other] The winner scores the points left in the others' hands:
}
round-end-scoring-own = Each player scores the points left in their own hand:
# a player's line: $parts, those of the keys below that say something, joined by " · "
round-end-line = { $name }: { $parts }
# the points left in the hand (the header above names them points)
round-end-in-hand = { $count } in hand
# a hand of a single 0 that the lone-zero rule counts as 100
round-end-in-hand-lone-zero = a lone 0 = { $count }
# what the round added to the player's total (never 0: left out)
round-end-gain = +{ $count }
# own-hand scoring: a lone 0's 100 added to its player's total
round-end-gain-lone-zero = +{ $count } for a lone 0
round-end-total = total <b>{ $total }</b>
round-end-target = 🎯 The first to { points-count } wins the match.
round-end-target-lowest = 🎯 The match ends when someone reaches { points-count }; the lowest total wins.
match-end-title = { $count ->
    [one] 🏆 <b>{ $names } wins the match!</b>
   *[other] 🏆 <b>{ $names } share the win!</b>
}
# $out: how many others left or were removed; $name: the one other player of a duel
match-end-walkover = { $out ->
    [1] 🏆 <b>{ $names } wins the match:</b> { $name } is out of the game.
   *[other] 🏆 <b>{ $names } wins the match:</b> everyone else is out of the game.
}
# under a won match's title: its winner (a shared win: one of them) removed a player who was still playing (/kick)
match-end-void-kick = The match counts for nobody: { $shared ->
    [yes] one of the winners
   *[no] the winner
} removed a player who was still playing.
# the same, when players left the match before it ended ($names, $count of them): their loss stands
match-end-void-kick-left = The match counts only as a loss for { $names }, who { $count ->
    [one] left
   *[other] each left
} it: { $shared ->
    [yes] one of the winners
   *[no] the winner
} removed a player who was still playing.
match-end-stopped = ⏹ <b>The game was stopped.</b>
match-end-stopped-computers = ⏹ <b>The game was stopped:</b> only computer players were left.
match-end-stopped-idle = ⏹ <b>The game was stopped:</b> nobody was playing any more, so nobody wins.
# the idle hour's stop (no turn timer), naming whose move it waited for: the stop is their loss
match-end-stopped-waited-for = ⏹ <b>The game was stopped:</b> nobody moved for an hour. { $name } was to move: it's a loss for them, and the match counts for nobody else.
match-end-stopped-kicked = ⏹ <b>The game was stopped:</b> the last opponent was removed, so nobody wins.
match-end-stopped-gone = ⏹ <b>The game was stopped:</b> I could no longer post here.
match-end-standings = Standings:
# own-hand scoring: a won match's standings, a stopped one's
match-end-standings-lowest = Standings (the lowest total wins):
match-end-standings-lowest-stopped = Standings (lowest total first):
match-end-no-score = Standings: nobody has scored any points.
match-end-line = { $place } { $name }: <b>{ $total }</b>
# under winner-takes scoring, a player who won no round (total 0): no medal or place, as it ranks nobody
match-end-line-unplaced = { $name }: <b>{ $total }</b>
# under a stopped match's standings, unranked: a player who left it (or was removed for missed turns), with their total
match-end-line-out = — { $name }: <b>{ $total }</b> (out of the game)
button-play-again = 🔁 Play again

## Refusals: alerts on pressed buttons (plain text, at most 200 characters)

refusal-stale = This button is out of date. Use the newest message.
alert-message-stale = This message is out of date: send { $command } to open it again.
alert-settings-menu-replaced = This menu is closed: a newer one is open in this chat.
refusal-not-your-button = This button isn't for you.
refusal-not-a-player = You're not playing in this game.
# said where the game is (an alert on its buttons, an answer to a command there), or forwarded from a closed topic:
# no "in the group", which sent one reading it in a forum topic to another (General)
refusal-not-in-match = You're not playing in this game. Wait for it to end, or send /notifyme: I'll write to you when the next one opens.
refusal-not-in-match-awaited = You're not playing in this game. { notify-next-game-awaited }
refusal-no-longer-in-match = { hand-not-playing }
# the same to a /leave sent as a comment under a post of the linked channel: the game is in the group's chat
refusal-not-a-player-in-chat = You're not playing in the game in the chat <b>{ $chat }</b>.
refusal-not-in-match-in-chat = You're not playing in the game in the chat <b>{ $chat }</b>. Wait for it to end, or send /notifyme: I'll write to you when the next one opens.
refusal-not-in-match-awaited-in-chat = You're not playing in the game in the chat <b>{ $chat }</b>. { notify-next-game-awaited }
refusal-no-longer-in-match-in-chat = You're no longer in the game in the chat <b>{ $chat }</b>.
refusal-no-game = This game is over.
# a press on a lobby that closed before it started (everyone left, say), while a new one is open in its chat
# (refused otherwise with what the closed lobby's message says: gameplay-lobby-closed-*)
refusal-lobby-closed-new-open = This game was closed. A new one is open here: press “{ $join }” under it, further down.
refusal-paused = The game is paused while its topic is closed. It will go on when the topic is reopened.
refusal-paused-muted = The game is paused until I may post in its group again.
refusal-not-paused = This game is no longer paused: to leave it, send /leave in its topic.
# the same of a game that was paused as its group refused the bot's posts (muted in all its topics: not "in its group",
# when it is played in one)
refusal-not-paused-muted = This game is no longer paused: to leave it, send /leave where it's played.
# its saved state is broken (edited by hand, or saved by a newer version of the bot): on its hand too, so not "here"
refusal-game-unreadable = This game's saved data can't be read, so it can't go on. Its host or a chat admin can end it with /stop where it's played.
refusal-stop-asked-in-lobby = The game started after this question was asked, so it goes on. To stop it, send /stop again.
refusal-stop-answered = This question has been answered already. To stop the game, send /stop again.
refusal-not-admin = Only the host (🔑) or a chat admin can do that.
refusal-not-manager = Only the host, { $name }, or a chat admin can do that.
refusal-lobby-full = The game is full.
refusal-already-joined = You are already in the game.
refusal-lobby-toggles-too-fast = You are joining and leaving too often. Try again in a few seconds.
refusal-computer-toggles-too-fast = You are adding and removing computer players too often. Try again in a few seconds.
refusal-opening-too-fast = You are opening games too often. Try again in a few seconds.
refusal-not-in-group = Only members of the group can join its game.
refusal-no-computer = That computer player has left the game already.
refusal-need-two-players = At least two players are needed to start: wait for someone to join, or press “{ $add_computer }”.
# $names: those on their way (the first few, and how many more), $count: how many; $blocked: whether all, some or
# none of them blocked the bot (its chat then offers the app's “Restart”, not “Start”); $both: yes to name both
# labels of that button (Telegram labels it in each reader's app language, not the alert's), no where the names
# leave no room for them. An alert: at most 200 characters, names included
refusal-joiners-on-their-way = { $names } { $count ->
    [1] hasn't
   *[other] haven't
} pressed { $both ->
    [yes] { $blocked ->
        [all] “Restart” (or “Перезапустить”)
        [some] “Start” (or “Запустить”) or “Restart” (or “Перезапустить”)
       *[none] “Start” (or “Запустить”)
    }
   *[no] { $blocked ->
        [all] “Restart”
        [some] “Start” or “Restart”
       *[none] “Start”
    }
} in the chat with me yet. Wait for them, or press “{ $start }” again to start without them.
refusal-game-running = The game has already started.
refusal-too-late-to-join = The game has already started. { notify-next-game }
refusal-too-late-to-join-awaited = The game has already started. { notify-next-game-awaited }
# the lobby's Leave pressed once the match runs: the alert shows where the game is (a forum topic's, not the group's)
refusal-lobby-left-started = The game has already started. To leave it, send /leave here.
refusal-nobody-to-catch = Nobody can be caught now.
refusal-catch-too-late = Too late: { $target } can't be caught any more.
# the presser's own card, draw or challenge closed the window they then pressed Catch! on
refusal-catch-closed-by-you = Too late: you made your move, so { $target } can't be caught any more.
refusal-catch-yourself = You are the one who can be caught: press “{ $uno }” instead.
refusal-caught-first = Too late: { $first } caught { $target } first.
refusal-caught-you-first = Too late: { $first } caught you first.
refusal-uno-called-first = Too late: { $first } called UNO! first.
refusal-jumped-in-first = Too late: { $first } jumped in first. Use the newest message.
refusal-played-first = Too late: { $first } played first. Use the newest message.
refusal-drew-first = Too late: { $first } drew first. Use the newest message.
refusal-ran-out-of-time = Too late: { $first } ran out of time, and the game moved on. Use the newest message.
refusal-turn-timed-out = Too late: your time for that turn ran out. Use the newest message.
refusal-round-won-first = Too late: { $first } won the round. Wait for the next deal.
refusal-unknown = You can't do that now.
refusal-match-over = This match is over.
refusal-round-over = The round is over; wait for the next deal.
refusal-not-your-turn = It's not your turn.
refusal-decision-pending = Wait: a colour or a swap is being chosen.
# a press while another player ($name) chooses a colour, or whom to swap hands with
refusal-colour-being-chosen = Wait: { $name } is choosing a colour.
refusal-swap-being-chosen = Wait: { $name } is choosing whom to swap hands with.
refusal-no-decision = There is nothing to choose now.
refusal-card-not-in-hand = You no longer have that card.
refusal-card-not-playable = That card doesn't match the top card. Play one marked ▶ (same colour, same number or symbol, or a black card) or press “{ button-draw }”.
refusal-black-on-black = A black card can't be played on a black card here.
refusal-wild-not-allowed = You have a card of the current colour, so you can't play this one.
refusal-only-drawn-card = You may only play the card you just drew.
refusal-must-play-drawn = You must play the card you drew.
refusal-already-drawn = You have already drawn this turn.
refusal-must-draw-first = Draw a card before passing.
refusal-cannot-draw-can-cover = You can cover the 8, so you can't draw.
refusal-penalty-pending = First take the penalty, challenge it or add a card.
refusal-penalty-take = First take the penalty: no card can be added to it.
refusal-penalty-take-or-challenge = First take the penalty or challenge it: no card can be added to it.
refusal-penalty-take-or-add = First take the penalty or add a card (▶) to pass it on.
# a press of the one who takes a draw card's penalty ($count cards) while its colour is chosen (by $name), with
# the answers they will have then
refusal-colour-then-take = { $name } is choosing a colour. Then it's your turn: take { render-cards-taken }.
refusal-colour-then-take-or-challenge = { $name } is choosing a colour. Then it's your turn: take { render-cards-taken } or challenge the card.
refusal-colour-then-take-or-add = { $name } is choosing a colour. Then it's your turn: take { render-cards-taken } or pass the penalty on with a card (▶).
refusal-colour-then-penalty = { $name } is choosing a colour. Then it's your turn: take { render-cards-taken }, pass the penalty on with a card (▶) or challenge the card.
refusal-choose-colour-first = First choose a colour.
refusal-choose-swap-first = First choose whom to swap hands with.
refusal-cannot-stack = That card can't be added to the penalty.
refusal-nothing-to-challenge = There is nothing to challenge.
refusal-no-penalty = There is no penalty to take.
refusal-invalid-colour = Choose one of the four colours.
refusal-invalid-target = Choose another player in the game.
refusal-jump-in-closed = It's not your turn, and it's too late to jump in: that works only until the next player moves.
refusal-not-identical = It's not your turn. Out of turn you can only jump in, with a card identical to the top card (same colour and number or symbol): it is marked ⚡.
refusal-multi-play-off = Multi-play is off in this game.
refusal-invalid-multi-play = Those cards can't be played together.
refusal-cannot-call-uno = You can call UNO! only with two cards on your turn or with one card. To catch someone who didn't call it, press “{ $catch }”.
refusal-uno-already-called = You have already called UNO!
refusal-uno-too-late = Too late: the UNO! window has closed.
refusal-uno-not-now = UNO! is called with two cards on your turn, before playing one of them, or with one card.
refusal-no-slap-window = There is nothing to slap now.
refusal-slap-too-late = Too late: the time to slap ran out, and you took the cards for a missed slap.
refusal-already-slapped = You have already slapped.
refusal-no-silence = There is no silence to break.
refusal-timeout-not-due = Time isn't up yet.
# a private answer's list of groups (bold, comma-separated) past the first ten
chats-and-more = { $chats } and { $count }{ "\u00A0" }more{ "\u00A0" }chats
