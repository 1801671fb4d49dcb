"""Telegram adapter: `app` wires it; handlers, callback data, the publisher and its pacer, renders, timers,
the settings menu."""
