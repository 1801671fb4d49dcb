"""SubscriptionRepository (/notifyme): one subscription a person and place, taken once; it follows a group
that became a supergroup and goes with /forgetme."""

from __future__ import annotations

from sqlalchemy import select

from bot.service.leaderboards import forget_user
from bot.storage import AwaitedPlace, Database
from bot.storage.models import LobbySubscription

CHAT = -100123
SUPERGROUP = -1009999
ANN, BOB = 7, 8


async def _people_in(database: Database, *chats: int) -> None:
    async with database.unit_of_work() as uow:
        for chat in chats:
            await uow.chats.ensure(chat, "Friends")
        for user_id, name in ((ANN, "Ann"), (BOB, "Bob")):
            await uow.users.upsert(user_id, name=name)


async def _toggle(
    database: Database, user_id: int, chat_id: int = CHAT, topic_id: int = 0, topic: str | None = None
) -> bool:
    async with database.unit_of_work() as uow:
        return await uow.subscriptions.toggle(chat_id, topic_id, user_id, topic)


async def _places(database: Database, user_id: int) -> list[AwaitedPlace]:
    async with database.unit_of_work() as uow:
        return await uow.subscriptions.places_of(user_id)


async def _take(database: Database, chat_id: int = CHAT, topic_id: int = 0) -> list[int]:
    async with database.unit_of_work() as uow:
        return await uow.subscriptions.take(chat_id, topic_id)


async def test_a_subscription_is_toggled_and_taken_once_per_place(database: Database) -> None:
    await _people_in(database, CHAT)
    assert await _toggle(database, BOB)
    assert await _toggle(database, ANN)
    assert await _toggle(database, ANN, topic_id=5)  # another forum topic: another place
    assert not await _toggle(database, BOB)  # sent again: cancelled
    assert await _toggle(database, BOB)
    assert await _take(database) == [ANN, BOB]  # oldest first
    assert await _take(database) == []
    assert await _take(database, topic_id=5) == [ANN]


async def test_the_places_awaited_keep_their_topics_names_under_the_chats_current_title(
    database: Database,
) -> None:
    await _people_in(database, CHAT)
    await _toggle(database, ANN, topic_id=5, topic="Cards")
    await _toggle(database, ANN)
    await _toggle(database, BOB, topic_id=6, topic="Chess")
    async with database.unit_of_work() as uow:
        await uow.chats.ensure(CHAT, "Old friends")  # renamed since
    assert await _places(database, ANN) == [
        AwaitedPlace(CHAT, 5, "Old friends", "Cards"),
        AwaitedPlace(CHAT, 0, "Old friends", None),
    ]


async def test_requests_in_topics_turned_off_keep_each_persons_first_place_in_the_queue(
    database: Database,
) -> None:
    """Ann asked in a topic before Bob, and in another one after him: once the forum's topics are turned off,
    the one request of hers kept is her first, so she is still told before Bob."""
    await _people_in(database, CHAT)
    await _toggle(database, ANN, topic_id=5, topic="Cards")
    await _toggle(database, BOB, topic_id=5, topic="Cards")
    await _toggle(database, ANN, topic_id=6, topic="Dice")
    async with database.unit_of_work() as uow:
        assert await uow.subscriptions.into_main_chat(CHAT)
    assert await _places(database, ANN) == [AwaitedPlace(CHAT, 0, "Friends", None)]  # no topic's name now
    assert await _take(database) == [ANN, BOB]


async def test_a_request_in_the_main_chat_stays_when_the_topics_are_turned_off(database: Database) -> None:
    """Ann asked in the main chat (the forum's General topic) and again in a topic: she is told once, in her
    first request's place; with no request left in a topic there is nothing to move."""
    await _people_in(database, CHAT)
    await _toggle(database, ANN)
    await _toggle(database, BOB, topic_id=5)
    await _toggle(database, ANN, topic_id=6)
    async with database.unit_of_work() as uow:
        assert await uow.subscriptions.into_main_chat(CHAT)
    async with database.unit_of_work() as uow:
        assert not await uow.subscriptions.into_main_chat(CHAT)
    assert await _take(database) == [ANN, BOB]


async def test_subscriptions_follow_the_group_into_the_supergroup(database: Database) -> None:
    await _people_in(database, CHAT)
    await _toggle(database, ANN)
    async with database.unit_of_work() as uow:
        assert await uow.chats.migrate(CHAT, SUPERGROUP)
    assert await _places(database, ANN) == [AwaitedPlace(SUPERGROUP, 0, "Friends", None)]
    assert await _take(database, SUPERGROUP) == [ANN]


async def test_a_subscription_held_in_both_is_kept_once_by_the_merge(database: Database) -> None:
    await _people_in(database, CHAT, SUPERGROUP)  # the bot saw the supergroup before the upgrade
    await _toggle(database, ANN)
    await _toggle(database, BOB)
    await _toggle(database, ANN, SUPERGROUP)
    await _toggle(database, BOB, SUPERGROUP, topic_id=5, topic="Cards")  # the supergroup is a forum
    async with database.unit_of_work() as uow:
        assert await uow.chats.migrate(CHAT, SUPERGROUP)
    assert await _places(database, BOB) == [
        AwaitedPlace(SUPERGROUP, 0, "Friends", None),
        AwaitedPlace(SUPERGROUP, 5, "Friends", "Cards"),
    ]
    assert await _take(database, SUPERGROUP, topic_id=5) == [BOB]
    assert sorted(await _take(database, SUPERGROUP)) == [ANN, BOB]
    async with database.unit_of_work() as uow:
        assert list(await uow.session.scalars(select(LobbySubscription))) == []


async def test_forgetting_a_user_ends_their_subscriptions(database: Database) -> None:
    await _people_in(database, CHAT)
    await _toggle(database, ANN)
    await _toggle(database, ANN, topic_id=5)
    await _toggle(database, BOB)
    async with database.unit_of_work() as uow:
        await forget_user(uow.session, ANN)
    assert (await _take(database), await _take(database, topic_id=5)) == ([BOB], [])


async def test_one_who_leaves_the_chat_loses_their_requests_there_and_only_they(database: Database) -> None:
    await _people_in(database, CHAT, SUPERGROUP)
    await _toggle(database, ANN)
    await _toggle(database, ANN, topic_id=5)
    await _toggle(database, ANN, SUPERGROUP)
    await _toggle(database, BOB)
    async with database.unit_of_work() as uow:
        await uow.subscriptions.drop(CHAT, ANN)
    assert await _places(database, ANN) == [AwaitedPlace(SUPERGROUP, 0, "Friends", None)]
    assert await _take(database) == [BOB]


async def test_the_oldest_request_is_taken_first_whatever_the_ids(database: Database) -> None:
    await _people_in(database, CHAT)
    await _toggle(database, BOB)
    await _toggle(database, ANN)
    assert await _take(database) == [BOB, ANN]


async def test_a_topics_name_is_the_last_one_a_request_there_saw(database: Database) -> None:
    """The topic was renamed between two /notifyme; a request whose name the bot did not keep tells none."""
    await _people_in(database, CHAT)
    await _toggle(database, ANN, topic_id=5, topic="Cards")
    await _toggle(database, BOB, topic_id=5, topic="Cards & chess")
    await _toggle(database, ANN, topic_id=6, topic="Dice")
    await _toggle(database, BOB, topic_id=6)
    async with database.unit_of_work() as uow:
        assert await uow.subscriptions.topic_title(CHAT, 5) == "Cards & chess"
        assert await uow.subscriptions.topic_title(CHAT, 6) == "Dice"
        assert await uow.subscriptions.topic_title(CHAT, 7) is None
