"""A window on a long night: which hands a ledger page or an API answer
shows, so neither grows with the night.  By default the latest hands; older
ones on demand, by the number of the first hand to show."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.limits import whole_number
from scorekeeper.services import ServiceError

LEDGER_HANDS = 50


@dataclass(frozen=True)
class Window:
    """Hands ``first`` to ``last`` (1-based, inclusive) of ``total``."""

    first: int
    last: int
    size: int
    total: int

    @property
    def empty(self) -> bool:
        return self.last < self.first

    @property
    def earlier(self) -> int | None:
        """The first hand of the window before this one (None: this is the start)."""
        return max(1, self.first - self.size) if self.first > 1 else None

    @property
    def earlier_size(self) -> int:
        """How many hands the window before this one holds: up to the hand before
        this window's first, never into it (walking back repeats no hand)."""
        return self.first - self.earlier if self.earlier is not None else 0

    @property
    def later(self) -> int | None:
        """The first hand of the window after this one (None: this is the end)."""
        return self.last + 1 if self.last < self.total and not self.empty else None

    @property
    def latest(self) -> bool:
        return self.later is None

    def slice(self) -> slice:
        """The 0-based slice of the night's results."""
        return slice(self.first - 1, self.last)


def _whole(raw: str | None, name: str) -> int | None:
    """A query argument as a whole number from 1 (None when absent or empty):
    up to :data:`~scorekeeper.limits.MAX_DIGITS` ASCII digits, so a ``from``
    far past the last hand is an empty window, not a refusal."""
    if raw is None or raw == "":
        return None
    number = whole_number(raw)
    if number is None:
        raise ServiceError(f"{name} must be a whole number from 1", name)
    return number


def window(total: int, first: str | None = None, size: str | None = None,
           default: int = LEDGER_HANDS, most: int = LEDGER_HANDS,
           past_end: bool = False) -> Window:
    """The window from the query arguments ``from`` (``first``) and ``limit``
    (``size``): ``size`` hands from hand ``first``, or the latest ``size``.
    A ``limit`` over ``most`` is refused.  A ``from`` past the last hand is an
    empty window when ``past_end`` (the API: a poller asking "what's new" gets
    nothing), else the last hand (a page)."""
    count = _whole(size, "limit") or default
    if count > most:
        raise ServiceError(f"limit must be at most {most}", "limit")
    start = _whole(first, "from")
    if start is None:
        start = max(1, total - count + 1)
    if start > total and past_end:
        return Window(start, start - 1, count, total)
    start = min(start, max(total, 1))
    return Window(start, min(total, start + count - 1), count, total)
