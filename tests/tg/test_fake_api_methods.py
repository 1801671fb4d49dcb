"""The fake Bot API's plain methods, driven through the real PTB HTTP stack."""

import httpx
import pytest
from telegram import Bot, BotCommand, BotCommandScopeChat, MenuButtonCommands
from telegram.constants import ChatMemberStatus
from telegram.error import BadRequest, Forbidden, InvalidToken

from tests.fake_bot_api import FakeTelegram, asgi_request, base_url, create_app


async def test_get_me_is_the_bot_of_the_token(bot: Bot, fake: FakeTelegram) -> None:
    me = await bot.get_me()
    assert (me.id, me.username, me.is_bot) == (fake.bot.id, "uno_test_bot", True)
    assert fake.calls_to("getMe")[0].ok


async def test_a_wrong_token_is_unauthorized(fake: FakeTelegram) -> None:
    other = Bot("999:WRONG", base_url=base_url("http://fake"), request=asgi_request(fake))
    with pytest.raises(InvalidToken, match="rejected"):
        await other.initialize()
    assert fake.calls[-1].response == {"ok": False, "error_code": 401, "description": "Unauthorized"}


async def test_unknown_methods_are_404_and_parameters_may_come_as_query_or_json(fake: FakeTelegram) -> None:
    transport = httpx.ASGITransport(app=create_app(fake))
    async with httpx.AsyncClient(transport=transport, base_url="http://fake") as client:
        unknown = await client.post(f"/bot{fake.token}/sendTelepathy", json={"chat_id": 1})
        by_query = await client.get(f"/bot{fake.token}/getMe")
        by_json = await client.post(f"/bot{fake.token}/getChat", json={"chat_id": 424242})
        multipart = await client.post(
            f"/bot{fake.token}/getChat", data={"chat_id": "424242"}, files={"ignored": ("a.txt", b"x")}
        )
    assert multipart.json()["description"] == "Bad Request: chat not found"
    assert fake.calls[-1].params == {"chat_id": "424242"}
    assert unknown.status_code == 404
    assert unknown.json() == {"ok": False, "error_code": 404, "description": "Not Found"}
    assert by_query.json()["result"]["username"] == "uno_test_bot"
    assert by_json.json() == {"ok": False, "error_code": 400, "description": "Bad Request: chat not found"}


async def test_commands_are_kept_per_scope_and_language(bot: Bot, fake: FakeTelegram) -> None:
    scope = BotCommandScopeChat(fake.add_group("Friends").id)
    await bot.set_my_commands([BotCommand("new", "New game")])
    await bot.set_my_commands([BotCommand("new", "Новая игра")], scope=scope, language_code="ru")
    assert [c.description for c in await bot.get_my_commands()] == ["New game"]
    assert [c.description for c in await bot.get_my_commands(scope=scope, language_code="ru")] == [
        "Новая игра"
    ]
    await bot.delete_my_commands()
    assert await bot.get_my_commands() == ()
    stranger = fake.add_user("Stranger")  # (never started the bot: unknown to it)
    for unknown in (-1, stranger.id):
        with pytest.raises(BadRequest, match="Chat not found"):
            await bot.set_my_commands([BotCommand("new", "New game")], scope=BotCommandScopeChat(unknown))
    for bad in ("New-Game", "старт", "new²"):
        with pytest.raises(BadRequest, match=r"(?i)bot_command_invalid"):
            await bot.set_my_commands([BotCommand(bad, "bad name")])
    for code in ("en-US", "rus", "e1"):  # two letters of ISO 639-1 or none
        with pytest.raises(BadRequest, match="Invalid language code specified"):
            await bot.set_my_commands([BotCommand("new", "New game")], language_code=code)
        with pytest.raises(BadRequest, match="Invalid language code specified"):
            await bot.set_my_description("UNO", language_code=code)


async def test_descriptions_are_kept_per_language(bot: Bot, fake: FakeTelegram) -> None:
    await bot.set_my_description("UNO in groups")
    await bot.set_my_description("Уно в группах", language_code="ru")
    await bot.set_my_short_description("UNO")
    assert (await bot.get_my_description()).description == "UNO in groups"
    assert (await bot.get_my_description("ru")).description == "Уно в группах"
    assert (await bot.get_my_short_description("ru")).short_description == ""  # no text of its own
    assert fake.description_for(fake.add_user("Ann", language_code="ru")) == "Уно в группах"
    assert fake.description_for(fake.add_user("Jean", language_code="fr")) == "UNO in groups"
    await bot.set_my_description("", language_code="ru")  # removed: Russian readers read the common one
    assert fake.description_for(fake.add_user("Oleg", language_code="ru")) == "UNO in groups"
    with pytest.raises(BadRequest):
        await bot.set_my_short_description("x" * 121)


async def test_delete_webhook_may_drop_pending_updates(bot: Bot, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice")
    fake.user_starts_bot(alice)
    assert await bot.delete_webhook() is True
    assert len(fake.pending_updates) == 1
    await bot.delete_webhook(drop_pending_updates=True)
    assert fake.pending_updates == []
    assert await bot.set_chat_menu_button(menu_button=MenuButtonCommands()) is True


async def test_chat_and_member_queries(bot: Bot, fake: FakeTelegram) -> None:
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    group = fake.add_group("Friends", members=[bob], creator=alice, supergroup=True)
    fake.make_admin(bob, group, anonymous=True)
    chat = await bot.get_chat(group.id)
    assert (chat.title, chat.type) == ("Friends", "supergroup")
    assert (await bot.get_chat_member(group.id, alice.id)).status == ChatMemberStatus.OWNER
    bob_member = await bot.get_chat_member(group.id, bob.id)
    assert bob_member.status == ChatMemberStatus.ADMINISTRATOR
    assert bob_member.is_anonymous  # type: ignore[attr-defined]
    assert (await bot.get_chat_member(group.id, carol.id)).status == ChatMemberStatus.LEFT
    admins = await bot.get_chat_administrators(group.id)
    assert {a.user.id for a in admins} == {alice.id, bob.id}
    with pytest.raises(BadRequest, match="User not found"):
        await bot.get_chat_member(group.id, 55555)


async def test_a_bot_that_left_cannot_write(bot: Bot, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    assert await bot.leave_chat(group.id)
    with pytest.raises(Forbidden, match="bot is not a member of the group chat"):
        await bot.send_message(group.id, "still here?")
    left = fake.pending_updates[-1]["my_chat_member"]
    assert left["new_chat_member"]["status"] == "left"


async def test_the_call_log_records_params_status_and_response(bot: Bot, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice", started_bot=True)
    await bot.send_message(alice.id, "hello")
    call = fake.calls_to("sendMessage")[0]
    assert call.params == {"chat_id": str(alice.id), "text": "hello"}
    assert call.status == 200
    assert call.response["result"]["text"] == "hello"
    assert call.time == fake.clock()


async def test_a_supergroup_that_kicked_the_bot_refuses_its_reads_too(bot: Bot, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice")
    basic = fake.add_group("Basic", members=[alice])
    group = fake.add_group("Friends", members=[alice], supergroup=True)
    sent = await bot.send_message(group.id, "hello")
    fake.kick_bot_from_group(group, by=alice)
    for read in (
        bot.get_chat(group.id),
        bot.get_chat_member(group.id, alice.id),
        bot.get_chat_administrators(group.id),
        bot.delete_message(group.id, sent.message_id),
    ):
        with pytest.raises(Forbidden, match="bot was kicked from the supergroup chat"):
            await read
    await bot.leave_chat(basic.id)
    assert (await bot.get_chat_member(basic.id, alice.id)).status == ChatMemberStatus.MEMBER  # a basic group
