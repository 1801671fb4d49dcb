## English catalogue. Texts are Telegram HTML: arguments must arrive escaped (Translator.html does it).

## Counted nouns

# a count held on one line with its word (a no-break space): a line wraps before "2 cards" or "120 points", never
# inside it
cards-count = { $count ->
    [one] { $count }{ "\u00A0" }card
   *[other] { $count }{ "\u00A0" }cards
}
points-count = { $count ->
    [one] { $count }{ "\u00A0" }point
   *[other] { $count }{ "\u00A0" }points
}

## Colours (as a colour named on its own, e.g. "Colour: red")

colour-red = red
colour-yellow = yellow
colour-green = green
colour-blue = blue
# after a card's square for a reader who asked for them (/colours): "🟥R 5"
colour-letter-red = R
colour-letter-yellow = Y
colour-letter-green = G
colour-letter-blue = B

## Buttons

button-join = Join
button-leave = Leave
button-start = Start the game
button-draw = Draw a card
button-pass = Pass
button-uno = UNO!
button-catch = Catch!
button-challenge = Challenge
button-slap = Slap!
button-open-private = Open the chat with me
button-to-the-game = Go to the game
button-add-to-group = ➕ Add me to a group
button-previous-page = « Back
button-next-page = Next »
button-colour-red = 🟥 Red
button-colour-yellow = 🟨 Yellow
button-colour-green = 🟩 Green
button-colour-blue = 🟦 Blue

## Alerts on button presses (short: Telegram shows at most 200 characters)

alert-joined = You joined the game.
# a refusal ($text) on a hand of one who plays in several groups at once: the hand's group ($chat) first
alert-in-group = { $chat }: { $text }
alert-left = You left the game.
# $names: those caught at once ($count), listed
alert-caught = { $count ->
    [one] 🎯 You caught { $names } without UNO!
   *[other] 🎯 You caught { $names }: none of them called UNO!
}
alert-false-catch = 🎯 Nobody could be caught: you took { render-cards-taken } for a false catch.
alert-uno-called = 📣 You called UNO! Nobody can catch you now.
alert-slapped = 👋 You slapped.

## Errors and notices in chats

error-unknown-command = Unknown command. See /help.
error-private-chatter = I only understand commands and buttons. See /help.
# a command typed as a photo's (a video's, a document's) caption, which the bot does not act on
error-caption-command = I read commands in text messages only: send { $command } on its own, without the attachment.
error-channel = UNO is played in groups: add me to a group and send /new there.
error-sent-as-channel = You are writing as a channel, so I can't tell who you are: switch to your own name (tap the picture next to the message field) and send the command again.
error-sent-anonymously = You are writing anonymously, as the group, so I can't tell who you are: turn off “Remain anonymous” in your admin rights (the group's settings, Administrators) and send the command again.
error-internal = ⚠️ Sorry, something went wrong on my side. Please try again in a moment.
# the database out of reach (its server down, its file locked): nothing of the command or press was saved
error-database-unavailable = ⚠️ Couldn't save that just now. Please try again in a moment.
# the same, for a command that only reads (/table, /stats, /top, /rules...): nothing was to be saved
error-database-unreadable = ⚠️ I can't reach my game records just now. Please try again in a moment.
error-not-manager = Only the host, { $name }, or a chat admin can do that.
error-no-game = There is no game in this chat. Start one with /new.
error-no-game-topic = There is no game in this topic. Start one with /new.
# a command in a forum topic with no game, from one seated in a lobby or match going on in another topic of the
# group ({ $games }: "Chat · Topic" in bold): where theirs is, rather than only "start one with /new"
error-no-game-topic-yours = { $count ->
    [1] There is no game in this topic: yours is in { $games }. To start another one here, send /new.
   *[other] There is no game in this topic: yours are in { $games }. To start another one here, send /new.
}
# the same for /leave: a /leave here is for a game here, theirs is left in its topic
error-no-game-topic-yours-leave = { $count ->
    [1] There is no game in this topic: yours is in { $games }. To leave it, send /leave there.
   *[other] There is no game in this topic: yours are in { $games }. To leave one of them, send /leave in its topic.
}
# the same to an anonymous admin (posting as the group), whose own /new is refused
error-no-game-anonymous = There is no game in this chat. A member starts one with /new (anonymous admins can't play).
error-no-game-topic-anonymous = There is no game in this topic. A member starts one with /new (anonymous admins can't play).
# a command in a forum topic with no game, from one whose match in another topic of the group is paused, that topic
# closed to the bot ({ $games }: "Chat · Topic" in bold; instead of error-no-game-topic, which reads as if it
# were gone; /new opens its lobby all the same, and this is said under it)
error-paused-elsewhere = { $count ->
    [1] ⏸ Your game in { $games } is paused while its topic is closed. It will go on when the topic is reopened.
   *[other] ⏸ Your games in { $games } are paused while their topics are closed. Each will go on when its topic is reopened.
}
# below it, for /leave: the private chat's /leave leaves a paused game (when it goes on)
error-paused-elsewhere-leave = { $count ->
    [1] To leave it, send /leave in the private chat with me: you'll leave when its topic is reopened.
   *[other] To leave one of them, send /leave in the private chat with me: you'll leave it when its topic is reopened.
}
error-sent-before-this-game = Your { $command } was sent before this game was opened and reached me late, so it doesn't apply to this game. Send { $command } again if you mean this one.
error-new-too-late = This /new reached me late (I was offline), so I didn't open a game: send /new again to play.
# to one who plays in the match under way (one left overnight, say): how to end it to start another
error-game-exists = A game is already running here. The host (🔑) or a chat admin can stop it with /stop.
# to one not playing the match under way: what gets them into the next game
error-game-exists-next = A game is already running here. { notify-next-game }
error-game-exists-next-awaited = A game is already running here. { notify-next-game-awaited }
error-lobby-open = A game is already open here: join it with /join.
# in reply to a comment under a post of the linked channel (/stats with nothing to show): the game is in the group's chat
# (the first, as error-game-exists: said of a game whose saved data can't be read, to anyone, which only /stop ends;
# a player of a match under way is told its end otherwise)
error-game-exists-in-chat = A game is already running in the chat <b>{ $chat }</b>. The host (🔑) or a chat admin can stop it there with /stop.
error-game-exists-next-in-chat = A game is already running in the chat <b>{ $chat }</b>. { notify-next-game }
error-game-exists-next-awaited-in-chat = A game is already running in the chat <b>{ $chat }</b>. { notify-next-game-awaited }
error-lobby-open-in-chat = A game is already open in the chat <b>{ $chat }</b>: join it there.
error-not-in-game = { $name } isn't in the game.
# answering the /join of one the bot cannot write to yet: Start there completes the join; $blocked: as below
error-start-private-first = { $name }, to join the game, open a private chat with me (the button below) and press { $blocked ->
    [yes] “Restart” (or “Перезапустить”)
   *[no] “Start” (or “Запустить”)
}: your cards will come there.
# under the lobby of one who opened it (seated in it) before the bot could write to them; $blocked: yes when
# they blocked the bot (its chat then offers the app's “Restart”, not “Start”)
error-start-private-seated = { $name }, you're in the game. To get your cards, open a private chat with me (the button below) and press { $blocked ->
    [yes] “Restart” (or “Перезапустить”)
   *[no] “Start” (or “Запустить”)
}.
# /startgame while someone who pressed Join (or sent /join) has yet to press Start in the private chat;
# $names, $count, $blocked: as refusal-joiners-on-their-way's
error-joiners-on-their-way = { $names } { $count ->
    [1] hasn't
   *[other] haven't
} pressed { $blocked ->
    [all] “Restart” (or “Перезапустить”)
    [some] “Start” (or “Запустить”) or “Restart” (or “Перезапустить”)
   *[none] “Start” (or “Запустить”)
} in the chat with me yet. Wait for them, or send /startgame again to start without them.

# a forum topic closed to the bot (only admins post there): the answer to a command sent there, in its sender's private chat
closed-topic-answer =
    🔒 The topic in <b>{ $chat }</b> where you sent the command is closed to me, so I'm answering here:
    { $answer }
# the same for a leaderboard, whose buttons are for the group: it is not posted in private
closed-topic-board = 🔒 The topic in <b>{ $chat }</b> where you asked for the leaderboard is closed to me, so I can't show it there. Send the command again in an open topic.
# the same for a command that is the private chat's (/colours, /forgetme)
closed-topic-private-command = 🔒 The topic in <b>{ $chat }</b> where you sent the command is closed to me. It's a command for this chat anyway: send it here.
# the same for /start (the group's greeting says "here" and to send /new there)
closed-topic-start = 🔒 The topic in <b>{ $chat }</b> where you sent /start is closed to me, so I can't post there. To play, send /new in an open topic. All commands: /help
# a /new (or Play again) in a forum topic closed to the bot: its lobby's message was refused, and the lobby is gone
closed-topic-new-game = 🔒 I couldn't open the game in <b>{ $game }</b>: its topic is closed to me. Send /new in an open topic.
# to each seated in a lobby closed with its topic (its message, which would say so, is refused too)
closed-topic-lobby-closed = 🔒 The game in <b>{ $game }</b> that you'd joined was closed: its topic was closed, and I can't post there. To play, send /new in an open topic.
# the group's answers that say "here" for the topic, or to send /new there, as they read forwarded (below closed-topic-answer)
closed-topic-no-game = There is no game in that topic. To play, send /new in an open topic.
# error-no-game-topic-yours as it is forwarded
closed-topic-no-game-yours = { $count ->
    [1] There is no game in that topic: yours is in { $games }.
   *[other] There is no game in that topic: yours are in { $games }.
}
# error-no-game-topic-yours-leave as it is forwarded
closed-topic-no-game-yours-leave = { $count ->
    [1] There is no game in that topic: yours is in { $games }. To leave it, send /leave there.
   *[other] There is no game in that topic: yours are in { $games }. To leave one of them, send /leave in its topic.
}
# gameplay-hand-none-forum as it is forwarded
closed-topic-hand-none-forum = { $count ->
    [1] 🃏 You're not playing in that group's game: it's in { $games }.
   *[other] 🃏 You're not playing in any of that group's games: they're in { $games }.
}
# to a player of the match there (only a chat admin posts in a closed topic), as error-game-exists
closed-topic-game-exists = A game is already running in that topic. The host (🔑) or a chat admin can stop it there with /stop.
closed-topic-game-exists-next = A game is already running in that topic. Send /notifyme there and I'll write to you when the next one opens.
closed-topic-game-exists-next-awaited = A game is already running in that topic. You sent /notifyme there: I'll write to you when the next one opens.
closed-topic-table-over = 🏁 The last game in that topic is over. To start the next one, send /new in an open topic.
closed-topic-table-over-unstarted = 🏁 The last game in that topic was closed before it started. To open a new one, send /new in an open topic.
closed-topic-notify-subscribed = 🔔 { $name }, I'll write to you when the next game opens in that topic.
closed-topic-notify-subscribed-after-match = 🔔 { $name }, there's a game on in that topic now: I'll write to you when the next one opens.
closed-topic-notify-cancelled = 🔕 { $name }, I won't write to you about the next game in that topic.
# a group where the bot may not post (muted, or only admins may send and the bot is no admin): the alert answering a press on one of its buttons there (at most 200 characters)
muted-group-alert = 🔇 I can't post in this group, so my buttons here do nothing for now. An admin can make me an admin of the group or allow me to send messages.
# the same, to the sender of a command there, in their private chat (the answer in the group was refused)
muted-group-answer = 🔇 I can't post in <b>{ $chat }</b>, so I can't answer your command there. An admin can make me an admin of the group or allow me to send messages.
# the same, to whoever pressed Play again or Start there, in their private chat: the lobby or table the press posted was refused, and the game stopped
muted-group-press = 🔇 I can't post in <b>{ $chat }</b>, so I had to stop the game your button started there. An admin can make me an admin of the group or allow me to send messages.

## Commands (menu descriptions)

command-new = Create a new game in this chat
command-join = Join the game
command-start = Start the game
command-leave = Leave the game
command-stop = Stop the game (host or admin)
command-settings = Settings: this chat's rules and language
command-rules = The rules in plain words
command-stats = Your statistics
command-top = Leaderboard
command-language = Change the language
command-help = Help


## The bot's profile: its description, read in the empty private chat a group's button opens (above Telegram's
## Start button), and its short description, on its profile page (at most 512 and 120 characters)

bot-description =
    🃏 I deal UNO in Telegram groups: each player gets their cards here, in the chat with me.
    Came from a group? Press “Start” below so that I can write to you: then the “{ button-join }” you pressed there takes effect.
    To play in your own group, add me to it and send /new there.
bot-short-description = UNO for Telegram groups: add me to a group and send /new. Each player's cards come in a private chat.

## For every app in neither language: both languages' texts in one, so each half is brief (the button is
## named by place, as its label is in the app's own language)
bot-description-brief =
    🃏 I deal UNO in Telegram groups; your cards come here.
    Came from a group? Press the button below so that I can write to you: then the “{ button-join }” you pressed there takes effect.
    For your own group, add me to it and send /new there.
bot-short-description-brief = UNO for Telegram groups: add me and send /new.
