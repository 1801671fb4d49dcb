## Leaderboards and personal stats. Names arrive escaped; ratings arrive as plain digits.

stats-top-title-chat = 🏆 <b>Leaderboard: { $chat }</b>
# when the title with the chat's is wider than a narrow phone's line (~32 characters), the chat's goes apart
stats-top-title-chat-apart =
    🏆 <b>Leaderboard:</b>
    <b>{ $chat }</b>
stats-top-title-global = 🌍 <b>Global leaderboard</b>
# a player whose Telegram account was deleted, in place of the name the bot no longer keeps
stats-deleted-account = Deleted account
# the board's period and ordering, as a tab's label: "September 2026 (UTC) · win rate" is 31 characters, within
# a narrow phone's line (tests/narrow_phone.py); "September 2026 (UTC), by win rate" was 33, and wrapped
stats-top-subtitle = { $period } · { $ordering }
stats-ordering-rating = rating
stats-ordering-wins = wins
stats-ordering-win-rate = win rate
stats-ordering-points = points
stats-period-all-time = All time
# a board of one month, by its name ($year arrives as plain digits); months turn at midnight UTC (03:00 in
# Moscow), which the label says
stats-period-month = { $month ->
    [1] January
    [2] February
    [3] March
    [4] April
    [5] May
    [6] June
    [7] July
    [8] August
    [9] September
    [10] October
    [11] November
   *[12] December
} { $year } (UTC)
# a board's player takes two lines (a narrow phone shows ~30 characters of one): the place and name, then the
# figures, led by the one the board ranks by; set apart by " · ", where alone a line too wide wraps (the
# spaces inside a figure become no-break ones: bot/tg/board_views.py)
stats-top-line = { $place } <b>{ $name }</b>
stats-top-figures-rating = { $rating }{ $mark } · { $record } ({ $win_rate })
stats-top-figures-wins = { $record } ({ $win_rate })
stats-top-figures-win-rate = { $win_rate } · { $record }
stats-top-figures-points = { $points ->
    [one] { $points } point
   *[other] { $points } points
} · { $record }
# $record of the figures
stats-top-record = { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
} of { $matches }
stats-provisional-mark = ?
stats-provisional-note = <i>? provisional rating: fewer than { $matches }{ "\u00A0" }rated{ "\u00A0" }matches{ $unrated }</i>
# $unrated of stats-provisional-note (else empty): a provisional player on the board has that many matches, so
# some were not rated
stats-provisional-unrated = { " " }(a match with a computer player isn't rated)
# under a chat's or a month's board by rating
stats-rating-note = <i>Ratings are overall: each counts the player's matches in every chat, all time.</i>
# under a board by points where nobody has any
stats-points-note = <i>Points come only from matches where a round's winner takes the points left in the others' hands: own-hand and one-round matches give none.</i>
# under a board by win rate where someone has fewer matches: their lines show "–" for a place
stats-win-rate-note = <i>By win rate, only players with at least { $matches }{ "\u00A0" }matches get a place; the others follow, without one (–).</i>
stats-top-page = Page { $page } of { $pages }
# an empty board: no match between people finished (in the chat, or anywhere), and no practice either
stats-top-empty = No match between people has finished yet. { $start }
# the same after practice against computers alone, which is on no board: "no finished matches" would puzzle
stats-top-empty-practiced = No match between people has finished yet: practice against computers alone doesn't count. { $start }
# $start of stats-top-empty and stats-personal-none-self: /new works only in a group
stats-start-here = Start one here with /new.
stats-start-in-group = Start one in a group with /new.
# $start of stats-top-empty while a game is open or under way here (which refuses a /new): true still once it ends, as a posted board stays
stats-start-play-here = Play one here to get on the board.
# the same under a post of the linked channel, whose comments show nothing of the game: it is in the group's chat
stats-start-play-in-chat = Play one in the chat <b>{ $chat }</b> to get on the board.
# forwarded from a forum topic closed to the bot, which takes no new game
stats-start-open-topic = Start one in an open topic with /new.
# $start of stats-personal-none-self when the asker plays in a game (a lobby or a match): /new there is refused;
# $chats: the groups of all their games (bold); [1]: one match under way, in another chat than the /stats's
stats-start-playing = { $count ->
    [1] Your game in { $chats } isn't over yet: its results come when it ends.
   *[other] Your games in { $chats } aren't over yet: their results come when they end.
}
# the same for one lobby not started yet ($chats: its group, bold), and for the one game in the chat (or
# forum topic) the /stats is sent in
stats-start-playing-lobby = You've joined a game in { $chats } that hasn't started yet: its results come when it ends.
stats-start-playing-here = Your game here isn't over yet: its results come when it ends.
stats-start-playing-lobby-here = The game here that you've joined hasn't started yet: its results come when it ends.
stats-top-empty-month = No match between people has finished this month yet.
stats-top-empty-month-practiced = No match between people has finished this month yet: practice against computers alone doesn't count.

## Buttons of the leaderboard (the chosen one carries the keyboards' ✅, bot/tg/render/chosen.py)

stats-button-rating = Rating
stats-button-wins = Wins
stats-button-win-rate = Win rate
stats-button-points = Points
stats-button-all-time = All time
stats-button-this-month = This month

## /stats

stats-personal-title = 📊 <b>{ $name }</b>
# under the title: a chat's /top counts only that chat, so figures larger than its board's need saying why
stats-personal-scope = All chats, all time
# The card's lines fit a narrow phone (~32 characters): a figure on a short line of its own, by its label; a
# note in italics is prose, which wraps as a paragraph does.
stats-personal-rating = Rating: <b>{ $rating }</b>{ $provisional }
# what "provisional" means, said where it shows (the board says it in its note)
stats-personal-provisional = , provisional
    (fewer than { $matches }{ "\u00A0" }rated{ "\u00A0" }matches)
stats-personal-trend = { $matches ->
    [one] Last rated match:
   *[other] Last { $matches }{ "\u00A0" }rated{ "\u00A0" }matches:
}
    { $arrow } { $change } { $sparkline }
# the matches the boards count (a match left, or stopped by its player, is one: a loss), not those finished: one
# left read as finished
stats-personal-matches = Matches counted: { $matches }
    Won: { $wins } ({ $win_rate })
stats-personal-matches-none = Matches counted: none yet
# under stats-personal-matches, when some had a computer player: they count on the boards, not in the rating
stats-personal-with-computers = Matches with a computer: { $matches }
    (such matches change no rating)
stats-personal-streak = Best win streak: { $streak }
stats-personal-rounds = Rounds won: { $rounds }
    Points: { $points }
# rounds won, yet no points
stats-personal-rounds-unscored = Rounds won: { $rounds }
    Points: 0
    <i>Own-hand and one-round matches give no points, and nor does a match left or stopped.</i>
stats-personal-place = Average place: { $place }
stats-personal-uno = UNO! calls: { $calls }
stats-personal-catches = Caught opponents: { $made }
    Caught by opponents: { $suffered }
stats-personal-challenges = Challenges: { $won } of { $total } won ({ $rate })
# last lines of /stats, when there were any, the note under the figure: practice counts apart, so a win over
# computers alone, or over someone who joined and left at once, climbs no board (a leaver still counts their
# loss)
stats-personal-practice = Practice: won { $wins } of { $matches }
stats-personal-practice-note = <i>Practice, and matches the others left during the first round, count neither in the figures above nor on the leaderboards: a match counts once at least two people have played a full round of it.</i>
stats-personal-none-self = You haven't finished a match yet. { $start }
stats-personal-none = { $name } hasn't finished a match yet.
# a private chat has no message of theirs to reply to: hence "in a group"; a word joiner (U+2060) after "@"
# keeps "@username" from being a mention of whoever has that username
stats-personal-usage = To see someone else's statistics, write their username after the command (/stats @{ "\u2060" }username), or reply with /stats to one of their messages in a group.
# /stats @username of nobody the bot keeps under that username: one who never played, forgot their statistics
# (/forgetme) or changed it since the bot last saw them; $username arrives as "@bob", no mention
stats-personal-unknown = I don't know { $username }: nobody has played with me under that username. If they've changed it, reply with /stats to one of their messages in a group.
# after /top with a word it does not take ("/top wins"): global is the only one, and the buttons do the rest
stats-top-usage = The only word /top takes is global (or all): /top global shows everyone's leaderboard. The buttons under a leaderboard sort it by wins, win rate or points and show this month.
# in a private chat, whose /top is everyone's board already
stats-top-usage-private = In a private chat /top shows everyone's leaderboard: no word is needed after it. The buttons under the leaderboard sort it by wins, win rate or points and show this month.

## /forgetme

command-forgetme = Delete your statistics
stats-forget-confirm = Delete all your UNO statistics, your rating, the name kept with finished games and your /notifyme requests? The other players' results stay. This can't be undone. It isn't possible while you're in a game: its results would bring your statistics back.
stats-forget-button-confirm = Yes, delete
stats-forget-button-cancel = Cancel
stats-forget-done = Your statistics, rating, kept name and /notifyme requests were deleted.
stats-forget-cancelled = Nothing was deleted.
# "Yes, delete" pressed over an hour after the question (FORGET_QUESTION_AGE)
stats-forget-expired = Nothing was deleted: this question is over an hour old, and your statistics may have grown since. To delete them, send /forgetme again.
stats-forget-nothing = You have no statistics to delete.
stats-forget-in-private = Statistics are deleted in the private chat with me, not here: open it and send /forgetme there.
stats-forget-in-lobby = You are in a game in <b>{ $chat }</b> that hasn't started yet, and its results would bring your statistics back. Leave it (its “{ button-leave }” button or /leave there), then send /forgetme again.
stats-forget-in-match = Your game in <b>{ $chat }</b> isn't over yet, and its results would bring your statistics back (leaving it still counts as a loss). Send /forgetme again once it ends.
# kicked from a match: it writes no results of theirs, but its stored names keep theirs
stats-forget-in-removed = You were removed from the game in <b>{ $chat }</b>, so its results add nothing to your statistics, but your name can be deleted from it only once it is over. Send /forgetme again once it ends.
stats-forget-in-games = Your games in these chats aren't over yet, and their results would bring your statistics back:
    { $games }
    Send /forgetme again once you are in none of them.
stats-forget-game-lobby = • <b>{ $chat }</b>: not started yet, so leave it (its “{ button-leave }” button or /leave there)
stats-forget-game-match = • <b>{ $chat }</b>: under way, so wait for its end (leaving it still counts as a loss)
stats-forget-game-removed = • <b>{ $chat }</b>: you were removed, so it adds nothing to your statistics, but wait for its end: only then can your name be deleted from it
# after the first ten chats /forgetme waits for
stats-forget-games-more = • and { $count }{ "\u00A0" }more{ "\u00A0" }chats

## /privacy: what the bot keeps, who sees it, what /forgetme deletes (bot/tg/handlers/privacy.py)

command-privacy = What I keep about you
privacy-text =
    <b>What I keep about you</b>
    • Your Telegram name, username and app language: to show you at the table and write to you in your language.
    • The games you play: who played, the cards and the moves.
    • Your results and rating. The chat's /top shows them to its members, /top global to anyone who uses me, and /stats to anyone who replies to your message with it or writes your username after it.
    • Your /notifyme requests until the game opens, and your /lang and /colours choices.
    Your cards come to you alone, in the private chat with me (a player who challenges your +4 sees them too). I keep nothing of what you write in chats.
    /forgetme in the private chat with me deletes your results, rating, kept name and /notifyme requests, and takes your ID out of the games you played (the other players' results stay).
