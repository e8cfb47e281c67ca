"""The versions a request was made on, held for the one write path
(:mod:`scorekeeper.services.writes`) to refuse a stale write by, whichever
route it came by: an API write's ``If-Match`` names the version of the
night, group or event its path names; every write the request then begins
to that owner is refused (:class:`~scorekeeper.services.Stale`) once the
owner has moved on.  Held for one request only (a context variable the
view layer sets and clears).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextvars import ContextVar

from scorekeeper.services import Stale
from scorekeeper.services.once import Once, first_answer

#: The versions each owner row was at when the request was made, by (kind,
#: id): an API write's ``If-Match``.  One request's only.
_MADE_ON: ContextVar[dict[tuple[str, int], frozenset[int]] | None] = ContextVar(
    "scorekeeper.made_on", default=None)


def made_on(kind: str, row_id: int, versions: Iterable[int]) -> None:
    """The request under way was made on one of ``versions`` of the night,
    group or event (``kind``) ``row_id``: whatever write it begins to that
    owner (:mod:`~scorekeeper.services.writes`' ``begin_night``,
    ``begin_group``, ``begin_event``, ``begin_owner``) is refused as
    :class:`Stale` once the owner has moved on.  Decided here for every
    write, whichever route asks."""
    found = dict(_MADE_ON.get() or {})
    found[kind, row_id] = frozenset(versions)
    _MADE_ON.set(found)


def made_on_nothing() -> None:
    """The request is over: what it was made on goes with it."""
    _MADE_ON.set(None)


#: A stale write's refusal: the words, or what works them out (only when refused).
Words = str | Callable[[], str]


def said(stale: Words) -> str:
    """A refusal's words, worked out now."""
    return stale() if callable(stale) else stale


def as_made_on(kind: str, row_id: int, version: int, stale: Words,
               once: Once | None = None) -> None:
    """Refuse a write making ``version`` of an owner the request was made
    on an older version of (:func:`made_on`), unless the request is a retry
    of one carried out already (``once``): that answers as the first time."""
    seen = (_MADE_ON.get() or {}).get((kind, row_id))
    if seen is not None and version - 1 not in seen and (
            once is None or first_answer(once) is None):
        raise Stale(said(stale), "version")


def as_shown(version: int, shown: int | None, changed: Callable[[], str],
             field: str = "version") -> None:
    """Refuse a write to one row of an owner (an event's player, ticket or
    table) sent from a page that showed another ``version`` of it than it
    has now (``shown``; None: no page, the owner's own version stands for
    it), saying what it is now (``changed()``).  The one rule every page
    form naming the row's version is held to."""
    if shown is not None and shown != version:
        raise Stale(changed(), field)
