"""The deal: who deals next, who sits out when more players are at the table
than it has seats, and the checks on a hand's names and seats (docs/rules.md §8).
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.rules.hand import Hand, HandError
from scorekeeper.rules.options import Rules


def next_dealer(players: Sequence[str], present: Sequence[str] | None,
                last: str | None, stays: bool = False) -> str:
    """Who deals next: the first present player to the left of ``last``."""
    at_table = [p for p in players if present is None or p in present]
    if not at_table:
        raise HandError("Nobody is at the table", "present")
    if last is None:
        return at_table[0]
    start = list(players).index(last)
    order = [players[(start + i) % len(players)] for i in range(len(players))]
    if stays and last in at_table:
        return last
    return next(p for p in order[1:] + order[:1] if p in at_table)


def deal(rules: Rules, players: Sequence[str], hand: Hand, last_dealer: str | None,
         dealer_stays: bool) -> tuple[str, tuple[str, ...]]:
    """The dealer and the seated players of ``hand`` (explicit, or by rotation)."""
    _check_names(players, hand)
    at_table = tuple(p for p in players if hand.present is None or p in hand.present)
    if len(at_table) < rules.seats:
        raise HandError(f"This table plays {rules.seats} to a hand; only {len(at_table)} "
                        "players are at the table", "present")
    dealer = hand.dealer or next_dealer(players, at_table, last_dealer, dealer_stays)
    if dealer not in at_table:
        raise HandError(f"{dealer} isn't at the table to deal", "dealer")
    if hand.seated is not None:
        return dealer, _explicit_seats(rules, at_table, hand.seated)
    return dealer, sit_out(at_table, dealer, rules.seats)


def sit_out(at_table: Sequence[str], dealer: str, seats: int) -> tuple[str, ...]:
    """Who plays: with too many players the dealer sits out, then those to his right."""
    extra = len(at_table) - seats
    start = list(at_table).index(dealer)
    out = {at_table[(start - i) % len(at_table)] for i in range(extra)}
    return tuple(p for p in at_table if p not in out)


def _explicit_seats(rules: Rules, at_table: Sequence[str], seated: Sequence[str]
                    ) -> tuple[str, ...]:
    if len(set(seated)) != len(seated):
        raise HandError("A player is named twice among those playing", "seated")
    if len(seated) != rules.seats:
        raise HandError(f"Exactly {rules.seats} players play each hand, not {len(seated)}",
                        "seated")
    for name in seated:
        if name not in at_table:
            raise HandError(f"{name} isn't at the table", "seated")
    return tuple(p for p in at_table if p in seated)


def _check_names(players: Sequence[str], hand: Hand) -> None:
    """Every name on the hand must be a player at this table."""
    single = ("picker", "stolen_from", "winner", "second_winner", "offender", "dealer")
    for name in single:
        value = getattr(hand, name)
        if value is not None and value not in players:
            raise HandError(f"{value} isn't a player at this table", name)
    for name in ("partners", "no_trick_pickers", "seated", "present", "losers"):
        for value in getattr(hand, name) or ():
            if value not in players:
                raise HandError(f"{value} isn't a player at this table", name)
