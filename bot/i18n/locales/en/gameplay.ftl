## Gameplay: commands, lobby life, joining through the private chat. Texts are Telegram HTML.

gameplay-help =
    <b>UNO: commands</b>
    How a game goes: /new in a group opens it, the others press “{ button-join }”, and the host (🔑) presses “{ button-start }”. Your cards then come here as buttons: press one to play it (/start sends them again).
    In the group:
    /new — open a game (you join it as its host 🔑)
    /join — join the open game
    /leave — leave the game
    /startgame — deal the cards (host 🔑 or admin; at least 2 players)
    /stop — stop the game (host or admin)
    /table — show the game again at the bottom of the chat, when talk has pushed it up
    /hand — your cards again, at the bottom of our private chat
    /kick — remove a player: reply to their message with it, or add their name (host or admin)
    /notifyme — get a private message when the next game opens here (send it again to cancel)
    /settings — the rules of this chat (admins change them)
    /rules — the chat's rules in plain words
    /top — the chat's leaderboard; /top global — everyone's
    /stats — your statistics (followed by a player's username, or in reply to their message: theirs)
    /lang — the chat's language (admins)
    In the private chat with me:
    /stats — your statistics (followed by a player's username: theirs)
    /top — the global leaderboard
    /rules — the rules of the game you're in (or the official ones)
    /lang — your own language
    /hand — your cards again, at the bottom (one message for each game you play)
    /colours (or /colors) — colour letters on your cards (🟥R 5), on or off
    /forgetme — delete your statistics
    /privacy — what I keep about you, and who sees it
    Fair play: leaving a match counts as a loss, and so does stopping one you play in once a full round is over (practice against computers alone doesn't count). Being removed with /kick is never a loss, but if the one who removed a player still in play wins, the match counts for nobody.
# /help in a group: what a member needs to play; the full list is the private chat's. $join, $start: the
# group's buttons, as the lobby labels them
gameplay-help-group =
    <b>UNO: how to play here</b>
    • /new opens a game. The others press “{ $join }”, then the host (🔑), who opened it, presses “{ $start }”.
    • Your cards come to the private chat with me: open it once (the button below) and press “Start” (or “Запустить”). /hand sends them there again.
    • /table brings the game down to the bottom of the chat; /leave takes you out of it.
    • /rules: this chat's rules · /top: its leaderboard · /stats: your statistics
    All commands: /help in the private chat.
# most come from a group the bot is in (its greeting's, /help's button), some from a search
gameplay-private-hello = Hello! To play UNO, send /new in a group I'm already in, or add me to yours (the button below). Your cards will show up here. More: /help
gameplay-private-cards = { $count ->
    [1] Your cards are below.
   *[other] Your cards are below, one message for each game you play.
}
# under the first answer a person ever gets in the private chat, just before their first cards
gameplay-colours-hint = Colours hard to tell apart? /colours adds their letters to your cards: 🟥R 5.
# which game is not said (its saved data holds its chat's name), so where /stop goes neither: not "in its group",
# when it is played in a forum topic
gameplay-private-unreadable = A game you're in can't go on: its saved data can't be read. Its host or a chat admin can end it with /stop where it's played.
# a Start from the group's "My cards" link by one who does not play in its match (an onlooker, a newcomer)
gameplay-private-not-playing = You're not playing in the game in <b>{ $chat }</b>. Wait for it to end, or send /notifyme there: I'll write to you when the next game opens. When you play, your cards come here.
gameplay-joined-private = You're in the game in <b>{ $chat }</b>. Your cards will show up here.
gameplay-joined-private-games = You're in the games in { $chats }. Your cards will show up here.
# $where: topic when the game was played in a forum topic (its other topics hold games of their own), else group
gameplay-join-link-over = The game from that link is over. Ask in { $where ->
    [topic] its topic
   *[group] the group
} for a new one: /new
# a join link's game is over, and the bot is no longer in its group (removed, or the group deleted); under it
# the add-to-group button
gameplay-join-link-bot-gone = The game in <b>{ $chat }</b> from that link is over, and I'm no longer in that group. To play there, an admin has to add me back.
gameplay-join-link-started = The game in <b>{ $chat }</b> started before you joined.
# after gameplay-join-link-started, to one whose Start opened the private chat just now; $join: the lobby's
# button, as the group reads it
gameplay-join-link-next-time = Next time “{ $join }” works at once: I can write to you now.
gameplay-lobby-closed = This game was closed.
gameplay-lobby-closed-idle = This game was closed: nobody started it for { $minutes }{ "\u00A0" }minutes. Send /new to open a new one.
gameplay-lobby-closed-empty = This game was closed: everyone left it. Send /new to open a new one.
# the bot could no longer post there (removed, muted, its forum topic deleted): no "send /new", which fails
# there; nor in a closed topic until it is reopened (the next line's)
gameplay-lobby-closed-gone = This game was closed: I could no longer post here.
gameplay-lobby-closed-topic-closed = This game was closed: its topic was closed.
gameplay-lobby-closed-topics-off = This game was closed: the group's topics were turned off, and only one game can go on in its chat.
gameplay-started = <b>The game has started!</b>
# seven silence is on, and the bot cannot see the group's messages (privacy mode, and no admin)
gameplay-silence-unseen = ⚠️ Seven silence: I can't see this group's messages, so nobody takes cards for breaking a silence. For it to work, make me an admin of the group.
gameplay-stop-confirm = Stop the game for everyone?
# a match that counts already (two people played a full round of it): a player who stops it takes a loss
gameplay-stop-confirm-counted = Stop the game for everyone? A full round has been played, so a player who stops it takes a loss, and the match counts for nobody else.
# the same two, to a /stop sent as a comment under a post of the linked channel: the game is in the group's chat
gameplay-stop-confirm-in-chat = Stop the game in the chat <b>{ $chat }</b> for everyone?
gameplay-stop-confirm-counted-in-chat = Stop the game in the chat <b>{ $chat }</b> for everyone? A full round has been played, so a player who stops it takes a loss, and the match counts for nobody else.
# /stop in a forum topic closed to the bot: its question is asked in the sender's private chat, above the usual one
gameplay-stop-asked-here = The game in <b>{ $game }</b> is paused while its topic is closed, so I'm asking here.
# the same in a group that refuses the bot's posts (it was muted, or members may not send and it is no admin)
gameplay-stop-asked-here-muted = The game in <b>{ $game }</b> is paused while I may not post in its group, so I'm asking here.
# Yes or No to that question pressed once the topic was reopened
gameplay-stop-reopened = The game's topic is open again: to stop it, send /stop there.
# the same once the group that refused the bot's posts lets it post again
gameplay-stop-posts-again = I may post in the game's group again: to stop it, send /stop there.
# the same of a game in a forum topic: not "there", the group, whose General or other topics hold other games
gameplay-stop-posts-again-topic = I may post in the game's group again: to stop it, send /stop in its topic.
gameplay-stop-yes = Yes, stop it
gameplay-stop-no = No, play on
gameplay-stop-kept = The game goes on.
# No to it while the game is paused in a closed forum topic: it stays paused till the topic is reopened
gameplay-stop-kept-paused = The game goes on once the topic is reopened.
# the same while its group refuses the bot's posts: it stays paused till the bot may post there again
gameplay-stop-kept-paused-muted = The game goes on once I may post in its group again.
# a /stop question answered after its game ended (another game may be on by then)
gameplay-stop-outlived = The game this question was about is over.
# Yes to a /stop asked before the game started, pressed once it had: the match is not stopped
gameplay-stop-asked-in-lobby = This question was asked before the game started, so it goes on. To stop it, send /stop again.
gameplay-stop-done = { $player ->
    [yes] { $name } stopped the game.
    [lost] { $name } stopped the game: it's a loss for them, and the match counts for nobody else.
    [anonymous] A chat admin stopped the game.
   *[no] { $name }, a chat admin, stopped the game.
}
# the same, the question asked under a post of the linked channel: the game was in the group's chat
gameplay-stop-done-in-chat = { $player ->
    [yes] { $name } stopped the game in the chat <b>{ $chat }</b>.
    [lost] { $name } stopped the game in the chat <b>{ $chat }</b>: it's a loss for them, and the match counts for nobody else.
    [anonymous] A chat admin stopped the game in the chat <b>{ $chat }</b>.
   *[no] { $name }, a chat admin, stopped the game in the chat <b>{ $chat }</b>.
}
# the same Yes answered in the asker's private chat (the topic was closed): it names the game, not the reader
gameplay-stop-done-private = { $lost ->
    [yes] You stopped the game in <b>{ $game }</b>: it's a loss for you, and the match counts for nobody else.
   *[no] You stopped the game in <b>{ $game }</b>.
}
# /stop of a game whose saved data can't be read: stopped at once, no question
gameplay-stop-unreadable = The game is stopped: its saved data couldn't be read. No results were recorded. Send /new to open a new one.
gameplay-kick-usage = Reply to the player's message with /kick, or send /kick and their name.
gameplay-kick-several = Several players are called { $name }: { $names }. Send /kick and the name as the list of players shows it, or reply to their message with /kick.
# /kick and the start of a name (or of a word of it) that several players' names begin with
gameplay-kick-which = “{ $name }” could be several players: { $names }. Send /kick and more of the name, or reply to their message with /kick.
gameplay-kick-yourself = To leave the game, send /leave.
# /kick with no name and in reply to nothing: under the answer, a button for each player (but its sender), whose press removes them
gameplay-kick-pick = Which player should I remove? Press their name below, reply to their message with /kick, or send /kick and their name.
# a press on a player's button under /kick's answer (an alert): by another than who sent the /kick
alert-kick-not-yours = These buttons are for whoever sent the /kick. To remove a player yourself, send /kick.
# the same once the player has left or was removed already
alert-kick-gone = { $name } is no longer in the game.
# a press whose kick the match paused since the press was read (a topic closed, the group muting the bot) only
# noted (the toast; the typed /kick is told gameplay-kick-noted): not "was removed from the game"
# $cost: yes when what the kick means for the presser follows (gameplay-kick-noted-playing, -alone, -last): an
# alert holds 200 characters
alert-kick-noted = { $name } will leave the game when its topic is reopened{ $cost ->
    [yes] .
   *[no] : while it's closed, the game is paused and nothing in it changes.
}
alert-kick-noted-muted = { $name } will leave the game when I may post in its group again{ $cost ->
    [yes] .
   *[no] : until then, the game is paused and nothing in it changes.
}
# the alert's gameplay-kick-noted-playing-left, after alert-kick-noted (which names who is still playing): in
# fewer words, $left naming the first who left and how many more, to hold 200 characters with long names
alert-kick-noted-playing-left = If you win now, the match counts only as a loss for { $left }, who { $count ->
    [one] left
   *[other] each left
} it.
# the same in fewer words, naming nobody (the alert's first sentence names who is still playing), for when
# names of 2 UTF-16 units a letter (𝐀𝐁𝐂) run it past 200: no one left before (-playing), $count who did
alert-kick-noted-playing = If you win now, the match counts for nobody.
alert-kick-noted-playing-counted = If you win now, the match counts only as a loss for { $count ->
    [one] the player who left it
   *[other] the { $count } players who each left it
}.
# gameplay-kick-noted-last in an alert, naming nobody, for when names of 2 UTF-16 units a letter run it past 200
alert-kick-noted-last = When the game goes on, one player will be left in it, so it stops at once and nobody wins.
# to who pressed a player's button under /kick's answer (a toast): the kick is done
gameplay-kicked = { $name } was removed from the game.
# the group's notice of a kick: $kicker is player (one of the match's players, $by named as its screens name
# them), admin (a chat admin outside it, $by their name) or anonymous (an anonymous admin: unnamed)
gameplay-kicked-by = { $kicker ->
    [player] { $by } removed { $name } from the game.
    [admin] { $by }, a chat admin, removed { $name } from the game.
   *[anonymous] A chat admin removed { $name } from the game.
}
# the same, to who sent /kick as a comment under a post of the linked channel: the notice is in the group's chat
gameplay-kicked-in-chat = { $name } was removed from the game in the chat <b>{ $chat }</b>.
# in private, to one removed from a lobby (which told them there that their cards would come): a match's hand
# says it instead
gameplay-kicked-from-lobby = You were removed from the game in <b>{ $chat }</b>.
# the group's notice of a player's kick of one still playing (not holding the game up): $by can't win by it
gameplay-kicked-playing = { $by } removed { $name } from the game. { $name } was still playing, so if { $by } wins now, the match counts for nobody.
# the same, when players left the match before ($left, $count of them): their loss stands whoever wins
gameplay-kicked-playing-left = { $by } removed { $name } from the game. { $name } was still playing, so if { $by } wins now, the match counts only as a loss for { $left }, who { $count ->
    [one] left
   *[other] each left
} it.
# /leave or /kick while the game is paused in a closed forum topic: said in the sender's private chat (the
# bot can't post in the topic); $game: the group and topic
gameplay-leave-noted = You'll leave the game in <b>{ $game }</b> when its topic is reopened: while it's closed, the game is paused and nothing in it changes.
gameplay-leave-noted-already = Your leaving is noted already: you'll leave the game in <b>{ $game }</b> when its topic is reopened.
gameplay-kick-noted = { $name } will leave the game in <b>{ $game }</b> when its topic is reopened: while it's closed, the game is paused and nothing in it changes.
# said after gameplay-kick-noted (or its -muted twin) when the one removed is still playing (not holding the
# game up): if the sender, a player, wins, it counts for nobody
gameplay-kick-noted-playing = { $name } is still playing, so if you win now, the match counts for nobody.
# the same, when players left the match before, or their leaving is noted too ($left, $count of them): their
# loss stands whoever wins
gameplay-kick-noted-playing-left = { $name } is still playing, so if you win now, the match counts only as a loss for { $left }, who { $count ->
    [one] left
   *[other] each left
} it.
# said after gameplay-kick-noted (or its -muted twin) instead of -playing when the sender is the only one left
# once the kick and the leaving noted take effect (they removed their last opponent): the match then stops
gameplay-kick-noted-alone = When the game goes on, you'll be the only one left in it, so it stops at once and nobody wins.
# the same to a chat admin outside the match (or one whose own leaving is noted too) whose kick leaves one
# player, $name, in it once the kick and the leaving noted take effect: the match then stops too
gameplay-kick-noted-last = When the game goes on, only { $name } will be left in it, so it stops at once and nobody wins.
gameplay-kick-noted-already = Noted already: { $name } will leave the game in <b>{ $game }</b> when its topic is reopened.
# the same while the game is paused as its group refuses the bot's posts (muted, or members may not send)
gameplay-leave-noted-muted = You'll leave the game in <b>{ $game }</b> when I may post in its group again: until then, the game is paused and nothing in it changes.
gameplay-leave-noted-already-muted = Your leaving is noted already: you'll leave the game in <b>{ $game }</b> when I may post in its group again.
gameplay-kick-noted-muted = { $name } will leave the game in <b>{ $game }</b> when I may post in its group again: until then, the game is paused and nothing in it changes.
gameplay-kick-noted-already-muted = Noted already: { $name } will leave the game in <b>{ $game }</b> when I may post in its group again.
gameplay-kick-computer-lobby = Computer players aren't removed with /kick: press “{ $remove_computer }” under the list of players.
gameplay-kick-computer-match = Computer players aren't removed with /kick: they make their own moves and play until the match ends.
gameplay-computer-name = Computer { $number }
# No turn timer and no move for long: the game is stopped after $left more minutes, and counts as a loss for the
# player to move (as leaving would). $name: a mention (it notifies).
gameplay-idle-warning = ⏳ { $name }, your move: nobody has moved for { $idle ->
    [one] { $idle }{ "\u00A0" }minute
   *[other] { $idle }{ "\u00A0" }minutes
}, and without a move the game stops in { $left ->
    [one] { $left }{ "\u00A0" }minute
   *[other] { $left }{ "\u00A0" }minutes
}, as a loss for you.
# The same when the player to move can't get their cards (blocked the bot, never pressed Start): no "your move",
# but what lets the game go on. $mention: a mention (it notifies); $name: the name as /kick takes it; $host: yes
# when they are the host themselves, whom only an admin can remove; $blocked: yes when they blocked the bot (its
# chat then offers the app's “Restart”, not “Start”), as in the next three.
gameplay-idle-warning-unreachable = ⏳ Nobody has moved for { $idle ->
    [one] { $idle }{ "\u00A0" }minute
   *[other] { $idle }{ "\u00A0" }minutes
}, and without a move the game stops in { $left ->
    [one] { $left }{ "\u00A0" }minute
   *[other] { $left }{ "\u00A0" }minutes
}, as a loss for the player to move. { $mention } is to move but can't get their cards from me: { $host ->
    [yes] a chat admin
   *[no] the host or an admin
} can remove them with /kick { $name }, or they can open the chat with me and press { $blocked ->
    [yes] “Restart” (or “Перезапустить”)
   *[no] “Start” (or “Запустить”)
}:
gameplay-unreachable = { $mention } can't get their cards from me, so their turns will time out. Open the chat with me and press { $blocked ->
    [yes] “Restart” (or “Перезапустить”)
   *[no] “Start” (or “Запустить”)
}:
gameplay-unreachable-lobby = { $mention } can't get messages from me, so they won't see their cards once the game starts. Open the chat with me and press { $blocked ->
    [yes] “Restart” (or “Перезапустить”)
   *[no] “Start” (or “Запустить”)
}:
gameplay-unreachable-untimed = { $mention } can't get their cards from me, and without a turn timer the game waits for them. { $host ->
    [yes] A chat admin
   *[no] The host or an admin
} can remove them with /kick { $name }, or they can open the chat with me and press { $blocked ->
    [yes] “Restart” (or “Перезапустить”)
   *[no] “Start” (or “Запустить”)
}:
gameplay-reachable = ✅ { $name } can get their cards from me now.
gameplay-reachable-lobby = ✅ { $name } can get messages from me now: they will see their cards once the game starts.
gameplay-not-in-group = Send this command in the group where you play, or add me to a group first (the button below).
# a group's game command (/leave, /stop) in the private chat of one who plays: the chats of their games (a forum
# topic's as "Chat · Topic", where the command goes, not to the group)
gameplay-game-command = { $count ->
    [one] Send this command in the chat where you play: { $chats }.
   *[other] Send this command in the chat of the game you mean: { $chats }.
}
# /leave in the private chat of one seated in several games, some paused in closed forum topics (where only
# admins may post): a button under it leaves each paused one; the others are left in their groups
gameplay-leave-paused-choice = { $count ->
    [1] The game in { $paused } is paused, its topic closed: leave it with the button below.
   *[other] The games in { $paused } are paused, their topics closed: leave one with its button below.
}
# the same of games paused as their groups refuse the bot's posts (it was muted, or members may not send and it is no admin)
gameplay-leave-paused-choice-muted = { $count ->
    [1] The game in { $paused } is paused while I may not post in its group: leave it with the button below.
   *[other] The games in { $paused } are paused while I may not post in their groups: leave one with its button below.
}
gameplay-leave-elsewhere = To leave another game, send /leave in its chat: { $chats }.
button-leave-paused = 🚪 Leave { $game }
gameplay-anonymous-cannot-play = Anonymous admins can't play: to join, turn off “Remain anonymous” in your admin rights (the group's settings, Administrators).
command-kick = Remove a player (reply to them or add their name)
command-notifyme = Get a message when the next game opens here
command-table = Show the game's table again at the bottom
command-hand = Your cards again, at the bottom of the private chat
# /hand in a group from one playing its match: their hand came anew at the bottom of the private chat
gameplay-hand-sent = 🃏 Your cards are in our private chat, at the bottom.
# /hand in a group from a player of its match the bot can't write to; Telegram labels its Start button in the
# reader's app language, not the answer's: both labels; $blocked: yes when they blocked the bot after starting
# it (its chat then offers the app's “Restart”, not “Start”)
gameplay-hand-start-first = 🃏 Your cards come to our private chat: open it (the button below) and press { $blocked ->
    [yes] “Restart” (or “Перезапустить”)
   *[no] “Start” (or “Запустить”)
}.
# /hand from one who plays in no match: here (a group) or anywhere (the private chat); $lobby: "yes" when they
# are in a lobby, whose cards are not dealt yet
gameplay-hand-none = { $lobby ->
    [yes] 🃏 No cards yet: they come to our private chat once the game starts.
   *[no] { $where ->
        [group] 🃏 You're not playing in the game here.
       *[private] 🃏 You're not playing in any game now. Send /new in a group to open one.
    }
}
# /hand in private from one in no game but running matches they left or were removed from, which go on (not
# "send /new to open one", as if none ran); { $games }: their chats in bold; both lines when there are both kinds
gameplay-hand-kicked = { $count ->
    [1] 🃏 You were removed from the game in { $games }.
   *[other] 🃏 You were removed from the games in { $games }.
}
gameplay-hand-left = { $count ->
    [1] 🃏 You're no longer in the game in { $games }.
   *[other] 🃏 You're no longer in the games in { $games }.
}
# /hand in the group from one who left its match going on, or was removed from it: not "You're not playing in
# the game here", as if they had never been
gameplay-hand-kicked-here = 🃏 You were removed from this game.
gameplay-hand-left-here = 🃏 You're no longer in this game.
# /hand sent as a comment under a post of the linked channel from one not seated in the game: it is in the group's chat
gameplay-hand-none-in-chat = 🃏 You're not playing in the game in the chat <b>{ $chat }</b>.
# /hand in a forum topic with no game from one seated in none of the group's games, which go on in its other
# topics ({ $games }: "Chat · Topic" in bold): not "There is no game in this topic. Start one with /new.", as if
# the group had none
gameplay-hand-none-forum = { $count ->
    [1] 🃏 You're not playing in this group's game: it's in { $games }.
   *[other] 🃏 You're not playing in any of this group's games: they're in { $games }.
}
# /table: the old table message, when Telegram no longer lets the bot delete it (older than 48 hours)
gameplay-table-moved = ⬇️ The game goes on in a new message below.
# /new sent as a comment under a post of the linked channel: the lobby opened in the group's chat, which the comments do not show
gameplay-lobby-not-in-comments = 🎮 The game is open in the chat <b>{ $chat }</b>, not in the comments: join it there.
# /table sent as a comment under a post of the linked channel, a match under way: it is played in the group's chat
gameplay-match-not-in-comments = 🎮 The game is played in the chat <b>{ $chat }</b>, not in the comments: follow it there.
# /join sent as a comment under a post of the linked channel (or /new there, from one already in the game): they are in, the game is in the group's chat
gameplay-in-game-not-in-comments = 🎮 You're in the game. It's played in the chat <b>{ $chat }</b>, not in the comments.
# /leave sent as a comment under a post of the linked channel: the lobby or table showing it is in the group's chat
gameplay-left-not-in-comments = 🎮 You've left the game in the chat <b>{ $chat }</b>.
# /table within half a minute of the table (or lobby) being posted, by /table or by the game: it is just above
gameplay-table-just-posted = ⬆️ The game's message is just above: it was posted a moment ago.
# /table when the chat's (or topic's) last game has ended: its results, under which "Play again" opens the next
gameplay-table-over-play-again = 🏁 The last game here is over. To start the next one, press “{ button-play-again }” under its results or send /new.
# /table when the last game ended without results to show (stopped as the group's topics went off, or its
# results not posted yet)
gameplay-table-over = 🏁 The last game here is over. To start the next one, send /new.
# /table when the last game was closed before it started (nobody started it, everyone left, the host stopped
# it): there are no results
gameplay-table-over-unstarted = 🏁 The last game here was closed before it started. To open a new one, send /new.
# /table sent as a comment under a post of the linked channel once the game is over: its results (and Play again) are in the group's chat
gameplay-table-over-in-chat = 🏁 The last game in the chat <b>{ $chat }</b> is over. To start the next one, send /new.
gameplay-table-over-unstarted-in-chat = 🏁 The last game in the chat <b>{ $chat }</b> was closed before it started. To open a new one, send /new.

## /notifyme: a word in private when the next lobby opens in the group (or topic)

notify-subscribed = 🔔 { $name }, I'll write to you when the next game opens here.
notify-subscribed-after-match = 🔔 { $name }, there's a game on here now: I'll write to you when the next one opens.
notify-subscribed-private-first = 🔔 { $name }, I'll write to you when the next game opens here, { notify-cannot-write-yet }
notify-cancelled = 🔕 { $name }, I won't write to you about the next game here.
# the same, sent as a comment under a post of the linked channel: the games are in the group's chat, not "here"
notify-subscribed-in-chat = 🔔 { $name }, I'll write to you when the next game opens in the chat <b>{ $chat }</b>.
notify-subscribed-after-match-in-chat = 🔔 { $name }, there's a game on in the chat <b>{ $chat }</b> now: I'll write to you when the next one opens.
notify-subscribed-private-first-in-chat = 🔔 { $name }, I'll write to you when the next game opens in the chat <b>{ $chat }</b>, { notify-cannot-write-yet }
notify-cancelled-in-chat = 🔕 { $name }, I won't write to you about the next game in the chat <b>{ $chat }</b>.
# Telegram labels its Start button in each reader's app language, not the group's: both labels; $blocked: yes
# when they blocked the bot (its chat then offers the app's “Restart”, not “Start”)
notify-cannot-write-yet = { $blocked ->
    [yes] but you blocked me: open the chat with me (the button below) and press “Restart” (or “Перезапустить”).
   *[no] but I can't write to you yet: open a private chat with me (the button below) and press “Start” (or “Запустить”).
}
# after "the game has already started" to one not playing it
notify-next-game = Send /notifyme and I'll write to you when the next one opens.
# the same, to one who sent /notifyme already (sent again, it would take the request back)
notify-next-game-awaited = You sent /notifyme: I'll write to you when the next one opens.
notify-lobby-opened = 🃏 A game of UNO is open in <b>{ $chat }</b> (opened by { $name }).
# the Start greeting of someone waiting (/notifyme); $chats: the places' titles in bold (a forum topic as "Chat · Topic", a second chat of one title as "Friends ²"); $count: how many
notify-awaited = 🔔 I'll write to you here when the next game opens { $count ->
    [one] in { $chats }
   *[other] in each of these chats: { $chats }
}. More: /help

## The bot added to a group: what the group reads first
# shown once when someone adds the bot to a group (privacy mode or not: commands and buttons are all it needs;
# only the seven_silence rule under privacy mode needs admin rights, and says so itself)
group-greeting =
    👋 Hi! I'm here to play UNO with this group. I don't need admin rights for it.
    • /new opens a game. The others press “{ button-join }”, then the host (🔑), who opened it, presses “{ button-start }”.
    • Each player gets their cards in a private chat with me: open it once (the button below) and press “Start” (or “Запустить”).
    • /rules shows this chat's rules; admins change them with /settings. All commands: /help
# under a text in another language (the first Start of one whose app's language the bot lacks): how to switch
# to this one, their own
language-offer = 🌐 In English: /lang en
# the same under a group's text (its greeting, the word that it took a language), which every member reads:
# the group's is switched by an admin (a member's /lang there is refused)
language-offer-group = 🌐 In English: an admin can send /lang en
# said once, before the answer to a group's first command, when its sender's language is not the one the bot
# spoke there before (DEFAULT_LANGUAGE): the group takes it; the other language's language-offer follows
group-language-taken = 🌐 I'll write in English in this chat. Admins can change its language with /lang.
