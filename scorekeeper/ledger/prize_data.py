"""A prize plan read from its data (the API's, the event form's, a file's):
:func:`from_dict` gives the :class:`~scorekeeper.ledger.prizes.PrizePlan`
or a ValueError saying, in words, what is wrong; :func:`overpaid` says why
a plan's percents pay out more than its share.  The inverse is
:meth:`PrizePlan.to_dict <scorekeeper.ledger.prizes.PrizePlan.to_dict>`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from scorekeeper.ledger.prizes import (
    FLAGS,
    GOODS,
    KINDS,
    MAX_PRIZES,
    REMAINDERS,
    UNITS,
    WAYS,
    Prize,
    PrizePlan,
    SidePot,
)

#: Side pots in a plan at most, the length of a side pot's name, and its entry's bound.
MAX_SIDE_POTS = 5
SIDE_POT_NAME = 40
MAX_SIDE_ENTRY_CENTS = 100_000
#: A side pot's key: what registration and the API name it by.
SIDE_POT_KEY = re.compile(r"[a-z0-9][a-z0-9_-]{0,19}")
_PLAN_KEYS = {"prizes", "share", "rounding", "remainder", *FLAGS}


def from_dict(data: Mapping[str, Any], *, side: bool = False) -> PrizePlan:
    """A plan from its dict, or ValueError saying what is wrong with it, in
    words (``side``: a side pot's own plan, which holds no side pots)."""
    if not isinstance(data, Mapping):
        raise ValueError("A prize plan is an object with its prizes")
    unknown = set(data) - _PLAN_KEYS - ({"key", "name", "entry_cents", "drawing"} if side
                                        else {"side_pots"})
    if unknown:
        raise ValueError(f"A {'side pot' if side else 'prize plan'} has no "
                         f"{', '.join(sorted(unknown))}")
    items = data.get("prizes", [])
    if not isinstance(items, list) or len(items) > MAX_PRIZES:
        raise ValueError(f"prizes must be a list of at most {MAX_PRIZES} prizes")
    prizes = tuple(_prize(item) for item in items)
    share = _whole(data.get("share", 100 if side else 90), 0, 100,
                   "The share of the pot paid out")
    rounding = data.get("rounding", "cent" if side else "dollar")
    if rounding not in UNITS:
        raise ValueError(f"rounding must be one of: {', '.join(UNITS)}")
    remainder = data.get("remainder", "first" if side else "house")
    if remainder not in REMAINDERS:
        raise ValueError(f"remainder must be one of: {', '.join(REMAINDERS)}")
    flags = [data.get(k, default) for k, default in FLAGS.items()]
    if any(not isinstance(f, bool) for f in flags):
        raise ValueError(f"{', '.join(FLAGS)} are true or false")
    plan = PrizePlan(prizes, share, UNITS[str(rounding)], str(remainder),
                     **dict(zip(FLAGS, flags, strict=True)),
                     side_pots=() if side else _side_pots(data.get("side_pots", [])))
    too_much = overpaid(plan)
    if too_much:
        raise ValueError(too_much)
    return plan


def _side_pots(items: object) -> tuple[SidePot, ...]:
    """The plan's side pots, each named once, or ValueError."""
    if not isinstance(items, list) or len(items) > MAX_SIDE_POTS:
        raise ValueError(f"side_pots must be a list of at most {MAX_SIDE_POTS} side pots")
    pots = []
    for item in items:
        if not isinstance(item, Mapping):
            raise ValueError("Each side pot is an object: its key, name, entry_cents and prizes")
        key, name = item.get("key"), item.get("name")
        if not isinstance(key, str) or not SIDE_POT_KEY.fullmatch(key):
            raise ValueError("A side pot's key is 1 to 20 small letters, digits, - or _, "
                             "starting with a letter or digit (\"side\", \"fifty-fifty\")")
        if not isinstance(name, str) or not name.strip() or len(name) > SIDE_POT_NAME:
            raise ValueError(f"The side pot {key} needs a name of 1 to {SIDE_POT_NAME} "
                             "characters")
        entry = _whole(item.get("entry_cents"), 1, MAX_SIDE_ENTRY_CENTS,
                       f"The side pot {key}'s entry_cents")
        drawing = item.get("drawing", False)
        if not isinstance(drawing, bool):
            raise ValueError(f"The side pot {key}'s drawing is true (a 50/50: its prizes go "
                             "to the entrants the director's draw draws) or false")
        plan = from_dict(item, side=True)
        if drawing and any(z.kind != "place" for z in plan.prizes):
            raise ValueError(f"The side pot {key} is a drawing: its prizes are places drawn "
                             "(1st drawn, 2nd drawn, ...)")
        pots.append(SidePot(key, " ".join(name.split()), entry, plan, drawing))
    keys = [pot.key for pot in pots]
    if len(set(keys)) != len(keys):
        raise ValueError("Each side pot has its own key")
    return tuple(pots)


def _prize(item: object) -> Prize:
    if not isinstance(item, Mapping) or item.get("kind") not in KINDS:
        raise ValueError(f"Each prize has a kind: one of {', '.join(KINDS)}")
    unknown = set(item) - {"kind", "place", *WAYS}
    if unknown:
        raise ValueError(f"A prize has no {', '.join(sorted(unknown))}")
    place = _whole(item.get("place", 1), 1, 1000, "A prize's place")
    how: dict[str, Any] = {
        k: _whole(item.get(k, 0), 0, 100_000_000 if k == "cents" else 100 if k == "percent"
                  else 1000, f"A prize's {k}") for k in ("cents", "percent", "weight")}
    goods = item.get("goods", "")
    if not isinstance(goods, str) or len(goods) > GOODS:
        raise ValueError(f"A prize's goods are its prize in kind, in up to {GOODS} characters")
    how["goods"] = " ".join(goods.split())
    if sum(1 for v in how.values() if v) != 1:
        raise ValueError(f"The {Prize(str(item['kind']), place).label()} prize pays one way: "
                         "cents (fixed), percent (of the pot), weight (a share of the rest) "
                         "or goods (a prize in kind)")
    return Prize(str(item["kind"]), place, **how)


def _whole(value: object, lowest: int, highest: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lowest <= value <= highest:
        raise ValueError(f"{what} must be a whole number from {lowest} to {highest}")
    return value


def overpaid(plan: PrizePlan, sessions: int = 1) -> str | None:
    """Why the plan's percents (or one of its side pots') pay out more than
    its share of the pot (a session-high prize counted once a session), or
    None."""
    percents = sum(z.percent * (sessions if z.kind == "session_high" else 1)
                   for z in plan.prizes)
    if percents > plan.share:
        return (f"The prizes add up to {percents}% of the pot, more than the {plan.share}% "
                "paid out")
    for pot in plan.side_pots:
        side = overpaid(pot.plan, sessions)
        if side is not None:
            return f"{pot.name}: {side[0].lower()}{side[1:]}"
    return None
