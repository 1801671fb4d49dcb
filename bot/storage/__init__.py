"""Persistence: SQLAlchemy models, engine/session setup, repositories."""
