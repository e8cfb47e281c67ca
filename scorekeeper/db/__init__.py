"""Storage: the typed SQLAlchemy models, the schema at start-up (Alembic), and
the versioned codec that turns a stored hand's JSON into an engine hand.
"""
