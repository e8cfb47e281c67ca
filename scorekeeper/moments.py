"""How the app says a moment: ISO 8601 in UTC, in exports and the API; in
words ("Jan 4, 01:30 UTC") on pages and in refusals.

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


def said_at(moment: datetime) -> str:
    """A stored timestamp in a person's words: "Jan 4, 01:30 UTC"."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return f"{moment.strftime('%b %-d, %H:%M')} UTC"
