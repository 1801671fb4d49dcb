"""`python -m bot [run|migrate|...]`: validate the configuration, set up logging, dispatch a subcommand."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence
from typing import Protocol

from bot import simulate
from bot.commands import migrate, run
from bot.commands.stop_signals import StopSignals
from bot.config import (
    ConfigError,
    Settings,
    load_settings,
    misspelt_environment_names,
    unknown_env_file_names,
)
from bot.logging_setup import configure_logging, database_unavailable
from bot.storage.engine import DatabaseUnusableError

DEFAULT_COMMAND = "run"
# A configuration problem exits with the status argparse uses for bad usage.
EXIT_CONFIG_ERROR = 2

logger = logging.getLogger("bot")


class Subcommand(Protocol):
    """A module with these two functions; its docstring's first line is the help text.

    `run` finds the validated bot.config.Settings in `args.settings`.
    """

    __doc__: str | None

    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


# To add a subcommand: import its module above and list it here.
SUBCOMMANDS: dict[str, Subcommand] = {
    "run": run,
    "migrate": migrate,
    "simulate": simulate,
}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="UNO for Telegram groups.",
        epilog="Settings come from the environment or a .env file (see .env.example and README.md; run needs "
        "BOT_TOKEN): " + ", ".join(name.upper() for name in Settings.model_fields) + ".",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module in SUBCOMMANDS.items():
        summary = (module.__doc__ or name).strip().splitlines()[0]
        module.add_arguments(commands.add_parser(name, help=summary, description=summary))
    return parser


# Subcommands that read no setting (simulate plays in memory): a broken .env does not stop them.
WITHOUT_SETTINGS = frozenset({"simulate"})
# What a stop signal cuts short in the subcommands it ends cleanly (status 0; `run` stops polling itself).
STOPPED_BEFORE = {"run": "start-up", "migrate": "the migrations"}


def _settings() -> Settings:
    """The validated settings; logging set up (the token masked); a misspelt name in .env or the
    environment warned of."""
    settings = load_settings()
    token = settings.bot_token.get_secret_value() if settings.bot_token else ""
    configure_logging(settings.log_level, secrets=[token])
    for name in unknown_env_file_names():
        logger.warning(".env sets %s, which is not a setting of the bot (see .env.example)", name)
    for name, setting in misspelt_environment_names(os.environ):
        logger.warning("the environment sets %s, which is not a setting of the bot: %s?", name, setting)
    return settings


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    args = _parser().parse_args(arguments or [DEFAULT_COMMAND])
    with StopSignals() as stop:
        try:
            return _run(args)
        except KeyboardInterrupt:
            if args.command not in STOPPED_BEFORE:
                return 130
            logger.info(
                "Stopping before %s finished: %s received", STOPPED_BEFORE[args.command], stop.received.name
            )
            return 0


def _run(args: argparse.Namespace) -> int:
    try:
        if args.command not in WITHOUT_SETTINGS:
            args.settings = _settings()
        return SUBCOMMANDS[args.command].run(args)
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return EXIT_CONFIG_ERROR
    except DatabaseUnusableError as exc:
        print(f"Configuration error: DATABASE_URL is unusable: {exc}", file=sys.stderr)
        return EXIT_CONFIG_ERROR
    except Exception as exc:
        why = database_unavailable(exc)
        if why is None:
            # Through logging, so that the token is masked even inside the traceback.
            logger.exception("%s failed", args.command)
        else:
            # One line, as the log filter gives a database out of use, but at ERROR: the filter's WARNING is
            # for what the bot outlives (a failed update or timer).
            logger.error("%s failed: %s", args.command, why)
        return 1


if __name__ == "__main__":
    sys.exit(main())
