"""What changed since a version: the sentence a write refused as stale
ends with (an API's 412, a page's "changed since this page was opened")."""

from __future__ import annotations

from scorekeeper.db.models import AuditEntry, db
from scorekeeper.services import registry

#: What to do when a write was made on an older version: the end of every
#: refused If-Match (:func:`meanwhile`).
STALE_ADVICE = "Check it and try again."


def meanwhile(kind: str, row_id: int, since: int) -> str:
    """What changed on a night, a group or an event (``kind``) after version
    ``since``, in one sentence: "Meanwhile, Phone 2: Recorded hand 32: …"
    (the last three changes, then how many more)."""
    entries = db.session.scalars(db.select(AuditEntry).where(
        AuditEntry.of(kind, row_id), AuditEntry.version > since)
        .order_by(AuditEntry.id)).all()
    if not entries:
        return f"Meanwhile the {registry.rows(kind).noun} changed on another phone."
    said = [f"{e.by or 'another phone'}: {e.summary}" for e in entries[-3:]]
    more = f" (and {len(entries) - 3} more changes)" if len(entries) > 3 else ""
    return f"Meanwhile, {'; '.join(said)}{more}."
