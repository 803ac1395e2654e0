"""Persistence: SQLModel tables and async repositories. No Discord imports."""
