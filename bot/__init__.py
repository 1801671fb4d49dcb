"""UNO for Telegram groups.

Packages, each importing only those below it: `tg` (the Telegram adapter) → `service` (use-cases) →
`storage`, `i18n` → `engine` (the rules: pure). README.md's "Where things are" follows a press through them.
"""
