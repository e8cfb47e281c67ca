"""A night in the table's words: the pending doublers banner, a payment as a
sentence, the night's day, and the settle-up as one line for the group chat.
(A hand's own words are the engine's: :mod:`scorekeeper.rules.words`.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date

from scorekeeper.ledger.money import money, signed
from scorekeeper.ledger.settle import Transfer
from scorekeeper.rules import Night


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and ``word``, made plural unless it is one: "1 round", "4 rounds"."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def pending_text(night: Night, here: bool = False) -> str | None:
    """The pending doublers as the engine will use them: "Next 2 hands
    doubled — from hands 7 and 8" (extend), "Next hand ×8 — from hands 9, 10
    and 11" (stack: three doublers on one hand), each run of hands doubled
    alike in turn (None when nothing is pending).  On the form of the hand
    they double first (``here``), that hand is this one: "This hand doubled
    (by hand 6)", "This hand and the next 2 doubled (by hands 7 and 8)"."""
    if not night.upcoming:
        return None
    runs: list[tuple[int, int, list[int]]] = []  # (times doubled, hands, sources)
    for exponent, made_by in night.upcoming:
        if runs and runs[-1][0] == exponent:
            runs[-1] = (exponent, runs[-1][1] + 1, runs[-1][2] + list(made_by))
        else:
            runs.append((exponent, 1, list(made_by)))
    said: list[str] = []
    for exponent, count, sources in runs:
        made = sorted(set(sources))
        how = "doubled" if exponent == 1 else f"×{2 ** exponent}"
        by = f"{'hand' if len(made) == 1 else 'hands'} {_listed(made)}"
        if here and not said:
            said.append(f"This hand {how} (by {by})" if count == 1 else
                        f"This hand and the next {count - 1} {how} (by {by})")
        else:
            said.append(f"{'hand' if count == 1 else f'{count} hands'} {how} — from {by}")
    if here:
        return "; then ".join([said[0], *(f"the next {s}" for s in said[1:])])
    return "Next " + "; then ".join(said)


def _listed(numbers: list[int]) -> str:
    """"9", "9 and 10", "9, 10 and 11"."""
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def paid(payouts: Mapping[str, int]) -> str:
    """"Ann +2, Cat +1, Bob −1, …": who won and lost what on a hand, biggest
    first ("Nobody pays." when nobody does)."""
    ranked = sorted(((n, p) for n, p in payouts.items() if p), key=lambda x: -x[1])
    return ", ".join(f"{name} {signed(points)}" for name, points in ranked) or "Nobody pays."


def describe_transfer(transfer: Transfer) -> str:
    """"Bob pays Ann $2.75": a payment as the table reads it."""
    return f"{transfer.payer} pays {transfer.payee} {money(transfer.cents)}"


def day_words(day: date) -> str:
    """A night's day as the table says it: "Friday 21 Nov"."""
    return f"{day:%A} {day.day} {day:%b}"


def square_words(stake_cents: int) -> str:
    """What a settle-up with no payments says."""
    return ("Playing for points only: no money changes hands." if stake_cents == 0
            else "Everyone is square: nobody pays anybody.")


def settle_words(day: date, transfers: Sequence[Transfer], stake_cents: int) -> str:
    """The settle-up as one line for the group chat: "Friday 21 Nov — Bob pays
    Ann $2.75, Cat pays Ann $1.10".  Names and amounts only: no player's
    contact or payment handle is any part of it."""
    said = ", ".join(describe_transfer(t) for t in transfers) or square_words(stake_cents)
    return f"{day_words(day)} — {said}"


def _value_words(value: object) -> str:
    """One value of a history entry as a person reads it (never a dict)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(_value_words(v) for v in value) or "none"
    if isinstance(value, Mapping):
        return "; ".join(f"{k} {_value_words(v)}" for k, v in value.items()) or "none"
    return str(value)


def change_lines(before: Mapping[str, object], after: Mapping[str, object]
                 ) -> list[tuple[str, str, str]]:
    """What a history entry changed, one (what, before, after) in words per
    value that differs: a hand's "points: 61 → 75", a ticket's "totals ·
    Rita Bauer: 10 → 12" (a table of values says each row that moved, never
    the whole table); the stored format's own keys (``v``) are left out."""
    lines = []
    for key in [*after, *(k for k in before if k not in after)]:
        if key == "v" or before.get(key) == after.get(key):
            continue
        label = str(key).replace("_", " ")
        old, new = before.get(key), after.get(key)
        if isinstance(old, Mapping) and isinstance(new, Mapping):
            lines += [(f"{label} · {row}", _value_words(old.get(row)),
                       _value_words(new.get(row)))
                      for row in [*new, *(r for r in old if r not in new)]
                      if old.get(row) != new.get(row)]
            continue
        lines.append((label, _value_words(old), _value_words(new)))
    return lines
