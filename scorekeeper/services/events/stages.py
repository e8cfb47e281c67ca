"""An event's stages: registration, then sessions, then finished.  Finishing
signs the results: every write to the event and its tables is refused
(:func:`scorekeeper.policy.acl.event_decide`, asked by
:func:`scorekeeper.services.writes.begin_event`, and the night policy's
``FINISHED`` stage) until the director reopens it.

Each finish keeps what it signed (the prizes and their winners) with its
history entry, so finishing again after a reopening says what moved; a
reopening says what was written since the finish (nothing but directors'
devices can be).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select

from scorekeeper.db.models import EVENT, AuditEntry, Event, EventSession, db, utcnow
from scorekeeper.ledger.money import money
from scorekeeper.moments import iso
from scorekeeper.policy.acl import (
    Decision,
    EventStage,
    EventWrite,
    event_decide,
    event_stage,
)
from scorekeeper.services import writes
from scorekeeper.services.events import history
from scorekeeper.services.events import scores as event_scores
from scorekeeper.services.once import Once


def stage_of(event: Event) -> EventStage:
    """Where the event stands now."""
    drawn = db.session.scalar(select(EventSession.id).filter_by(event_id=event.id).limit(1))
    return event_stage(event.finished_at is not None, drawn is not None)


def decide(event: Event, write: EventWrite) -> Decision:
    """Whether the event's stage takes ``write`` now, and if not why."""
    return event_decide(stage_of(event), write)


@dataclass(frozen=True)
class StageChange:
    """A finish or a reopening: the event's stage after it, when it was
    finished, and what happened in between (history summaries, oldest
    first; for a finish after a reopening also the prizes that moved)."""

    stage: EventStage
    finished_at: datetime | None
    since: tuple[str, ...]
    moved: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"stage": str(self.stage), "finished_at": iso(self.finished_at),
                "since": list(self.since), "moved": list(self.moved)}


def _signed(event: Event) -> dict[str, Any]:
    """What a finish signs: every prize, its winners and what it pays."""
    board = event_scores.standings(event)
    return {"prizes": [{"label": z.label, "numbers": list(z.numbers), "names": list(z.names),
                        "cents": z.cents} for z in board.prizes],
            "pot_cents": board.pot_cents}


def _last(event: Event, action: str) -> AuditEntry | None:
    return db.session.scalar(select(AuditEntry).where(
        AuditEntry.of(EVENT, event.id), AuditEntry.action == action)
        .order_by(AuditEntry.id.desc()).limit(1))


def _since(event: Event, entry: AuditEntry | None) -> tuple[str, ...]:
    """The event's history after ``entry``, oldest first (nothing when there
    is no such entry: no finish, or no reopening, to count from)."""
    if entry is None:
        return ()
    return tuple(db.session.scalars(select(AuditEntry.summary).where(
        AuditEntry.of(EVENT, event.id), AuditEntry.id > entry.id,
        AuditEntry.action != history.IMPORTED)  # bringing the file in changed nothing
        .order_by(AuditEntry.id)))


def _moved(before: dict[str, Any] | None, after: dict[str, Any]) -> tuple[str, ...]:
    """The prizes whose winners or amounts differ from the last finish."""
    if not before:
        return ()
    def place(prize: dict[str, Any]) -> str:  # "2nd (tie)" is the 2nd place's prize
        return str(prize["label"]).removesuffix(" (tie)")

    old = {place(z): z for z in before.get("prizes", [])}
    new = {place(z): z for z in after["prizes"]}
    moved = []
    for key in [*new, *(k for k in old if k not in new)]:
        was, now = old.get(key), new.get(key)
        if was is None or now is None or was["numbers"] != now["numbers"] \
                or was["cents"] != now["cents"]:
            label = (now or was or {"label": key})["label"]
            moved.append(f"{label}: {_winners(was)} → {_winners(now)}")
    return tuple(moved)


def _winners(prize: dict[str, Any] | None) -> str:
    if prize is None or not prize["numbers"]:
        return "nobody"
    names = prize.get("names") or [""] * len(prize["numbers"])  # signed before names were kept
    return (", ".join(f"#{n} {name}".strip() for n, name in zip(prize["numbers"], names,
                                                                 strict=True))
            + f" ({money(prize['cents'])})")


def finish(event: Event, by: str | None = None, once: Once | None = None,
           seen: int | None = None) -> StageChange:
    """The director signs the results: the standings and prizes are final and
    nothing of the event changes until :func:`reopen` (finishing twice, or
    before any session is drawn, is refused: 409)."""
    with writes.unit(once) as work:
        writes.begin_event(event.id, EventWrite.FINISH, seen=seen)
        reopened = _last(event, "reopen")
        before = _last(event, "finish")
        since = _since(event, reopened)
        event.finished_at = utcnow()
        signed = _signed(event)
        moved = _moved(before.after if before is not None and reopened is not None else None,
                       signed)
        said = "Finished: the standings and prizes are final"
        if reopened is not None:
            said += (f" ({len(since)} change{'' if len(since) == 1 else 's'} since reopening"
                     + (f"; moved: {'; '.join(moved)}" if moved else "; no prize moved") + ")")
        writes.audit_event(event.id, "finish", said, by, after=signed)
        change = StageChange(EventStage.FINISHED, event.finished_at, since, moved)
        work.remember(event, 200, change.to_json())
    return change


def reopen(event: Event, by: str | None = None, once: Once | None = None,
           seen: int | None = None) -> StageChange:
    """The director opens a finished event again (audited): its results may
    change until it is finished once more.  Says what was written since the
    finish (only directors' devices can be)."""
    with writes.unit(once) as work:
        writes.begin_event(event.id, EventWrite.REOPEN, seen=seen)
        finished_at = event.finished_at
        since = _since(event, _last(event, "finish"))
        event.finished_at = None
        said = ("Reopened: the results may change until the event is finished again ("
                + (f"{len(since)} change{'' if len(since) == 1 else 's'}" if since
                   else "nothing written") + " since the finish)")
        writes.audit_event(event.id, "reopen", said, by)
        change = StageChange(EventStage.SESSIONS, finished_at, since, ())
        work.remember(event, 200, change.to_json())
    return change
