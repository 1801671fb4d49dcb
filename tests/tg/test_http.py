"""PTB's Bot over the aiohttp adapter, against the fake Bot API served on 127.0.0.1 (real sockets)."""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Iterator

import pytest
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, InputFile
from telegram.error import BadRequest, NetworkError, RetryAfter, TimedOut
from telegram.warnings import PTBUserWarning

from bot.tg.http import AiohttpRequest
from bot.tg.raw_writes import edit_message_text, message_id, send_message
from tests.fake_bot_api import FakeTelegram, Fault, Faults, ServedFake, serve_fake_bot_api


@pytest.fixture
def served() -> Iterator[ServedFake]:
    with serve_fake_bot_api(FakeTelegram()) as served:
        yield served


def _bot(served: ServedFake, request: AiohttpRequest) -> Bot:
    return Bot(served.fake.token, base_url=f"{served.api_url}/bot", request=request)


@pytest.fixture
async def bot(served: ServedFake) -> AsyncIterator[Bot]:
    async with _bot(served, AiohttpRequest(read_timeout=2.0)) as bot:
        yield bot


async def test_calls_reach_telegram_and_their_answers_come_back(bot: Bot, served: ServedFake) -> None:
    user = served.fake.add_user("Алиса <b>", started_bot=True)

    sent = await bot.send_message(user.id, "<b>Ход</b> Алисы", parse_mode="HTML")
    edited = await bot.edit_message_text("<i>Ход</i> Боба", user.id, sent.message_id, parse_mode="HTML")

    assert (sent.chat.id, sent.text) == (user.id, "Ход Алисы")
    assert not isinstance(edited, bool) and edited.text == "Ход Боба"
    assert served.fake.messages[(user.id, sent.message_id)].text == "Ход Боба"
    assert [c.method for c in served.fake.calls] == ["getMe", "sendMessage", "editMessageText"]
    assert {c.content_type for c in served.fake.calls} == {"application/json"}  # not URL-encoded: cheaper


async def test_telegrams_refusals_become_ptbs_errors(bot: Bot, served: ServedFake) -> None:
    user = served.fake.add_user("Bob", started_bot=True)

    with pytest.raises(BadRequest, match="Message to edit not found"):
        await bot.edit_message_text("text", user.id, 999)
    served.fake.faults = Faults(rate=1.0, kinds=(Fault.FLOOD,), retry_after=3)
    with pytest.raises(RetryAfter):
        await bot.send_message(user.id, "hi")


async def test_the_pacers_writes_return_telegrams_json_and_fail_as_ptbs_errors(
    bot: Bot, served: ServedFake
) -> None:
    user = served.fake.add_user("Dana", started_bot=True)
    keyboard = InlineKeyboardMarkup([[InlineKeyboardButton("7", callback_data="p:7")]])

    sent = await send_message(bot, user.id, "<b>Hand</b>", keyboard, reply_to=999)  # sent without it
    sent_id = message_id(sent)
    edited = await edit_message_text(bot, user.id, sent_id or 0, "<i>Hand</i> 2", None)

    assert isinstance(sent, dict) and sent["text"] == "Hand"  # not parsed into a Message
    assert sent_id is not None and message_id(edited) == sent_id
    shown = served.fake.messages[(user.id, sent_id)]
    assert (shown.text, shown.reply_markup) == ("Hand 2", None)
    first = served.fake.calls_to("sendMessage")[0].params
    assert json.loads(first["reply_markup"]) == {"inline_keyboard": [[{"text": "7", "callback_data": "p:7"}]]}
    with pytest.raises(BadRequest, match="Message to edit not found"):
        await edit_message_text(bot, user.id, 999, "text", None)
    served.fake.faults = Faults(rate=1.0, kinds=(Fault.FLOOD,), retry_after=3)
    with pytest.raises(RetryAfter):
        await send_message(bot, user.id, "hi", None)


async def test_a_file_goes_as_multipart(bot: Bot, served: ServedFake) -> None:
    user = served.fake.add_user("Carol", started_bot=True)

    # sendMessage with an attachment it ignores: the body goes as multipart/form-data, the fields arrive
    attachment = InputFile(b"%PDF", filename="rules.pdf")
    with pytest.warns(PTBUserWarning):  # "use Bot.sendMessage": which has no attachment
        await bot.do_api_request(
            "sendMessage", api_kwargs={"chat_id": user.id, "text": "Правила", "document": attachment}
        )

    call = served.fake.calls[-1]
    assert call.method == "sendMessage" and call.params["text"] == "Правила"
    assert call.content_type == "multipart/form-data"
    assert served.fake.newest_bot_message(user.id) is not None


async def test_a_slow_answer_times_out_and_a_closed_port_is_a_network_error(served: ServedFake) -> None:
    served.fake.faults = Faults(rate=1.0, kinds=(Fault.SLOW,), slow_seconds=1.0)
    async with _bot(served, AiohttpRequest(read_timeout=0.2)) as bot:
        with pytest.raises(TimedOut):
            await bot.get_chat(1)
    request = AiohttpRequest()
    unreachable = Bot(served.fake.token, base_url="http://127.0.0.1:9/bot", request=request)
    try:
        with pytest.raises(NetworkError):
            await unreachable.initialize()
    finally:
        await request.shutdown()  # the failed initialize opened the session; Bot.shutdown would not close it


async def test_a_dropped_connection_is_a_network_error_that_the_served_fake_does_not_log_as_its_own(
    bot: Bot, served: ServedFake
) -> None:
    user = served.fake.add_user("Eve", started_bot=True)
    logged: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: logged.append(record.getMessage())  # type: ignore[method-assign]
    uvicorn_errors = logging.getLogger("uvicorn.error")
    uvicorn_errors.addHandler(handler)
    try:
        served.fake.faults = Faults(rate=1.0, kinds=(Fault.DROP_AFTER,))
        with pytest.raises(NetworkError):
            await bot.send_message(user.id, "hi")
        served.fake.faults = None
        await bot.send_message(user.id, "hi again")  # the server is still there
        uvicorn_errors.error("a real error of the server")
    finally:
        uvicorn_errors.removeHandler(handler)

    assert served.fake.newest_bot_message(user.id) is not None
    assert logged == ["a real error of the server"]  # the drop was the fault at work, not the server's error


async def test_a_request_that_is_not_initialized_refuses() -> None:
    with pytest.raises(RuntimeError, match="not initialized"):
        await AiohttpRequest().do_request("http://127.0.0.1:9/", "POST")
