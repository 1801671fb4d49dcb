"""UNO for Telegram groups."""
