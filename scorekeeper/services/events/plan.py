"""An event's settings, checked the same way when an event starts and when
a file brings one in: its name and date, sessions, how long a table plays
each session (rounds of the deal, or a fixed number of hands), the entry
fee, the prizes (percents of the pot), the tie-break order, what an odd
player count gets and whether each table signs its result.  Its rules are checked as a table's
(:func:`scorekeeper.services.checks.checked_rules`, or an export's frozen
rules).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from scorekeeper.ledger import prize_data, prize_presets, prizes
from scorekeeper.ledger.event_draw import ODD_CHOICES
from scorekeeper.ledger.events import TIE_BREAK_NAMES, TIE_BREAKS, overpaid
from scorekeeper.ledger.prize_data import SIDE_POT_KEY
from scorekeeper.limits import (
    EVENT_NAME,
    MAX_ENTRY_CENTS,
    MAX_EVENT_PLAYERS,
    MAX_ROUNDS,
    MAX_SESSION_HANDS,
    MAX_SESSIONS,
)
from scorekeeper.services import ServiceError, checks

if TYPE_CHECKING:
    from scorekeeper.db.models import Event


def count(value: object, field: str, lowest: int, highest: int, what: str) -> int:
    """``value`` as a whole number from ``lowest`` to ``highest``, or why not."""
    if isinstance(value, bool) or not isinstance(value, int) or not lowest <= value <= highest:
        raise ServiceError(f"{what} must be a whole number from {lowest} to {highest}", field)
    return value


def check_entry(entry_cents: object) -> int:
    """The entry fee in whole cents, as the start form (in dollars), the API
    and an imported file give it."""
    if isinstance(entry_cents, bool) or not isinstance(entry_cents, int) \
            or not 0 <= entry_cents <= MAX_ENTRY_CENTS:
        raise ServiceError(f"The entry fee is $0 to ${MAX_ENTRY_CENTS // 100:,} "
                           f"(0 to {MAX_ENTRY_CENTS:,} cents)", "entry_cents")
    return entry_cents


def _percents(places: object) -> list[int]:
    if not isinstance(places, (list, tuple)) or len(places) > MAX_EVENT_PLAYERS:
        raise ServiceError("places must be a list of percents, first place first", "places")
    return [count(p, "places", 0, 100, "A place's percent") for p in places]


def _tie_breaks(tie_breaks: object, sessions: int) -> list[str]:
    """The chain of tie-breaks, each once (a session's score one the event
    has; ``split``, saying that players still equal share, only last)."""
    if (not isinstance(tie_breaks, (list, tuple)) or not tie_breaks
            or any(t not in TIE_BREAK_NAMES for t in tie_breaks)
            or len(set(tie_breaks)) != len(tie_breaks)):
        raise ServiceError(f"tie_breaks must be some of: {', '.join(TIE_BREAK_NAMES)}",
                           "tie_breaks")
    if "split" in tie_breaks[:-1]:
        raise ServiceError("split ends the chain: players equal on everything before it "
                           "share the place", "tie_breaks")
    beyond = [t for t in tie_breaks if t.startswith("session_") and int(t[8:]) > sessions]
    if beyond:
        raise ServiceError(f"The event has {sessions} sessions: no {beyond[0]}", "tie_breaks")
    return list(tie_breaks)


@dataclass(frozen=True)
class Plan:
    """An event's settings, checked: everything but its rules.  Exactly one of
    ``rounds`` (of the deal) and ``hands`` (at every table) says how long a
    table plays each session."""

    name: str
    played_on: date
    sessions: int
    rounds: int | None
    hands: int | None
    entry_cents: int
    places: list[int]
    session_high: int
    share: int
    tie_breaks: list[str]
    odd: str
    #: Each table's players sign its result once its session is done.
    signatures: bool = False
    #: The prize plan as data (None: the plain one of the percents above).
    prize_plan: dict[str, Any] | None = None


#: The settings :func:`check_plan` takes beside the name, as a new event
#: (the API's body) and an event's file name them.
PLAN_FIELDS = ("played_on", "sessions", "rounds", "hands", "entry_cents", "places",
               "session_high", "share", "tie_breaks", "odd", "signatures", "prize_plan")


def check_prize_plan(prize_plan: object, sessions: int) -> prizes.PrizePlan:
    """A prize plan as the API, the event form and a file give it: one of
    the presets by name (:data:`scorekeeper.ledger.prize_presets.PRESETS`) or the
    plan as data; its percents (a session high's once a session) may not
    add up to more than its share paid out."""
    if isinstance(prize_plan, str):
        preset = prize_presets.PRESETS.get(prize_plan)
        if preset is None:
            raise ServiceError("prize_plan is a plan or one of: "
                               + ", ".join(prize_presets.PRESETS), "prize_plan")
        plan = preset.plan
    else:
        try:
            plan = prize_data.from_dict(prize_plan)  # type: ignore[arg-type]
        except ValueError as error:
            raise ServiceError(str(error), "prize_plan") from error
    too_much = prize_data.overpaid(plan, sessions)
    if too_much is not None:
        raise ServiceError(too_much, "prize_plan")
    return plan


def check_plan(name: object, *, played_on: object = None, sessions: object = 3,
               rounds: object = None, hands: object = None, entry_cents: object = 0,
               places: object = (), session_high: object = 0, share: object = 90,
               tie_breaks: object = TIE_BREAKS, odd: object = "byes",
               signatures: object = False, prize_plan: object = None) -> Plan:
    """The event's settings as a new event or an imported file gives them;
    the prizes (each place's percent and each session high's) are percents
    of the pot and may not add up to more than ``share``.  A table plays
    ``rounds`` of the deal or a fixed number of ``hands`` each session, one
    of the two (None: not given; neither: 4 rounds).  A ``prize_plan``
    (:func:`check_prize_plan`) takes the place of the percents."""
    name = checks.owner_name(name, "event", EVENT_NAME)
    day = date.today() if played_on is None else checks.check_played_on(played_on)
    sessions = count(sessions, "sessions", 1, MAX_SESSIONS, "Sessions")
    rounds, hands = _length(rounds, hands)
    entry = check_entry(entry_cents)
    share = count(share, "share", 0, 100, "The share of the pot paid out")
    high = count(session_high, "session_high", 0, 100, "The session high's percent")
    kept_places = _percents(places)
    too_much = overpaid(kept_places, high, sessions, share)
    if too_much is not None:
        raise ServiceError(too_much, "places")
    if odd not in ODD_CHOICES:
        raise ServiceError(f"odd must be one of: {', '.join(ODD_CHOICES)}", "odd")
    if not isinstance(signatures, bool):
        raise ServiceError("signatures must be true (each table signs its result) or false",
                           "signatures")
    kept_plan = None
    if prize_plan is not None:
        if kept_places or high:
            raise ServiceError("Give a prize plan or percents by place and for the session "
                               "highs, not both", "prize_plan")
        chosen = check_prize_plan(prize_plan, sessions)
        kept_plan, share = chosen.to_dict(), chosen.share
    return Plan(name, day, sessions, rounds, hands, entry, kept_places, high, share,
                _tie_breaks(tie_breaks, sessions), str(odd), signatures, kept_plan)


def _length(rounds: object, hands: object) -> tuple[int | None, int | None]:
    """How long a table plays a session: (rounds, None) or (None, hands)."""
    if rounds is not None and hands is not None:
        raise ServiceError("Give rounds of the deal or hands per session, not both", "hands")
    if hands is not None:
        return None, count(hands, "hands", 1, MAX_SESSION_HANDS, "Hands per session")
    return count(4 if rounds is None else rounds, "rounds", 1, MAX_ROUNDS,
                 "Rounds per session"), None


def prize_plan_of(event: Event) -> prizes.PrizePlan:
    """The event's prize plan: its own, or the plain one of its percents."""
    if event.prize_plan is not None:
        return prize_data.from_dict(event.prize_plan)
    return prizes.simple(event.places, event.session_high, event.share)


def chosen_pots(event: Event, keys: object, field: str = "side_pots") -> list[str]:
    """The side pots named (their keys, in the plan's order), each one of
    the event's plan, or why not."""
    pots = [pot.key for pot in prize_plan_of(event).side_pots]
    if not isinstance(keys, list | tuple) or not all(isinstance(k, str) for k in keys):
        raise ServiceError("side_pots is a list of the plan's side pots' keys", field)
    unknown = sorted({k for k in keys if k not in pots})
    if unknown:
        shown = [k if SIDE_POT_KEY.fullmatch(k) else "?" for k in unknown]
        raise ServiceError(f"This event's prize plan has no side pot {', '.join(shown)}"
                           + (f": its side pots are {', '.join(pots)}" if pots else
                              ": it has none"), field)
    return [k for k in pots if k in keys]


def pots_in_words(event: Event, keys: Sequence[str]) -> str:
    """The side pots' names ("Side pot, 50/50"), or "none"."""
    names = {pot.key: pot.name for pot in prize_plan_of(event).side_pots}
    return ", ".join(names.get(k, k) for k in keys) or "none"
