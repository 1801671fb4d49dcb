## Settings menu, /rules and /lang. Texts are Telegram HTML; values inserted by the code are escaped.
## Keys of rules follow the engine's names: setting-<name>, setting-<name>-about, setting-<name>-<choice>,
## setting-<name>-value (a number as $count); a toggle on by default also has setting-<name>-about-off, and a
## choice may have setting-<name>-about-<choice> (what /rules says of that value) and
## setting-<name>-<choice>-typed (comma-separated: other words it is typed with in /settings, "deck blank"; a
## preset's are preset-<name>-typed). They must not be another value's words of the same setting.
## A test checks every rule has them in every language. The lobby's rules line uses them too.

## The menu

settings-title = ⚙️ <b>Rules of this chat</b>
# $preset: the rules' name, $figures: hand size, goal and turn time, as the lobby's rules line reads
settings-now = Now: <b>{ $preset }</b> · { $figures }
# instead of settings-now while a match plays other rules than the chat's (changed since it began)
settings-now-match = Current match: <b>{ $preset }</b> · { $figures }
settings-now-next = Next match: <b>{ $preset }</b> · { $figures }
settings-custom = custom rules
settings-presets-header = <b>Presets</b> (each sets every rule):
settings-preset-line = • <b>{ $name }</b> — { $about }
settings-topics-hint = To change a single rule, choose a topic below.
# /settings in the private chat: a group's rules are set there; a person's own choices are made here
settings-private = A group's rules and language are set in that group: send /settings in the group where you play, or add me to yours (the button below). Your own settings are here: /lang for your language, /colours for colour letters on your cards.
# /settings from a member who is no admin: for them alone ($preset and $figures as the menu's "Now:")
settings-readers = ⚙️ Rules of this chat: <b>{ $preset }</b> · { $figures }. Only the chat's admins can change them; /rules explains them all in plain words.
# during a match begun under other rules: that match's; the next's follow (rules-next-note)
settings-readers-match = ⚙️ Rules of the current match: <b>{ $preset }</b> · { $figures }. Only the chat's admins can change the rules; /rules explains them all in plain words.
settings-admins-only = <i>Only the chat's admins can change the rules; /rules explains them all in plain words.</i>
settings-group-title = <b>{ $group }</b>
settings-group-deck = 🃏 Deck
settings-group-play = ▶️ Play
settings-group-uno = 📣 “UNO!” call
settings-group-timing = ⏱ Timing
settings-group-match = 🏆 Match
settings-group-extreme = 🔥 UNO Extreme
settings-group-other = 🧩 Other
settings-line = <b>{ $name }</b>: { $value }
settings-about = <i>{ $about }</i>
settings-open-button = { $name }: { $value } ›
settings-open-button-short = { $name } ›
settings-toggle-button = { $name }: { $value }
settings-default = Default: { $value }
settings-typed-number = You can type any value { $range }: <code>/settings { $name } { $example }</code>
settings-range = from { $minimum } to { $maximum }
settings-range-seconds = from { $minimum } to { $maximum } seconds
settings-range-seconds-off = from { $minimum } to { $maximum } seconds (or { $off } for off)
settings-toggle-values = on, off
settings-back = « Back
# closes the menu: it is deleted from the group
settings-done = Done
# a menu pressed when Telegram no longer lets the bot delete it (two days after it was posted)
settings-menu-closed = ⚙️ This menu is closed: /settings opens a new one.
# a menu closed by another admin's /settings (or /lang), shown for two minutes where it was; $name: who;
# $where: topic when the new one is in another of the forum's topics (the chat has one menu), else below
settings-menu-replaced = ⚙️ This menu is closed: { $name } opened a new one { $where ->
    [topic] in another topic
   *[below] below
}.
# the same, the new one opened by an anonymous admin (as the group): who is not known, and it may be the
# admin who pressed this one last (a press is made as oneself), so it names nobody
settings-menu-replaced-anonymous = ⚙️ This menu is closed: a new one was opened { $where ->
    [topic] in another topic
   *[below] below
}.
settings-on = on
settings-off = off
settings-preset = Preset
settings-language = Language
settings-language-about = The language of my messages in this chat. Until an admin chooses one, a new group gets the language of whoever adds me to it or sends me the first command there (English if theirs is a language I don't write in). An answer to one person's command is in their own language (each chooses theirs with /lang in the private chat with me).
settings-language-button = 🌐 Language: { $language }
language-name-en = English
language-name-ru = Русский
# a language named in a sentence ("Language: English", "I'll write to you in English"); its choices' buttons
# name each in its own (language-name-*)
language-in-text-en = English
language-in-text-ru = Russian

## After a change

# a changed rule, as the menu and /rules name it and its value (no full stop: a value may end in one)
settings-saved = ✅ { $setting }: { $value }
# the same on the menu's screen after the press, which lists the rule with its new value just below
settings-saved-shown = ✅ Saved.
# under either, while a match is running
settings-saved-waits = The current match keeps its rules: the change applies from the next one.
# a forum: the match runs in a topic other than the one the change was made in; $topics: one, or several
# (matches in more than one other topic)
settings-saved-waits-elsewhere = { $topics ->
    [one] The match in another topic keeps its rules: the change applies from the next one.
   *[several] The matches in other topics keep their rules: the change applies from the next one.
}
# forum: told in another topic whose open game took the change; the rules changed follow ("• Turn time: 90 seconds")
settings-changed-elsewhere = ⚙️ The chat's rules were changed in another topic: this game will start with the new ones.
# forum: a preset applied in another topic with an open game; below, the main figures it changed
settings-preset-elsewhere = ⚙️ The “{ $preset }” preset was chosen in another topic: this game will start with its rules.
# a preset typed (/settings house): the answer (the menu pressed shows it as "Now:" and ticks it)
settings-preset-applied = ✅ Preset “{ $preset }” applied.
settings-preset-figures = The preset also sets:
settings-running-note = A match is running: changes apply from the next match.
# $topics: one (a match in one other topic), or several
settings-running-note-elsewhere = { $topics ->
    [one] A match is running in another topic: changes apply from the next match.
   *[several] Matches are running in other topics: changes apply from the next match.
}
# the language typed (/lang ru): the answer (the menu pressed is drawn in it)
settings-language-set = ✅ Language: { $language }.
settings-refused = ❌ “{ $setting }” can't be { $value }. Possible values: { $values }.
settings-preset-refused = ❌ There is no preset “{ $value }”. Presets: { $presets }.
settings-unknown = ❌ There is no setting “{ $setting }”. Setting names: { $names }. Each number setting in /settings shows its range.
settings-unknown-close = ❌ There is no setting “{ $setting }”. Did you mean <code>{ $command }</code>?
settings-unknown-part = ❌ There is no setting “{ $setting }”. The settings with it in their name: { $names }.
# a rule named without a value: its value now ($value), how to type a change and the values to type
settings-one =
    { $setting }: { $value }
    To change it: <code>/settings { $name } value</code>. Possible values: { $values }.
settings-usage = To change a rule by command: <code>/settings name value</code> (the name as the menu shows it), e.g. <code>/settings turn time 90</code>, or a preset: <code>/settings house</code>. Or use the buttons.
settings-chat-moved = ⚠️ This group has just become a supergroup. Please send the command again.
# a forum topic closed to the bot: the menu, whose buttons are for the group, is not posted in private (answers: closed-topic-answer)
settings-closed-topic-menu = 🔒 The topic in <b>{ $chat }</b> where you asked for the settings is closed to me, so I can't show the menu there. Send the command again in an open topic.
settings-silence-blind = ⚠️ Seven silence needs me to see the group's messages, and I can't: make me an admin of this group, or turn off my privacy mode (@BotFather → /setprivacy → Disable, then add me to the group again).
# a setting a change brought back into play, with the value it plays at now
settings-in-play = “{ $setting }” comes into play with it: { $value }.
settings-no-effect = ⚠️ “{ $setting }” has no effect while “{ $cause }” is “{ $value }”.
settings-partly = ⚠️ While “{ $cause }” is “{ $value }”, “{ $setting }” works only in part. { $about }
# /settings name value typed by the host (🔑) of the game here, who is no admin: told that hosting is not
# enough, where settings-typed-admin-only would leave them wondering what running the game lets them do
settings-host-admin-only = Only chat admins can change the chat's rules, not a game's host: ask an admin. To read the rules, send /rules.
# the same typed by any other member who is no admin: what they can do instead
settings-typed-admin-only = Only chat admins can change the chat's rules: ask an admin. To read the rules, send /rules.
alert-settings-admin-only = Only chat admins can use these buttons. To read the rules, send /rules.
alert-language-admin-only = Only chat admins can change the chat's language. To choose the language I write to you in, send /lang in the private chat with me.
lang-usage = To change the chat's language: <code>/lang en</code> or <code>/lang ru</code> (admins), or the buttons of /lang.
# a press's toast for a preset or the language chosen (the menu it redraws shows them, saying nothing of
# saving); for a rule's change only when the menu pressed was closed meanwhile (its screen reads "✅ Saved.")
alert-settings-saved = Saved.
# the same for a rule or a preset changed while a match is being played (in a forum: in any of its topics)
alert-settings-saved-next-match = Saved: it applies from the next match.
alert-settings-refused = This value isn't allowed.
# a press on the menu as it read before another change (another admin's press at the same moment, a double
# tap): nothing changed; $setting: what the press meant to change, $value: its value now
alert-settings-changed-meanwhile = The settings were changed just before your press, so it changed nothing. { $setting } now: { $value }. Press again if you still want to change it.

## /lang in private

lang-private-prompt = Your language: <b>{ $language }</b>. Choose the language of my messages to you:
# above the prompt when their language is English only because their app's is one the bot has no texts for
lang-private-app-unwritten = Your Telegram is set to a language I don't write in, so I chose English.
lang-private-set = ✅ I'll write to you in { $language }.

## /colours: the colour's letter after the square of each card of one's own ($cards: a 5 of each colour)

command-colours = Colour letters on your cards
colours-on = Colour letters on your cards: on. Your cards now read { $cards }. Send /colours again to turn them off.
colours-off = Colour letters on your cards: off. Your cards read { $cards } again. Send /colours to turn them back on.
colours-in-private = Colour letters on your cards are turned on and off in the private chat with me, not here: open it and send /colours there.

## /rules

rules-title = 📜 <b>Rules of this chat</b>: { $preset }
rules-title-match = 📜 <b>Rules of the current match</b>: { $preset }
rules-title-game = 📜 <b>Rules of your game in { $chat }</b>: { $preset }
rules-title-official = 📜 <b>The official rules</b>
rules-official-note = <i>A group may play by other rules: /rules in the group shows its own.</i>
# $rules: the next match's rules in the lobby's one line
rules-next-note = <i>The chat's rules have changed since this match began. The next match: { $rules }</i>
# under it: what the next match plays otherwise than this one, the line not saying it, after a dash (each
# change is "Name: value": $changes "Stacking: off; Jump-in: on"); $more: how many more are left unnamed, 0 for none
rules-next-changes = <i>What changes — { $changes }{ $more ->
    [0] {""}
   *[other] ; and { $more } more
}</i>
rules-numbers-header = <b>The basics</b>
rules-line = • { $name }: { $value }
rules-deck-h2o-cards = • 🌧 Downpour +1 / +2: a black card you may play whatever else you hold; you name the colour and every other player takes 1 or 2. Nobody is skipped; it can't be challenged or stacked.
rules-deck-minecraft-cards = • 🧨 Creeper: a black card; whoever draws one from the pile shows it and takes 3 more cards (a Creeper among those 3 does nothing). Played, it is a plain Wild: you choose the colour.
# the card the blank-card deck adds, named as the hands and the table name it; $effect: the blank_effect setting
rules-deck-classic-blank-cards = • ⬜ Blank: a black card{ $effect ->
    [wild] , a plain Wild: you choose the colour.
   *[draw_ten] ; you choose the colour, and the next player takes 10 cards and misses a turn. It can't be challenged or stacked.
}
# How the official game plays, for who does not know UNO: the differences from it follow
rules-play-header = <b>How to play</b>
rules-play-turn = • On your turn, play a card of the top card's colour, number or symbol, or a black card. Or draw a card: if it fits, you may play it at once.
rules-play-actions = • Skip: the next player misses a turn. Reverse: play goes the other way (between two players, it works as a Skip). +2: the next player takes 2 cards and misses a turn.
# $challenge: whether a +4 played while holding the colour in play (a bluff) can be challenged (wd4_challenge);
# $back: yes when a caught bluffer also takes the +4 back into their hand (extreme_challenge);
# $fair: the cards a challenger takes when the +4 was fair; $stacking: whether +4s stack, $extra: what a fair
# card's challenger takes beyond the stack
rules-play-wilds = • 🌈 Wild: you choose the colour. 🌈 +4: you choose the colour, and the next player takes 4 cards and misses a turn. { $challenge ->
    [yes] Played while you hold a card of the colour in play, it is a bluff, and the next player may challenge it: a caught bluffer { $back ->
        [yes] takes the +4 back along with the 4 cards (the colour goes back to what it was)
       *[no] takes the 4 cards instead
    }, a wrong challenger takes { $fair } cards{ $stacking ->
        [yes] { " " }(on a stack: the bluffer takes the whole stack, a wrong challenger the stack + { $extra })
       *[no] { "" }
    }.
   *[no] It can be played only while you hold no card of the colour in play.
}
# $count: the UNO penalty; $seconds: the catch window, which another player's move closes sooner
rules-play-uno = • Two cards left? Press “UNO!” before you play one, or as soon as you have one left. Whoever is left with one card without calling it takes { render-cards-taken } if anyone catches them before another player moves (and within { $seconds }{ "\u00A0" }s).
rules-play-round = • The first to play their last card wins the round.
rules-play-points = • Card points: a number card is worth its number; Skip, Reverse and +2 are worth 20; a black card, 50.
# how a match is won ($scoring: the setting's value, not single_round; $count: the target score)
rules-play-match = • { $scoring ->
    [own_hand] At the end of a round each player scores the points of the cards left in their own hand; once someone reaches { points-count }, the player with the fewest points wins the match.
   *[winner_takes] The round's winner scores the points of the cards left in the others' hands; the first to reach { points-count } wins the match.
}
rules-house-header = <b>Differences from the official game</b>
rules-no-house-rules = No house rules: the official game.
rules-no-other-house-rules = No other house rules.
rules-house-line = { $line } — <i>{ $about }</i>

## Presets

preset-official = Official rules
preset-official-about = Mattel's rules, no house rules: every rule at its default.
preset-house = House rules
preset-house-about = Stack +2 on +2 and +4 on +4, jump in with an identical card, 7-0 hand swaps.
preset-extreme = UNO Extreme
preset-extreme-about = Jump-in, +2 and Skip chains, eight cover, zero slap, seven silence, a restricted Wild, extreme challenges, an extreme start, a false catch costs a card; the lowest score wins, a lone 0 counts 100.
preset-h2o = UNO H₂O
preset-h2o-about = The official game with Downpour cards that make everyone else take cards.
preset-minecraft = UNO Minecraft
preset-minecraft-typed = mc
preset-minecraft-about = The official game with Creepers: whoever draws one takes 3 more.

## Rules: deck

setting-deck = Deck
setting-deck-about = Which cards are in the game. H₂O adds Downpours (+1 or +2 for everyone else), Minecraft adds Creepers (whoever draws one takes 3 more); what blank cards do is the next setting.
setting-deck-classic = Classic, 108 cards
setting-deck-classic-typed = standard
setting-deck-classic-blank = Classic + 4 blank cards
setting-deck-classic-blank-typed = blank, blank cards, with blank cards
setting-deck-h2o = H₂O + 4 Downpours
setting-deck-h2o-typed = downpour, downpours
setting-deck-minecraft = Minecraft + 4 Creepers
setting-deck-minecraft-typed = creeper, creepers
setting-blank-effect = Blank cards
setting-blank-effect-about = What a blank card does (only in the deck with blank cards).
setting-blank-effect-wild = plain Wild
setting-blank-effect-wild-typed = plain
setting-blank-effect-draw-ten = Wild +10 and a missed turn
setting-blank-effect-draw-ten-typed = +10, wild +10

## Rules: play

setting-stacking = Stacking
setting-stacking-about = Whoever must take a penalty may play a draw card of their own to pass it on, their card added to it; whoever doesn't takes the whole penalty.
setting-stacking-off = off
setting-stacking-same = +2 on +2, +4 on +4
setting-stacking-same-typed = +2 on +2
setting-stacking-mixed = +2 or +4 on +2, +4 on +4
setting-stacking-mixed-typed = any, +2 or +4 on +2
setting-stacking-about-under-extreme-draw-chain = With the +2 chain only +4 on +4 stacks: a +2 follows the chain.
setting-jump-in = Jump-in
setting-jump-in-about = A card identical to the top card may be played out of turn. With “on, effects add up” (as in UNO Extreme) the card jumped on keeps its effect too.
# /rules: what the value in play means (the line above explains both)
setting-jump-in-about-on = Whoever holds a card identical to the top card (the same colour and symbol) may play it out of turn; play goes on from them.
setting-jump-in-about-extreme = Whoever holds a card identical to the top card (the same colour and symbol) may play it out of turn, and the card jumped on keeps its effect too.
setting-jump-in-off = off
setting-jump-in-on = on
setting-jump-in-extreme = on, effects add up
setting-jump-in-extreme-typed = effects add up
setting-seven-zero = 7-0
setting-seven-zero-about = A 7 swaps hands with a player of your choice; a 0 passes every hand on (between two players, either card just swaps the two hands).
setting-multi-play = Multi-play
setting-multi-play-about = Several cards of the same number may be played in one turn: the first must fit the top card, the last one sets the colour.
setting-draw-rule = Drawing
setting-draw-rule-about = How many cards a player draws instead of playing.
setting-draw-rule-single = one card
setting-draw-rule-single-typed = one
setting-draw-rule-until-playable = until a card can be played
setting-draw-rule-until-playable-typed = until playable
setting-force-play = Force play
setting-force-play-about = A drawn card that can be played must be played.
setting-wd4-challenge = +4 challenge
setting-wd4-challenge-about = The next player may challenge a +4; off: a +4 can be played only while you hold no card of the colour in play.
setting-wd4-challenge-about-off = Nobody can challenge a +4: it can be played only while you hold no card of the colour in play.
setting-black-on-black = Black on black
setting-black-on-black-about = A black card may be played on a black card.
setting-black-on-black-about-off = A black card may not be played on a black card.
setting-black-on-black-about-under-stacking = A black card may not be played on a black card, except a +4 stacked on a +4.

## Rules: "UNO!" call

setting-uno-window-seconds = Catch window
setting-uno-window-seconds-about = How long a player who didn't call “UNO!” can be caught; another player's move ends it sooner.
setting-uno-window-seconds-value = { $count ->
    [one] { $count } second
   *[other] { $count } seconds
}
setting-uno-penalty = “UNO!” penalty
setting-uno-penalty-about = Cards taken by a player caught without “UNO!”.
setting-uno-penalty-value = { cards-count }
setting-false-catch-penalty = False catch
setting-false-catch-penalty-about = Cards taken by whoever presses “Catch!” when nobody can be caught.
# /rules: the same line
setting-false-catch-penalty-about-rules = { setting-false-catch-penalty-about }
setting-false-catch-penalty-value = { cards-count }

## Rules: timing

setting-turn-seconds = Turn time
setting-turn-seconds-about = Time for a move; then I move for the player.
setting-turn-seconds-value = { $count ->
    [one] { $count } second
   *[other] { $count } seconds
}
# a turn time of whole minutes, from two on ($count: the minutes)
setting-turn-seconds-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}
setting-afk-limit = Out after
setting-afk-limit-about = A player whose time runs out on this many turns in a row (timeouts) leaves the game; being skipped by a card doesn't count.
setting-afk-limit-value = { $count ->
    [one] { $count } timeout
   *[other] { $count } timeouts
}

## Rules: match

setting-hand-size = Hand size
setting-hand-size-about = Cards dealt to each player.
setting-hand-size-value = { cards-count }
setting-scoring = Scoring
setting-scoring-about = How a match is won: the round's winner scores the cards left in the others' hands, and the first to reach the target wins; or everyone scores the cards left in their own hand, and once someone reaches the target, the lowest score wins; or a single round decides.
setting-scoring-winner-takes = winner takes the points
setting-scoring-winner-takes-typed = winner takes
setting-scoring-own-hand = lowest score wins
setting-scoring-own-hand-typed = lowest wins, lowest score
setting-scoring-single-round = a single round
setting-target-score = Target score
setting-target-score-about = The score that ends the match.
setting-target-score-value = { points-count }

## Rules: UNO Extreme

setting-extreme-draw-chain = +2 chain
setting-extreme-draw-chain-about = A +2's victim takes the cards at once and misses a turn; the next player may extend the chain with a +2 (the player after them takes 4) or a Reverse of its colour (the last victim takes 4); any Reverse goes on a Reverse in the chain; each link adds 2. A victim holding an identical card may pass the penalty on instead of taking it.
setting-skip-chain = Skip chain
setting-skip-chain-about = A Skip on a Skip skips two players, then three, and so on.
setting-eight-cover = Eight cover
setting-eight-cover-about = Whoever plays an 8 must cover it with another card in the same turn, drawing until they can.
setting-zero-slap = Zero slap
setting-zero-slap-about = After a 0 everyone presses “Slap!”; the last one and anyone too slow take 4.
setting-slap-seconds = Slap time
setting-slap-seconds-about = How long players have to press “Slap!”.
setting-slap-seconds-value = { $count ->
    [one] { $count } second
   *[other] { $count } seconds
}
setting-seven-silence = Seven silence
setting-seven-silence-about = After a 7 the players keep silent in the group until whoever played it moves again; the first of them to write takes 4 (commands to me, such as /table, don't count).
setting-extreme-wild-restriction = Restricted Wild
setting-extreme-wild-restriction-about = A plain Wild is restricted like a +4: played while you hold a card of the colour in play, it is a bluff, and it can be challenged.
setting-extreme-wild-restriction-about-under-wd4-challenge = A plain Wild, like a +4, can be played only while you hold no card of the colour in play; with challenges off nobody can challenge it.
setting-extreme-challenge = Extreme challenge
setting-extreme-challenge-about = Guilty: the card goes back and they take 4; innocent: the challenger takes 8.
setting-extreme-start = Extreme start
setting-extreme-start-about = A black start card: the first player takes 4, the dealer chooses the colour.
setting-lone-zero-100 = Lone zero
setting-lone-zero-100-about = A hand left with only a single 0 counts 100 points.
