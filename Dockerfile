# The UNO bot on SQLite, or on PostgreSQL with -e DATABASE_URL=postgresql://... Build: docker build -t uno-bot .
# Run:   docker run -d --name uno-bot -e BOT_TOKEN=... -v uno-data:/data uno-bot
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_URL=sqlite+aiosqlite:////data/uno.db

WORKDIR /app

# A fixed uid/gid so that a bind-mounted /data can be given to it: chown 10001:10001 <dir>.
RUN groupadd --system --gid 10001 uno \
    && useradd --system --uid 10001 --gid uno --home-dir /app --no-create-home uno \
    && mkdir /data \
    && chown uno:uno /data

COPY pyproject.toml README.md ./
COPY bot ./bot
COPY migrations ./migrations
# Editable, so that the code and migrations/ stay side by side in /app (the bot finds migrations there). With
# the PostgreSQL driver, so that the same image runs on DATABASE_URL=postgresql://... too.
RUN pip install --no-cache-dir -e '.[postgres]'

USER 10001:10001
# A folder, not a file: SQLite in WAL mode writes -wal and -shm files next to the database.
VOLUME ["/data"]

# `docker stop` sends SIGINT: as PID 1 a signal without a handler is ignored, and Python handles SIGINT from
# its first line, where the bot's SIGTERM handler comes once its modules are imported (bot/__main__.py). Both
# stop it cleanly, during migrations too.
STOPSIGNAL SIGINT
# Exec form: python is PID 1 and receives the signal. `run` applies pending migrations, then starts the bot.
ENTRYPOINT ["python", "-m", "bot"]
CMD ["run"]
