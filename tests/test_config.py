"""Configuration: defaults, .env, validation with one clear line naming the variable, exit status 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import (
    DEFAULT_TELEGRAM_API_URL,
    ConfigError,
    Settings,
    load_settings,
    misspelt_environment_names,
    unknown_env_file_names,
)

TOKEN = "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11"


def test_defaults(clean_env: Path) -> None:
    settings = load_settings()
    assert settings.bot_token is None
    assert settings.database_url == "sqlite+aiosqlite:///data/uno.db"
    assert settings.telegram_api_url == DEFAULT_TELEGRAM_API_URL
    assert (settings.log_level, settings.default_language) == ("INFO", "ru")


def test_environment_overrides_and_normalisation(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_TOKEN", f"  {TOKEN} ")
    monkeypatch.setenv("DATABASE_URL", "sqlite:////var/lib/uno/uno.db")
    monkeypatch.setenv("TELEGRAM_API_URL", "http://127.0.0.1:8081/")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    monkeypatch.setenv("DEFAULT_LANGUAGE", "EN")
    settings = load_settings()
    assert settings.require_token() == TOKEN
    assert settings.database_url == "sqlite+aiosqlite:////var/lib/uno/uno.db"
    assert settings.telegram_api_url == "http://127.0.0.1:8081"
    assert (settings.log_level, settings.default_language) == ("DEBUG", "en")


def test_postgres_urls_get_the_async_driver(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://uno:p%40ss@db:5432/uno")
    assert load_settings().database_url == "postgresql+asyncpg://uno:p%40ss@db:5432/uno"


@pytest.mark.parametrize(
    "value",
    ["postgresql://uno:p@ss@db:5432/uno", "postgresql://uno:S3cr:t@/#?pw@db/uno", "postgres://a@b@db/uno"],
)
def test_an_at_sign_not_written_as_percent_40_is_named_and_the_password_not_shown(
    clean_env: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    """Taken as the end of the password, it made the rest of the password the host: the bot waited for a
    server that never came, and showed that part of the password in every warning."""
    monkeypatch.setenv("DATABASE_URL", value)
    with pytest.raises(ConfigError) as caught:
        load_settings()
    assert str(caught.value) == (
        "DATABASE_URL is invalid: write an @ in the password or user name as %40 (and a % as %25)"
    )


def test_libpq_sslmode_becomes_asyncpgs_ssl(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Hosted servers hand out URLs with ?sslmode=require: it stopped the bot with a TypeError traceback."""
    monkeypatch.setenv("DATABASE_URL", "postgresql://uno:pw@db.example.com:5432/uno?sslmode=require")
    assert load_settings().database_url == "postgresql+asyncpg://uno:pw@db.example.com:5432/uno?ssl=require"


def test_a_database_url_of_another_kind_is_told_every_form_taken(
    clean_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refusal named only sqlite+aiosqlite:// and postgresql+asyncpg://, as if the plain forms were
    refused too."""
    monkeypatch.setenv("DATABASE_URL", "mysql://db/uno")
    with pytest.raises(ConfigError) as caught:
        load_settings()
    assert str(caught.value) == (
        "DATABASE_URL is invalid: must be a SQLite or PostgreSQL URL: sqlite:// or sqlite+aiosqlite://, "
        "postgresql://, postgres:// or postgresql+asyncpg://"
    )
    for scheme in ("sqlite", "sqlite+aiosqlite", "postgresql", "postgres", "postgresql+asyncpg"):
        monkeypatch.setenv(
            "DATABASE_URL", f"{scheme}:///uno.db" if "sqlite" in scheme else f"{scheme}://db/u"
        )
        load_settings()  # each form named is taken


def test_dotenv_file_is_read_and_environment_wins(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (clean_env / ".env").write_text(f"BOT_TOKEN={TOKEN}\nDEFAULT_LANGUAGE=en\nLOG_LEVEL=ERROR\n")
    monkeypatch.setenv("LOG_LEVEL", "WARNING")
    settings = load_settings()
    assert settings.require_token() == TOKEN
    assert (settings.default_language, settings.log_level) == ("en", "WARNING")


def test_an_empty_variable_counts_as_unset(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (clean_env / ".env").write_text(f"BOT_TOKEN={TOKEN}\nLOG_LEVEL=\n")
    monkeypatch.setenv("BOT_TOKEN", "")
    monkeypatch.setenv("DATABASE_URL", "")
    settings = load_settings()
    assert settings.require_token() == TOKEN
    assert (settings.database_url, settings.log_level) == ("sqlite+aiosqlite:///data/uno.db", "INFO")


def test_a_token_of_blanks_counts_as_unset(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`BOT_TOKEN= ` (a space left after the sign) is no token given, not a malformed one: migrate and
    simulate start, and run says it is not set."""
    monkeypatch.setenv("BOT_TOKEN", "   ")
    settings = load_settings()
    assert settings.bot_token is None
    with pytest.raises(ConfigError, match=r"^BOT_TOKEN is not set"):
        settings.require_token()


def test_missing_token_is_an_error_only_when_asked_for(clean_env: Path) -> None:
    settings = load_settings()
    with pytest.raises(ConfigError, match=r"^BOT_TOKEN is not set"):
        settings.require_token()


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("DATABASE_URL", "not a url"),
        ("DATABASE_URL", "mysql://db/uno"),
        ("TELEGRAM_API_URL", "ftp://example.org"),
        ("LOG_LEVEL", "LOUD"),
        ("DEFAULT_LANGUAGE", "de"),
        ("GAME_LOG_DAYS", "-1"),
        ("GAME_LOG_DAYS", "a month"),
        ("BOT_TOKEN", "has spaces in it"),
        ("BOT_TOKEN", "abc"),
        ("BOT_TOKEN", ":abcdef"),  # no bot id before the colon
        ("TELEGRAM_API_URL", "https://api.telegram .org"),
        ("DATABASE_URL", "sqlite+aiosqlite://data/uno.db"),  # two slashes: "data" would be a host
        ("DATABASE_URL", "sqlite:///:memory:"),  # a database that forgets every game
        ("DATABASE_URL", "postgresql://db/uno?connect_timeout=10"),  # libpq's, not asyncpg's
    ],
)
def test_malformed_value_names_the_variable(
    clean_env: Path, monkeypatch: pytest.MonkeyPatch, name: str, value: str
) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as caught:
        load_settings()
    message = str(caught.value)
    assert message.startswith(f"{name} is invalid: ")
    assert "\n" not in message
    assert value not in message


def _run_bot(cwd: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return _run_python(cwd, env, "-m", "bot", *args)


def _main_here(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """`python -m bot ARGS` in this process: its exit status and what it wrote to stderr. For what a start-up
    says after its settings are read, which a real process (one a start-up path: run, migrate, simulate, a bad
    setting; above) would only add ~1 s of CPU to. Needs `clean_env` (the working directory, no settings) and
    `root_logger_restored` (main sets logging up)."""
    from bot.__main__ import main

    status = main(list(args))
    return status, capsys.readouterr().err


def _run_python(cwd: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_run_without_token_exits_2_with_one_clear_line(tmp_path: Path, bot_env: dict[str, str]) -> None:
    result = _run_bot(tmp_path, bot_env)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        "Configuration error: BOT_TOKEN is not set: put the token from @BotFather in the environment or .env"
    ]
    # Validation happens before anything touches the disk.
    assert not (tmp_path / "data").exists()


def test_malformed_value_exits_2_without_traceback(tmp_path: Path, bot_env: dict[str, str]) -> None:
    bot_env["LOG_LEVEL"] = "chatty"
    result = _run_bot(tmp_path, bot_env, "migrate")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [
        "Configuration error: LOG_LEVEL is invalid: must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL"
    ]


def test_migrate_creates_the_database_without_a_token(tmp_path: Path, bot_env: dict[str, str]) -> None:
    result = _run_bot(tmp_path, bot_env, "migrate")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "data" / "uno.db").is_file()


def test_env_example_documents_every_setting_with_its_default(
    clean_env: Path, repo_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    example = (repo_root / ".env.example").read_text()
    names = {line.split("=", 1)[0] for line in example.splitlines() if line and not line.startswith("#")}
    assert names == {field.upper() for field in Settings.model_fields}
    (clean_env / ".env").write_text(example)
    assert load_settings() == load_settings(env_file=None)


@pytest.mark.usefixtures("root_logger_restored")
def test_a_database_folder_that_cannot_be_made_exits_2_with_one_line(
    tmp_path: Path, clean_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "taken").write_text("a file where the folder should be")
    monkeypatch.setenv("DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'taken' / 'uno.db'}")
    status, stderr = _main_here(capsys, "migrate")
    assert status == 2
    [line] = stderr.strip().splitlines()
    assert line.startswith(
        f"Configuration error: DATABASE_URL is unusable: cannot create the folder {tmp_path}"
    )


@pytest.mark.usefixtures("root_logger_restored")
def test_a_folder_where_the_database_file_should_be_exits_2_naming_it(
    clean_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Docker makes one when a database file that does not exist yet is mounted (`-v ./uno.db:/app/...`)."""
    database = clean_env / "data" / "uno.db"
    database.mkdir(parents=True)
    monkeypatch.setenv("DATABASE_URL", f"sqlite+aiosqlite:///{database}")
    status, stderr = _main_here(capsys, "migrate")
    assert status == 2
    assert stderr.strip().splitlines() == [
        f"Configuration error: DATABASE_URL is unusable: {database} is a folder, not a database file"
    ]


def test_simulate_runs_whatever_the_settings_say(tmp_path: Path, bot_env: dict[str, str]) -> None:
    bot_env["DATABASE_URL"] = "mysql://db/uno"  # simulate plays in memory: no setting of the bot is read
    result = _run_bot(tmp_path, bot_env, "simulate", "--games", "1", "--players", "2", "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert "rounds/s" in result.stdout


@pytest.mark.parametrize(
    ("args", "status"),
    [(["migrate"], 0), ([], 2)],
    ids=["migrate", "run without a token"],
)
def test_commands_that_need_no_telegram_start_without_loading_its_side(
    tmp_path: Path, bot_env: dict[str, str], args: list[str], status: int
) -> None:
    # PTB, the renders and the catalogues were most of every start-up: a migrate or a configuration error
    # waited for them too.
    probe = (
        "import sys; from bot.__main__ import main; status = main(sys.argv[1:]); "
        "print(status, [m for m in sys.modules if m.split('.')[0] in ('telegram', 'fluent') or "
        "m.startswith('bot.tg')])"
    )
    result = _run_python(tmp_path, bot_env, "-c", probe, *args)
    assert result.stdout.strip().splitlines()[-1] == f"{status} []", result.stderr


def test_misspelt_and_prefixed_environment_names_are_found_among_others() -> None:
    environ = {
        "DATABASE_URI": "x",
        "UNO_BOT_TOKEN": "x",
        "LOGLEVEL": "x",
        "LOG_LEVEL": "x",
        "LANGUAGE": "en_US",
        "LANG": "C.UTF-8",
        "PATH": "/usr/bin",
        "PGDATABASE": "uno",
    }
    assert misspelt_environment_names(environ) == [
        ("DATABASE_URI", "DATABASE_URL"),
        ("LOGLEVEL", "LOG_LEVEL"),
        ("UNO_BOT_TOKEN", "BOT_TOKEN"),
    ]


@pytest.mark.usefixtures("root_logger_restored")
def test_a_misspelt_environment_variable_is_warned_about(
    clean_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TOKEN)
    status, stderr = _main_here(capsys, "migrate")
    assert status == 0, stderr
    assert "the environment sets TELEGRAM_BOT_TOKEN, which is not a setting of the bot: BOT_TOKEN?" in stderr
    assert TOKEN not in stderr


@pytest.mark.usefixtures("root_logger_restored")
def test_a_misspelt_name_in_the_env_file_is_warned_about(
    clean_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (clean_env / ".env").write_text("DATABSE_URL=sqlite+aiosqlite:///elsewhere.db\nLOG_LEVEL=INFO\n")
    status, stderr = _main_here(capsys, "migrate")
    assert status == 0, stderr
    assert ".env sets DATABSE_URL, which is not a setting of the bot" in stderr
    assert "LOG_LEVEL," not in stderr


def test_a_setting_named_in_lower_case_in_the_env_file_is_no_misspelling(clean_env: Path) -> None:
    """The settings take their names in any case: `log_level=DEBUG` in .env applies, so it is not warned of
    as a name the bot ignores."""
    (clean_env / ".env").write_text("log_level=DEBUG\nDataBase_Url=sqlite:///elsewhere.db\nlog_levle=INFO\n")
    settings = load_settings()
    assert (settings.log_level, settings.database_url) == ("DEBUG", "sqlite+aiosqlite:///elsewhere.db")
    assert unknown_env_file_names() == ["log_levle"]


def test_an_unparsable_env_file_line_is_warned_about_once(tmp_path: Path, bot_env: dict[str, str]) -> None:
    """(session 21) python-dotenv's warning came twice: from the settings and from the check for misspelt
    names, which read the file again."""
    (tmp_path / ".env").write_text("LOG_LEVEL=INFO\nthis is no assignment\n")
    result = _run_bot(tmp_path, bot_env, "migrate")
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("could not parse statement starting at line 2") == 1, result.stderr


def test_the_command_line_help_names_every_setting(capsys: pytest.CaptureFixture[str]) -> None:
    from bot.__main__ import main

    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    shown = " ".join(capsys.readouterr().out.split())  # argparse wraps the text
    assert exit_.value.code == 0
    assert all(name.upper() in shown for name in Settings.model_fields), shown
