"""Persistence: tables, seats and each table's action log, in SQLite or PostgreSQL."""
