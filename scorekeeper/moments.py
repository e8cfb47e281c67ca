"""How the app says a moment: ISO 8601 in UTC, in exports and the API.

Standard library only, so every layer may ask it.
"""

from __future__ import annotations

from datetime import UTC, datetime


def iso(moment: datetime | None) -> str | None:
    """A stored timestamp as ISO 8601 in UTC (SQLite hands datetimes back
    naive): how exports and the API say every moment."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat()
