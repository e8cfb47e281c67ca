"""What a loader let a request do to a night, asked again under the write
lock: the write path (:func:`~scorekeeper.services.writes.begin_night`)
refuses a write the night's whole stage no longer takes from the request's
credentials (a night closed, an event finished, a tournament table done,
ticketed or opened again since the request was let in), in the words the
loader would have used."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import inspect, select

from scorekeeper.db.models import Event, EventSession, GameTable, db
from scorekeeper.policy import acl as policy
from scorekeeper.policy.acl import Action, EventWrite, Stage
from scorekeeper.services import Refused


def table_key(table: GameTable) -> int:
    """The table's id without reading the row again (a write's first step
    expires what the session read, and ``table.id`` would reload it)."""
    identity = inspect(table).identity
    assert identity is not None
    return int(identity[0])


#: session.info's key for what the loaders let this request do to each
#: night it loaded (:func:`admit`).
_ADMITTED = "scorekeeper.admitted"


@dataclass(frozen=True)
class Admission:
    """What a loader found a request may do to a night, for the write path
    to ask again under its lock: the night's version the loader read its
    stage at, the night's owner as the policy names it, the stage as read
    (with its words), the credentials the request proved, and how to read
    the stage of the night as it is now (when a write landed in between)."""

    version: int
    owner: str
    stage: Stage
    words: str
    principals: frozenset[str]
    stage_now: Callable[[GameTable], tuple[Stage, str]]


def admit(table_id: int, admission: Admission) -> None:
    """Remember what the loader let this request do to night ``table_id``."""
    _admitted()[table_id] = admission


def _admitted() -> dict[int, Admission]:
    found: dict[int, Admission] = db.session().info.setdefault(_ADMITTED, {})
    return found


def stage_takes(table: GameTable, doing: Action, version: int, *, frozen: bool, owner: str
                ) -> None:
    """Ask the policy, under the write lock, whether the night's whole stage
    as it is now takes ``doing`` from this request, or raise the stage's
    refusal: a night closed, an event finished, or (for a night whose
    version moved since its loader read it) a table done, ticketed or
    opened again since the request was let in.  A night no loader admitted
    (a director's write reaching the tables of an event) is asked whether
    anyone may do it at its stage."""
    admitted = _admitted().get(table_key(table))
    stage, words = (Stage.FINISHED, "") if frozen else \
        (Stage.CLOSED, "") if table.closed_at is not None else \
        (Stage.OPEN, "") if admitted is None else \
        (admitted.stage, admitted.words) if version == admitted.version + 1 else \
        admitted.stage_now(table)
    if admitted is None:
        decision = policy.stage_decide(owner, stage, doing)
    else:
        decision = policy.permits(policy.night(admitted.owner, stage, words),
                                  admitted.principals, doing)
    if not decision.allowed:
        raise Refused(decision.why, stage)


def event_takes(event_id: int, doing: EventWrite) -> None:
    """Ask the policy, under the write lock, whether the event's stage takes
    ``doing`` from its director (:func:`policy.event_decide`: a finished
    event takes nothing but its reopening and its directors), or raise the
    stage's refusal."""
    finished, drawn = db.session.execute(
        select(Event.finished_at, select(EventSession.id)
               .where(EventSession.event_id == Event.id).exists())
        .where(Event.id == event_id)).one()
    stage = policy.event_stage(finished is not None, drawn)
    decision = policy.event_decide(stage, doing)
    if not decision.allowed:
        raise Refused(decision.why, stage, doing)
