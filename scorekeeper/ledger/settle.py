"""Settling up: who pays whom, in cents, once the scores are turned into money.

This module owns the arithmetic of the end of a session: the fewest payments
that clear a table (:func:`settle`), rounding balances to a coin or note
(:func:`round_balances`), paying through one "bank" player
(:func:`settle_through_bank`), settling a player who leaves early
(:func:`settle_leaver`) and the bookkeeping of applying payments
(:func:`apply_transfers`).

A balance is an integer number of cents: positive means the player is owed
money, negative means they owe.  A table's balances always sum to zero.
Everything here is deterministic: the same balances give the same payments
whatever the order of the mapping, because names are sorted first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

#: Above this many players with a nonzero balance the exact subset programme
#: (time and memory grow as n * 2**n) is refused rather than left to hang.
MAX_EXACT_PLAYERS = 20


@dataclass(frozen=True)
class Transfer:
    """One payment: ``payer`` hands ``payee`` ``cents`` (always > 0)."""

    payer: str
    payee: str
    cents: int

    def __post_init__(self) -> None:
        """Refuse payments that would be meaningless in a settle-up list."""
        if isinstance(self.cents, bool) or not isinstance(self.cents, int):
            raise TypeError(f"cents must be an int, got {self.cents!r}")
        if self.cents <= 0:
            raise ValueError(f"a transfer must move a positive amount: {self.cents}")
        if self.payer == self.payee:
            raise ValueError(f"{self.payer!r} cannot pay themselves")

    def __str__(self) -> str:
        """Read as a sentence, e.g. ``Bob pays Ann 275``, for display and tests."""
        return f"{self.payer} pays {self.payee} {self.cents}"


def _check_balances(balances: Mapping[str, int]) -> None:
    """Fail early on balances that cannot be settled, so no partial answer leaks."""
    for name, cents in balances.items():
        if isinstance(cents, bool) or not isinstance(cents, int):
            raise TypeError(f"balance of {name!r} must be int cents, got {cents!r}")
    total = sum(balances.values())
    if total != 0:
        raise ValueError(f"balances must sum to zero to be settled, but they sum to {total} cents")


def _check_player(balances: Mapping[str, int], name: str, role: str) -> None:
    """Name the real players in the error so a typo is easy to spot."""
    if name not in balances:
        players = ", ".join(sorted(balances)) or "(none)"
        raise ValueError(f"{role} {name!r} is not one of the players: {players}")


def _ordered(transfers: Iterable[Transfer]) -> list[Transfer]:
    """One fixed order (payer, then payee) so output never depends on input order."""
    return sorted(transfers, key=lambda t: (t.payer, t.payee, t.cents))


def settle(balances: Mapping[str, int]) -> list[Transfer]:
    """The fewest payments that bring every balance to zero.

    A zero-sum group of k players needs exactly k - 1 payments when it cannot
    be split further, so the minimum number of payments is (players with a
    nonzero balance) minus (the largest number of disjoint zero-sum groups
    they split into).  Greedy matching does not find that split; the subset
    programme in :func:`_zero_sum_groups` does, exactly.
    """
    _check_balances(balances)
    names = sorted(name for name, cents in balances.items() if cents != 0)
    if len(names) > MAX_EXACT_PLAYERS:
        raise ValueError(
            f"cannot settle exactly more than {MAX_EXACT_PLAYERS} players with "
            f"nonzero balances (got {len(names)})"
        )
    amounts = [balances[name] for name in names]
    transfers: list[Transfer] = []
    for group in _zero_sum_groups(amounts):
        transfers.extend(_settle_group({names[i]: amounts[i] for i in group}))
    return _ordered(transfers)


def _subset_sums(amounts: list[int]) -> list[int]:
    """sums[mask] = total of the amounts whose bits are set in mask."""
    sums = [0] * (1 << len(amounts))
    for mask in range(1, len(sums)):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + amounts[low.bit_length() - 1]
    return sums


def _group_counts(sums: list[int]) -> list[int]:
    """dp[mask] = most zero-sum prefixes over all orderings of mask's members.

    For a zero-sum mask this is exactly the largest number of zero-sum groups
    partitioning it: cutting an ordering at its zero-sum prefixes gives such
    groups, and listing any partition group by group gives that many prefixes.
    Taking "last member" choices costs n * 2**n instead of 3**n for submasks.
    """
    dp = [0] * len(sums)
    for mask in range(1, len(sums)):
        best = 0
        rest = mask
        while rest:
            low = rest & -rest
            if dp[mask ^ low] > best:
                best = dp[mask ^ low]
            rest ^= low
        dp[mask] = best + (sums[mask] == 0)
    return dp


def _zero_sum_groups(amounts: list[int]) -> list[list[int]]:
    """Split indices into the largest number of zero-sum groups, deterministically.

    Walks the programme back from the full set, always removing the lowest
    index that keeps the optimum; a group closes whenever what is left sums
    to zero.  With the maximum count no group has a zero-sum proper part.
    """
    sums = _subset_sums(amounts)
    dp = _group_counts(sums)
    groups: list[list[int]] = []
    current: list[int] = []
    mask = len(sums) - 1
    while mask:
        target = dp[mask] - (sums[mask] == 0)
        index = next(
            i for i in range(len(amounts)) if mask >> i & 1 and dp[mask ^ (1 << i)] == target
        )
        mask ^= 1 << index
        current.append(index)
        if sums[mask] == 0:
            groups.append(sorted(current))
            current = []
    return sorted(groups)


def _settle_group(group: Mapping[str, int]) -> list[Transfer]:
    """Largest debtor pays largest creditor until the group is square.

    Each payment clears at least one of the two (the last clears both), so a
    group of k needs at most k - 1 payments, and a player only ever moves
    toward zero, so nobody both pays and receives.  Ties go by name.
    """
    left = dict(group)
    transfers: list[Transfer] = []
    while any(left.values()):
        debtor = min(left, key=lambda name: (left[name], name))
        creditor = min(left, key=lambda name: (-left[name], name))
        cents = min(-left[debtor], left[creditor])
        transfers.append(Transfer(debtor, creditor, cents))
        left[debtor] += cents
        left[creditor] -= cents
    return transfers


def apply_transfers(balances: Mapping[str, int], transfers: Iterable[Transfer]) -> dict[str, int]:
    """Balances after the payments: a payer moves up, a payee moves down.

    Paying a debt brings the payer's negative balance toward zero, and being
    paid uses up the payee's credit; callers use this to show what is left.
    """
    after = dict(balances)
    for transfer in transfers:
        _check_player(after, transfer.payer, "payer")
        _check_player(after, transfer.payee, "payee")
        after[transfer.payer] += transfer.cents
        after[transfer.payee] -= transfer.cents
    return after


def round_balances(balances: Mapping[str, int], unit_cents: int) -> dict[str, int]:
    """Round every balance to a multiple of ``unit_cents`` and keep the sum zero.

    Tables settle in quarters or whole dollars.  Each balance is rounded to the
    nearest unit (halves away from zero); any total that leaves is taken back
    one unit at a time from the players rounded furthest in that direction,
    so each result stays within one unit of the exact balance.
    """
    if isinstance(unit_cents, bool) or not isinstance(unit_cents, int):
        raise TypeError(f"unit_cents must be an int, got {unit_cents!r}")
    if unit_cents < 1:
        raise ValueError(f"unit_cents must be at least 1, got {unit_cents}")
    _check_balances(balances)
    rounded = {name: _round_half_away(cents, unit_cents) for name, cents in balances.items()}
    excess_units = sum(rounded.values()) // unit_cents
    if excess_units:
        step = 1 if excess_units > 0 else -1
        by_error = sorted(
            rounded, key=lambda name: (-step * (rounded[name] - balances[name]), name)
        )
        for name in by_error[: abs(excess_units)]:
            rounded[name] -= step * unit_cents
    return rounded


def _round_half_away(cents: int, unit_cents: int) -> int:
    """Nearest multiple of the unit, halves away from zero, in exact integers."""
    units, remainder = divmod(abs(cents), unit_cents)
    if 2 * remainder >= unit_cents:
        units += 1
    return units * unit_cents if cents >= 0 else -units * unit_cents


def settle_through_bank(balances: Mapping[str, int], bank: str) -> list[Transfer]:
    """Everyone settles with one named player, the way many home games do it.

    This uses more payments than :func:`settle` but each player deals with
    one person only; the bank's own balance is covered by the others' sums.
    """
    _check_player(balances, bank, "bank")
    _check_balances(balances)
    transfers: list[Transfer] = []
    for name in sorted(balances):
        cents = balances[name]
        if name == bank or cents == 0:
            continue
        if cents < 0:
            transfers.append(Transfer(name, bank, -cents))
        else:
            transfers.append(Transfer(bank, name, cents))
    return _ordered(transfers)


def settle_leaver(balances: Mapping[str, int], leaver: str) -> list[Transfer]:
    """Settle only the player who is leaving, from the players on the other side.

    If the leaver is owed, the deepest debtors pay them first; if the leaver
    owes, they pay the biggest creditors first.  Nobody pays more than their
    own balance, so after :func:`apply_transfers` the leaver is at zero and
    every other balance has only moved toward zero.
    """
    _check_player(balances, leaver, "leaver")
    _check_balances(balances)
    owed = balances[leaver]
    sign = 1 if owed > 0 else -1
    others = sorted(
        (name for name in balances if name != leaver and balances[name] * sign < 0),
        key=lambda name: (balances[name] * sign, name),
    )
    transfers: list[Transfer] = []
    remaining = abs(owed)
    for name in others:
        if remaining == 0:
            break
        cents = min(remaining, abs(balances[name]))
        payer, payee = (name, leaver) if sign > 0 else (leaver, name)
        transfers.append(Transfer(payer, payee, cents))
        remaining -= cents
    return _ordered(transfers)
