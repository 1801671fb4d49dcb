"""Names and titles that look like links, commands or mentions are shown as plain text (bot/tg/render/
unlinked.py): Telegram finds those in every message's text (tests.fake_bot_api.found_entities)."""

from __future__ import annotations

from bot.tg.render.names import PLAYER_NAME_LIMIT
from bot.tg.render.unlinked import WORD_JOINER
from tests.e2e.harness import World
from tests.e2e.matches import deal, play_until_over
from tests.fake_bot_api import FakeTelegram, Message
from tests.narrow_phone import spaced

NAMES = (
    "alex.example.com",
    "/everyone_out",
    "@someone_else",
    "#prank",
    "$UNO",
    "bob@example.com",
    "4111 1111 1111 1111",
)
TITLE = "play.example.com #friends"
_FOUND = ("url", "email", "bot_command", "mention", "hashtag", "cashtag", "bank_card_number")


def _linked(message: Message) -> list[str]:
    """The texts of what Telegram made tappable in a message (word joiners left out)."""
    units = (message.text or "").encode("utf-16-le")
    return [
        units[2 * e["offset"] : 2 * (e["offset"] + e["length"])].decode("utf-16-le").replace(WORD_JOINER, "")
        for e in message.entities
        if e["type"] in _FOUND
    ]


async def test_names_and_titles_that_look_like_links_are_not_made_links(
    world: World, fake: FakeTelegram
) -> None:
    """A player named "alex.example.com" showed a link on the table and every hand; one named "/stop" a
    command any member could tap to send in the group; "@someone" opened another account; "#tag" and
    "$TICKER" searched; a card number offered to copy it. Telegram finds them in the text whatever the parse
    mode: the bot breaks each with an invisible word joiner where Telegram's parser would take it in, and
    the names still read as typed."""
    people = [fake.add_user(name) for name in NAMES]
    group = fake.add_group(TITLE, members=people)
    async with world.running() as bot:
        await deal(bot, fake, group, people)
        await play_until_over(bot, group, {person.id: person for person in people}, limit=12)
        private = [m for person in people for m in fake.bot_messages_in(fake.private_chat(person))]
        shown = [*fake.bot_messages_in(group), *private]
        linked = [
            (found, m.text) for m in shown for found in _linked(m) if any(found in n for n in (*NAMES, TITLE))
        ]
        assert not linked, linked
        table = next(m for m in reversed(fake.bot_messages_in(group)) if m.buttons)
        # each name as far as the table's cut shows it ("4111 1111 1111…")
        read = spaced(table.text or "").replace(WORD_JOINER, "")
        assert all(name[: PLAYER_NAME_LIMIT - 2] in read for name in NAMES), table.text
