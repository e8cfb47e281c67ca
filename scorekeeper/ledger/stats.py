"""The numbers of a finished night, for the summary page: hand counts and
each player's record (picks, wins as picker, partnerships, leasters won,
best and worst single hand, doubled hands).

Pure: computed from a replayed :class:`~scorekeeper.rules.Night` only, with
the standard library, so the summary can never disagree with the ledger.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rules import HandResult, Kind, Night


@dataclass(frozen=True)
class PlayerStats:
    """One player's night.  Picks count played-out ``picked`` hands only: a
    renege or a buried called ace ends the hand before it is won or lost."""

    name: str
    points: int
    hands_played: int
    picked: int
    picker_wins: int
    partner: int
    partner_wins: int
    leasters_won: int
    biggest_win: int
    biggest_win_hand: int | None
    biggest_loss: int
    biggest_loss_hand: int | None
    doubled: int

    @property
    def win_percent(self) -> int | None:
        """Share of this player's picks that the picking side won (None: never picked)."""
        if not self.picked:
            return None
        return round(100 * self.picker_wins / self.picked)


@dataclass(frozen=True)
class NightSummary:
    """What the summary page shows about the night as a whole."""

    hands: int
    scored_hands: int
    doubled_hands: int
    players: tuple[PlayerStats, ...]


SCORED = (Kind.PICKED, Kind.LEASTER, Kind.RENEGE, Kind.CALLED_ACE_BURIED)


def picking_side_won(result: HandResult) -> bool | None:
    """Whether the picking side won a played-out hand (61 or more); None otherwise."""
    hand = result.hand
    if hand.kind is not Kind.PICKED or hand.points is None:
        return None
    return hand.points >= 61


def raised(result: HandResult) -> bool:
    """A hand played for more than single stakes: a doubler, a crack or blitz, a
    loner's factor (×2, ×4 …), what a player calls a doubled hand."""
    return result.doubled or result.multiplier > 1


def player_stats(night: Night, name: str) -> PlayerStats:
    """Everything the summary says about one player, from the replayed hands."""
    played = [r for r in night.results if name in r.seated]
    picks = [r for r in played if r.hand.kind is Kind.PICKED and r.hand.picker == name]
    partnered = [r for r in played if r.hand.kind is Kind.PICKED and name in r.hand.partners]
    win = max(played, key=lambda r: (r.payouts[name], -r.number), default=None)
    loss = min(played, key=lambda r: (r.payouts[name], r.number), default=None)
    best = win.payouts[name] if win is not None and win.payouts[name] > 0 else 0
    worst = loss.payouts[name] if loss is not None and loss.payouts[name] < 0 else 0
    return PlayerStats(
        name=name,
        points=night.balances[name],
        hands_played=len(played),
        picked=len(picks),
        picker_wins=sum(1 for r in picks if picking_side_won(r)),
        partner=len(partnered),
        partner_wins=sum(1 for r in partnered if picking_side_won(r)),
        leasters_won=sum(1 for r in played
                         if r.hand.kind is Kind.LEASTER and r.hand.winner == name),
        biggest_win=best,
        biggest_win_hand=win.number if win is not None and best else None,
        biggest_loss=worst,
        biggest_loss_hand=loss.number if loss is not None and worst else None,
        doubled=sum(1 for r in played if raised(r)),
    )


def summarize(night: Night) -> NightSummary:
    """The night summary: hand counts and every player's stats."""
    return NightSummary(
        hands=len(night.results),
        scored_hands=sum(1 for r in night.results if r.hand.kind in SCORED),
        doubled_hands=sum(1 for r in night.results if raised(r)),
        players=tuple(player_stats(night, name) for name in night.players),
    )
