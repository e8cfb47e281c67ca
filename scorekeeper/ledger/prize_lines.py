"""A prize plan written as a director writes it, a line a prize (pure):
:func:`read` turns the lines into the plan's data (what
:func:`scorekeeper.ledger.prize_data.from_dict` takes), or a ValueError
naming the line; :func:`written` writes a plan back as lines, so that
``read(written(plan))`` is the plan again.  The event form and the
settings take a plan this way::

    1st: $150
    2nd: 5 shares
    3rd-6th: 10%
    lowest: a case of beer
    each session's high: 5%
    paid out: 90%
    rounding: cent
    what rounding leaves: next prize
    withdrawn players win: no
    side pot: Side pot, $5, 1st 60%, 2nd 40%
    drawing: 50/50, $2, 1st 50%

A prize pays ``$150`` (or ``150``, ``12.50``: fixed, in dollars), ``30%``
(of the pot), ``5 shares`` (of the rest) or, in any other words, goods.
"""

from __future__ import annotations

import re
from typing import Any

from scorekeeper.ledger.prizes import FLAGS, UNITS, PrizePlan, ordinal

#: The lines that set a plan's terms, by what they say first.
SHARE = "paid out"
ROUNDING = "rounding"
LEAVES = "what rounding leaves"
#: Each yes-or-no setting in the words a line gives it.
FLAG_WORDS = {"withdrawn_win": "withdrawn players win", "walk_ins_win": "walk-ins win",
              "highs_after_penalties": "session highs after penalties"}
#: Where rounding goes, in a line's words.
LEAVES_WORDS = {"house": "house", "first": "1st", "next": "next prize"}
HIGH = "each session's high"
SIDE = "side pot"
#: A side pot whose prizes go to the entrants in the order drawn (a 50/50).
DRAWING = "drawing"
_PLACE = re.compile(r"(\d+)(?:st|nd|rd|th)?")
_PLACES = re.compile(r"(\d+)(?:st|nd|rd|th)?\s*(?:-|–|to)\s*(\d+)(?:st|nd|rd|th)?")
_LOWEST = re.compile(r"(?:(\d+)(?:st|nd|rd|th)?\s+)?(?:lowest|consolation)")
_DOLLARS = re.compile(r"\$?\s*(\d{1,7})(?:\.(\d\d))?(?:\s+fixed)?")
_PERCENT = re.compile(r"(\d{1,3})\s*%(?:\s+of the pot)?")
_SHARES = re.compile(r"(\d{1,4})\s+shares?(?:\s+of the rest)?")
_AMOUNT = re.compile(r"[\d.,\s]+(?:dollars?|euros?|€|shares?)?")
_YES = {"yes": True, "no": False}
MAX_LINES = 120


def read(text: str) -> dict[str, Any]:
    """The plan the lines say, as data, or ValueError naming the line."""
    plan: dict[str, Any] = {"prizes": [], "side_pots": []}
    lines = [(k, " ".join(line.split())) for k, line in enumerate(text.splitlines(), 1)]
    lines = [(k, line) for k, line in lines if line]
    if len(lines) > MAX_LINES:
        raise ValueError(f"A plan is at most {MAX_LINES} lines")
    for k, line in lines:
        what, colon, terms = line.partition(":")
        if not colon or not terms.strip():
            raise ValueError(f"Line {k} ({line}): write a prize as \"1st: $150\", \"2nd: 30%\", "
                             "\"3rd: 5 shares\" or \"lowest: a case of beer\"")
        try:
            _line(plan, what.strip().lower(), terms.strip())
        except ValueError as error:
            raise ValueError(f"Line {k} ({line}): {error}") from error
    if not plan["side_pots"]:
        del plan["side_pots"]
    return plan


def _line(plan: dict[str, Any], what: str, terms: str) -> None:
    """One line's prize or setting, added to ``plan``."""
    said = terms.lower()
    if what == SHARE:
        found = _PERCENT.fullmatch(said)
        if found is None:
            raise ValueError("say the share of the entries paid out as a percent: 90%")
        plan["share"] = int(found[1])
    elif what == ROUNDING:
        if said not in UNITS:
            raise ValueError(f"rounding is to the {' or the '.join(UNITS)}")
        plan["rounding"] = said
    elif what == LEAVES:
        where = {v: k for k, v in LEAVES_WORDS.items()}.get(said)
        if where is None:
            raise ValueError(f"what rounding leaves goes to the {', '.join(LEAVES_WORDS.values())}")
        plan["remainder"] = where
    elif what in FLAG_WORDS.values():
        if said not in _YES:
            raise ValueError("say yes or no")
        plan[next(k for k, v in FLAG_WORDS.items() if v == what)] = _YES[said]
    elif what in (SIDE, DRAWING):
        plan["side_pots"].append({**_side_pot(terms), **({"drawing": True}
                                                          if what == DRAWING else {})})
    else:
        plan["prizes"].extend(_prizes(what, terms))


def _prizes(what: str, terms: str) -> list[dict[str, Any]]:
    """The prizes of one line ("3rd-5th: 10%" is three)."""
    pays = _pays(terms)
    if what in (HIGH, "session high", "session highs", "each session high"):
        return [{"kind": "session_high", "place": 1, **pays}]
    lowest = _LOWEST.fullmatch(what)
    if lowest is not None:
        return [{"kind": "last", "place": int(lowest[1] or 1), **pays}]
    places = _PLACES.fullmatch(what)
    one = _PLACE.fullmatch(what)
    if places is not None:
        first, last = int(places[1]), int(places[2])
    elif one is not None:
        first = last = int(one[1])
    else:
        raise ValueError("a prize is for a place (1st, 3rd-5th), the lowest (lowest, "
                         "2nd lowest) or each session's high")
    if not 1 <= first <= last <= 1000:
        raise ValueError("places run from 1st, the first before the last")
    return [{"kind": "place", "place": p, **pays} for p in range(first, last + 1)]


def _pays(terms: str) -> dict[str, Any]:
    """How a prize pays, from its words."""
    said = terms.lower()
    dollars, percent, shares = (_DOLLARS.fullmatch(said), _PERCENT.fullmatch(said),
                                _SHARES.fullmatch(said))
    if dollars is not None:
        return {"cents": int(dollars[1]) * 100 + int(dollars[2] or 0)}
    if percent is not None:
        return {"percent": int(percent[1])}
    if shares is not None:
        return {"weight": int(shares[1])}
    if "$" in said or "%" in said or _AMOUNT.fullmatch(said):
        raise ValueError("write an amount as $150 or $12.50, a percent of the pot as 30%, "
                         "a share of the rest as 5 shares, or a prize in kind in words")
    return {"goods": terms}


def _side_pot(terms: str) -> dict[str, Any]:
    """"Side pot, $5, 1st 60%, 2nd 40%": its name, entry and prizes."""
    name, *rest = [part.strip() for part in terms.split(",")]
    if not rest or _DOLLARS.fullmatch(rest[0].lower()) is None:
        raise ValueError("a side pot is its name, its entry and its prizes: "
                         "\"side pot: Side pot, $5, 1st 60%, 2nd 40%\"")
    key = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:20].strip("-") or "side"
    prizes = []
    for part in rest[1:]:
        what, _, pays = part.partition(" ")
        prizes.extend(_prizes(what.lower(), pays.strip()))
    return {"key": key, "name": name, "entry_cents": _pays(rest[0])["cents"], "prizes": prizes}


def written(plan: PrizePlan) -> str:
    """The plan as lines :func:`read` reads back: each prize, then each
    term that isn't the plan's default."""
    lines = [f"{_who(z.kind, z.place)}: {_terms(z)}" for z in plan.prizes]
    defaults = PrizePlan(())
    if plan.share != defaults.share:
        lines.append(f"{SHARE}: {plan.share}%")
    if plan.unit_cents != defaults.unit_cents:
        lines.append(f"{ROUNDING}: " + next(k for k, v in UNITS.items() if v == plan.unit_cents))
    if plan.remainder != defaults.remainder:
        lines.append(f"{LEAVES}: {LEAVES_WORDS[plan.remainder]}")
    for flag, default in FLAGS.items():
        if getattr(plan, flag) != default:
            lines.append(f"{FLAG_WORDS[flag]}: {'yes' if getattr(plan, flag) else 'no'}")
    for pot in plan.side_pots:
        prizes = ", ".join(f"{_who(z.kind, z.place)} {_terms(z)}" for z in pot.plan.prizes)
        lines.append(f"{DRAWING if pot.drawing else SIDE}: {pot.name}, "
                     f"{_dollars(pot.entry_cents)}"
                     + (f", {prizes}" if prizes else ""))
    return "\n".join(lines)


def _who(kind: str, place: int) -> str:
    if kind == "session_high":
        return HIGH
    if kind == "last":
        return "lowest" if place == 1 else f"{ordinal(place)} lowest"
    return ordinal(place)


def _terms(z: Any) -> str:
    if z.goods:
        return str(z.goods)
    if z.cents:
        return _dollars(z.cents)
    if z.percent:
        return f"{z.percent}%"
    return f"{z.weight} share{'s' if z.weight != 1 else ''}"


def _dollars(cents: int) -> str:
    return f"${cents // 100}" + (f".{cents % 100:02d}" if cents % 100 else "")
