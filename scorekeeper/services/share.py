"""Sharing a table: the view token behind the share link, one-time "take over
scoring" codes, and the list of devices that may edit (with revocation).

A table has exactly one live view token; replacing it kills the old link at
once.  Edit rights live in Editor rows (hashed tokens).  A take-over code is a
Handover row (hashed too) that turns into a new Editor the first time it is
claimed.  Every change here raises the table's version, writes its audit
entry (:mod:`scorekeeper.services.writes`) and commits once.
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import delete, update

from scorekeeper.db.engine import start_write
from scorekeeper.db.models import Editor, GameTable, Handover, db, utcnow
from scorekeeper.services import Conflict, NotFound, ServiceError
from scorekeeper.services.tables import hash_token, new_token
from scorekeeper.services.writes import audit_night, begin_night

HANDOVER_LIFETIME = timedelta(minutes=15)
MAX_LABEL = 40
CODE_GONE = ("This take-over code was already used, replaced or has expired. "
             "Ask the scorekeeper to show a new one.")


def rotate_view_token(table: GameTable) -> str:
    """Replace the share link; whoever holds the old one sees 404 from now on."""
    begin_night(table, closed_ok=True)  # the old token's viewers are told at their next poll
    table.view_token = new_token()
    audit_night(table, "share", "New share link: the old link and QR code stopped working")
    db.session.commit()
    return table.view_token


def _drop_pending_handovers(table: GameTable) -> None:
    """Cancel every unused take-over code of the table (same transaction)."""
    db.session.execute(delete(Handover).where(Handover.table_id == table.id,
                                              Handover.used_at.is_(None)))


def start_handover(table: GameTable) -> str:
    """A fresh one-time take-over code (replacing any unused one); returns the code."""
    begin_night(table, why="there is nothing left to score")
    _drop_pending_handovers(table)
    token = new_token()
    db.session.add(Handover(table_id=table.id, token_hash=hash_token(token),
                            expires_at=utcnow() + HANDOVER_LIFETIME))
    audit_night(table, "handover", "Showed a take-over code (works once, for 15 minutes)")
    db.session.commit()
    return token


def live_handover(token: str | None) -> Handover | None:
    """The unused, unexpired take-over code ``token`` proves, if any."""
    if not token:
        return None
    return db.session.scalar(db.select(Handover).where(
        Handover.token_hash == hash_token(token), Handover.used_at.is_(None),
        Handover.expires_at > utcnow()))


def handover_of(token: str | None) -> Handover | None:
    """The take-over code ``token`` proves, used or not (for the scorekeeper's page)."""
    if not token:
        return None
    return db.session.scalar(db.select(Handover).filter_by(token_hash=hash_token(token)))


def clean_label(label: str, table: GameTable) -> str:
    """A device's name as typed, or "Phone N" when left empty."""
    label = " ".join((label or "").split())
    if len(label) > MAX_LABEL:
        raise ServiceError(f"Keep the name to {MAX_LABEL} characters", "label")
    return label or f"Phone {len(table.editors) + 1}"


def claim_handover(token: str, label: str) -> tuple[GameTable, str]:
    """Use a take-over code once: a new Editor for this device; returns its edit token.

    The code is marked used with a guarded UPDATE, so two phones racing for
    the same code cannot both win.
    """
    start_write(db.session)
    handover = live_handover(token)
    if handover is None:
        raise NotFound(CODE_GONE)
    table = db.session.get(GameTable, handover.table_id)
    if table is None:
        raise NotFound(CODE_GONE)
    begin_night(table, why="there is nothing left to score")
    name = clean_label(label, table)
    claimed = db.session.execute(update(Handover).where(
        Handover.id == handover.id, Handover.used_at.is_(None)).values(used_at=utcnow()))
    if claimed.rowcount != 1:  # type: ignore[attr-defined]
        db.session.rollback()
        raise NotFound(CODE_GONE)
    edit_token = new_token()
    editor = Editor(table_id=table.id, token_hash=hash_token(edit_token), label=name)
    db.session.add(editor)
    db.session.flush()
    handover.editor_id = editor.id
    audit_night(table, "handover", f"Scoring handed over: {name} can now edit")
    db.session.commit()
    return table, edit_token


def active_editors(table: GameTable) -> list[Editor]:
    """The devices that can edit now, oldest first."""
    return list(db.session.scalars(db.select(Editor).filter_by(
        table_id=table.id, revoked_at=None).order_by(Editor.id)))


def revoke_editor(table: GameTable, editor_id: int) -> Editor:
    """Stop one device editing, at once; its unused take-over codes die with it.

    The last device that can edit is kept: without it nobody could ever edit
    the table again.
    """
    begin_night(table, closed_ok=True)
    editors = active_editors(table)
    editor = next((e for e in editors if e.id == editor_id), None)
    if editor is None:
        raise NotFound("That device can't edit this table (already revoked?)")
    if len(editors) == 1:
        raise Conflict("This is the only device that can edit this table. "
                       "Hand over scoring first, then revoke it.")
    editor.revoked_at = utcnow()
    _drop_pending_handovers(table)
    audit_night(table, "revoke", f"{editor.label} can no longer edit")
    db.session.commit()
    return editor
