"""Button data for tests that press buttons by hand: the encoding of a decoded CallbackData."""

from bot.tg.callback_data import CallbackData, encode


def encode_data(data: CallbackData) -> str:
    return encode(data.action, data.game_id, data.state, *data.args)
