"""Settings read from the environment and an optional `.env` file, validated once at start-up."""

from __future__ import annotations

import difflib
import importlib.util
import inspect
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from dotenv.parser import parse_stream
from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///data/uno.db"
DEFAULT_TELEGRAM_API_URL = "https://api.telegram.org"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
# What @BotFather hands out: the bot's numeric id, a colon, then letters, digits, "-" and "_".
_TOKEN_SHAPE = re.compile(r"\d+:[A-Za-z0-9_-]+")

# Plain driver names are accepted for convenience and mapped to the async drivers the bot needs.
_ASYNC_DRIVERS = {
    "sqlite": "sqlite+aiosqlite",
    "postgres": "postgresql+asyncpg",
    "postgresql": "postgresql+asyncpg",
}


class ConfigError(Exception):
    """A setting is missing or malformed; the message names the variable and fits on one line."""


class Settings(BaseSettings):
    # An empty variable counts as unset (`BOT_TOKEN=` left by a compose file or a shell): the .env value or
    # the default applies, instead of an error about a value nobody meant to give.
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    bot_token: SecretStr | None = None
    database_url: str = DEFAULT_DATABASE_URL
    telegram_api_url: str = DEFAULT_TELEGRAM_API_URL
    log_level: str = "INFO"
    default_language: Literal["ru", "en"] = "ru"
    # Days an ended game keeps its move-by-move log; 0 keeps every log for ever.
    game_log_days: int = Field(default=30, ge=0)

    @field_validator("bot_token")
    @classmethod
    def _token_shape(cls, value: SecretStr | None) -> SecretStr | None:
        if value is None or not value.get_secret_value().strip():
            return None
        token = value.get_secret_value().strip()
        if not _TOKEN_SHAPE.fullmatch(token):
            raise ValueError("must be the token from @BotFather, like 123456:ABC-DEF...")
        return SecretStr(token)

    @field_validator("database_url")
    @classmethod
    def _async_database_url(cls, value: str) -> str:
        try:
            url = make_url(value.strip())
        except ArgumentError:
            raise ValueError("must be a URL such as sqlite+aiosqlite:///data/uno.db") from None
        driver = _ASYNC_DRIVERS.get(url.drivername, url.drivername)
        if driver not in ("sqlite+aiosqlite", "postgresql+asyncpg"):
            raise ValueError(
                "must be a SQLite or PostgreSQL URL: sqlite:// or sqlite+aiosqlite://, postgresql://, "
                "postgres:// or postgresql+asyncpg://"
            )
        if driver == "sqlite+aiosqlite" and (url.host or url.database in (None, "", ":memory:")):
            # Two slashes make the folder a host; no file at all is a database that forgets every game.
            raise ValueError("must name a file, like sqlite+aiosqlite:///data/uno.db (three slashes)")
        if driver == "postgresql+asyncpg":
            url = _for_asyncpg(value, url)
        return url.set(drivername=driver).render_as_string(hide_password=False)

    @field_validator("telegram_api_url")
    @classmethod
    def _http_url(cls, value: str) -> str:
        url = value.strip().rstrip("/")
        scheme, _, rest = url.partition("://")
        if scheme not in ("http", "https") or not rest or " " in rest:
            raise ValueError("must be an http(s) URL such as https://api.telegram.org")
        return url

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"must be one of {', '.join(LOG_LEVELS)}")
        return level

    @field_validator("default_language", mode="before")
    @classmethod
    def _lower_language(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    def require_token(self) -> str:
        """The bot token, or a ConfigError when it is not set (only `run` needs it)."""
        if self.bot_token is None:
            raise ConfigError(
                "BOT_TOKEN is not set: put the token from @BotFather in the environment or .env"
            )
        return self.bot_token.get_secret_value()


def _for_asyncpg(value: str, url: URL) -> URL:
    """A PostgreSQL URL as asyncpg takes it; ValueError for one it cannot use."""
    if value.partition("://")[2].count("@") > 1:
        # The first @ ends the password: the rest of it would be taken for the host, and shown in logs.
        raise ValueError("write an @ in the password or user name as %40 (and a % as %25)")
    if importlib.util.find_spec("asyncpg") is None:
        raise ValueError("PostgreSQL needs the asyncpg driver: pip install -e '.[postgres]'")
    import asyncpg  # only a PostgreSQL URL needs it

    query = dict(url.query)
    if "sslmode" in query:  # libpq's name, in the URLs hosted servers hand out; asyncpg's ssl takes its modes
        query["ssl"] = query.pop("sslmode")
    # Each parameter becomes an argument of asyncpg.connect: another one failed there with a traceback.
    taken = set(inspect.signature(asyncpg.connect).parameters) | {"prepared_statement_cache_size"}
    unknown = sorted(set(query) - taken)
    if unknown:
        raise ValueError(f"the PostgreSQL driver (asyncpg) takes no ?{unknown[0]}= parameter: leave it out")
    return url.set(query=query)


def load_settings(env_file: Path | None = Path(".env")) -> Settings:
    """Read and validate the settings; a bad value becomes a one-line ConfigError naming the variable."""
    try:
        return Settings(_env_file=env_file)  # type: ignore[call-arg]
    except ValidationError as exc:
        first = exc.errors()[0]
        name = str(first["loc"][0]).upper() if first["loc"] else "configuration"
        reason = first["msg"].removeprefix("Value error, ")
        raise ConfigError(f"{name} is invalid: {reason}") from None


def unknown_env_file_names(env_file: Path | None = Path(".env")) -> list[str]:
    """Names the .env file sets that are no setting of the bot: a misspelt one would be ignored silently."""
    if env_file is None or not env_file.is_file():
        return []
    known = {name.upper() for name in Settings.model_fields}
    # parse_stream, not dotenv_values: Settings has warned about an unparsable line already
    with env_file.open(encoding="utf-8") as stream:
        names = {binding.key for binding in parse_stream(stream) if binding.key is not None}
    return sorted(name for name in names if name.upper() not in known)


def misspelt_environment_names(environ: Mapping[str, str]) -> list[tuple[str, str]]:
    """Variables of the environment that look like a misspelt or prefixed setting (DATABASE_URI or
    UNO_DATABASE_URL for DATABASE_URL), each with the setting it resembles: the environment holds many other
    names, so only near misses are told."""
    known = [name.upper() for name in Settings.model_fields]
    found = []
    for name in sorted(environ):
        if name.upper() in known:
            continue
        prefixed = [setting for setting in known if name.upper().endswith(f"_{setting}")]
        close = prefixed or difflib.get_close_matches(name.upper(), known, n=1, cutoff=0.85)
        if close:
            found.append((name, close[0]))
    return found
