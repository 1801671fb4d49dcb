"""Telegram adapter: handlers, keyboards, callback data, presenter, timers."""
