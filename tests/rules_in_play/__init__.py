"""Every rule of RULES.md played through the bot: the real Application against the fake Bot API.

`table.py` starts a match in a chat with chosen rules and arranges the cards (`arrange`, `head_start`),
so each test goes straight to the situation its rule needs; people then press the buttons they see.
Each setting is shown in effect and, where it changes what a player sees or may do, absent when off.
Timed rules (catch window, slap, silence, turn timer) run on the injected clock, with late presses.
"""
