"""What the scorekeeper records for one hand, and the checks that refuse an
inconsistent one (docs/rules.md §1) with a message a player understands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from scorekeeper.limits import MAX_ADJUSTMENT, NOTE
from scorekeeper.names import NameError_, check_text
from scorekeeper.rules.cards import TOTAL_POINTS
from scorekeeper.rules.fields import flat_renege, kind_fields, kind_refusal, right_of
from scorekeeper.rules.options import Rules
from scorekeeper.rules.vocabulary import Kind, NobodyPicks, Partner, Renege, Tricks

#: The fields of a hand that name one player, and those that name several.
NAME_FIELDS = ("picker", "stolen_from", "winner", "offender", "dealer", "second_winner")
NAMES_FIELDS = ("partners", "no_trick_pickers", "seated", "present", "losers")
#: Who was at the table for a hand: the night fills it in from its roster,
#: never a request, so a refusal about it names no field that was sent.
FILLED_FIELDS = ("present",)


class HandError(ValueError):
    """A hand that cannot be recorded; ``field`` names the input at fault."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


@dataclass(frozen=True)
class Hand:
    """One recorded hand, as entered.  Names are players at the table.

    ``points`` is the picking side's card points including the bury.
    ``dealer`` and ``seated`` may be left out: the replay derives them from
    the rotation (docs/rules.md §8).  ``present`` is who was at the table when the
    hand was dealt (``None``: every player), for rosters that change mid-night.
    """

    kind: Kind = Kind.PICKED
    picker: str | None = None
    partners: tuple[str, ...] = ()
    alone: bool = False
    points: int | None = None
    tricks: Tricks = Tricks.SOME
    cracks: int = 0
    blitzes: int = 0
    declared_doubler: bool = False
    forced: bool = False
    king_of_diamonds_cut: bool = False
    stolen_from: str | None = None
    no_trick_pickers: tuple[str, ...] = ()
    winner: str | None = None
    offender: str | None = None
    dealer: str | None = None
    seated: tuple[str, ...] | None = None
    present: tuple[str, ...] | None = None
    #: The table announced the last round: this hand and the next ``seats - 1``
    #: scored hands are doubled (option ``last_round_doubled``, docs/rules.md §9).
    last_round: bool = False
    #: A leaster's second winner (a tie for fewest points; ``leaster_second_winner``).
    second_winner: str | None = None
    #: An adjustment's payments, (name, points) pairs summing to zero, and why.
    payouts: tuple[tuple[str, int], ...] = ()
    note: str | None = None
    #: A schwanzer's losers (the most trump points, or caught).
    losers: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        """Accept plain strings and lists from forms and JSON: store enums and tuples."""
        for name, enum in (("kind", Kind), ("tricks", Tricks)):
            value = getattr(self, name)
            if value not in list(enum):
                raise HandError(f"Unknown {name} {value!r}; choose one of: "
                                + ", ".join(e.value for e in enum), name)
            object.__setattr__(self, name, enum(value))
        for name in NAMES_FIELDS:
            if getattr(self, name) is not None:
                object.__setattr__(self, name, tuple(getattr(self, name)))
        payouts = self.payouts
        pairs = payouts.items() if isinstance(payouts, Mapping) else payouts
        object.__setattr__(self, "payouts", tuple((str(n), v) for n, v in pairs))

    def renamed(self, old: str, new: str) -> Hand:
        """The same hand with the player ``old`` called ``new`` wherever it
        names him (a misspelled name corrected)."""
        def one(name: str | None) -> str | None:
            return new if name == old else name

        def many(names: tuple[str, ...] | None) -> tuple[str, ...] | None:
            return None if names is None else tuple(new if n == old else n for n in names)
        changed: dict[str, Any] = {name: one(getattr(self, name)) for name in NAME_FIELDS}
        changed.update({name: many(getattr(self, name)) for name in NAMES_FIELDS})
        changed["payouts"] = tuple((new if n == old else n, v) for n, v in self.payouts)
        return replace(self, **changed)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields (enums as strings, tuples as lists)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        out["kind"], out["tricks"] = str(self.kind), str(self.tricks)
        out["payouts"] = dict(self.payouts)
        return out

    def with_deal(self, dealer: str, seated: tuple[str, ...]) -> Hand:
        """The same hand with its dealer and seated players filled in (itself
        when it already says so)."""
        if dealer == self.dealer and seated == self.seated:
            return self
        return replace(self, dealer=dealer, seated=seated)


_DEFAULTS = Hand()
_NAMES = {
    "picker": "a picker", "partners": "partners", "alone": "a picker going alone",
    "points": "points", "tricks": "all or no tricks", "cracks": "cracks",
    "blitzes": "blitzes", "declared_doubler": "a declared doubler",
    "forced": "a forced pick", "king_of_diamonds_cut": "K♦ at the cut",
    "last_round": "a doubled last round", "stolen_from": "a stolen blind",
    "no_trick_pickers": "a no-trick pick",
    "winner": "a leaster winner", "offender": "an offender",
    "second_winner": "a second leaster winner", "payouts": "payments", "note": "a note",
    "losers": "losers",
}


def check_hand(rules: Rules, hand: Hand, seated: Sequence[str], dealer: str,
               players: Sequence[str] | None = None) -> None:
    """Raise :class:`HandError` unless ``hand`` is consistent under ``rules``.

    ``players`` is the table's seat order; it locates a dealer who sits out,
    so that a forced pick falls to the last seated player to pick.
    """
    _check_kind_allowed(rules, hand)
    _check_unused_fields(rules, hand)
    _check_flags(rules, hand)
    forfeit = hand.kind is Kind.RENEGE and rules.renege is Renege.FORFEIT
    if hand.kind is Kind.RENEGE:
        _need_seated(hand.offender, "offender", "who reneged", seated)
        if forfeit and hand.picker is None:
            raise HandError("A forfeit needs the sides: who picked?", "picker")
    if hand.kind in (Kind.PICKED, Kind.CALLED_ACE_BURIED) or forfeit:
        _check_sides(rules, hand, seated, last_to_pick(seated, dealer, players))
    if hand.kind is Kind.PICKED:
        _check_points(rules, hand)
    if hand.kind is Kind.ADJUSTMENT:
        _check_adjustment(hand, players or seated)
    if hand.kind is Kind.SCHWANZER:
        _check_losers(hand, seated)
    if hand.kind is Kind.LEASTER:
        winner = _need_seated(hand.winner, "winner", "the leaster winner", seated)
        if hand.second_winner is not None:
            second = _need_seated(hand.second_winner, "second_winner",
                                  "the second leaster winner", seated)
            if second == winner:
                raise HandError(f"{winner} can't be both the winner and the second winner "
                                "(option leaster_second_winner)", "second_winner")
            if len(seated) < 3:
                raise HandError("A second winner needs at least three players",
                                "second_winner")


def _check_losers(hand: Hand, seated: Sequence[str]) -> None:
    if not hand.losers:
        raise HandError("Name who pays: the most trump points, or whoever was caught",
                        "losers")
    if len(set(hand.losers)) != len(hand.losers):
        raise HandError("A loser is named twice", "losers")
    for name in hand.losers:
        _need_seated(name, "losers", "who pays", seated)
    if len(hand.losers) >= len(seated):
        raise HandError("A schwanzer needs someone to be paid: not every player can lose "
                        "(option nobody_picks = schwanzer)", "losers")


def _check_adjustment(hand: Hand, players: Sequence[str]) -> None:
    """Other payments: whole points for players at the table, adding up to
    zero, with a note saying why."""
    if not hand.note or not hand.note.strip():
        raise HandError("Say what the payment is for (a note, e.g. 'three kings')", "note")
    if len(hand.note) > NOTE:
        raise HandError(f"Keep the note to {NOTE} characters", "note")
    try:
        check_text(hand.note, "The note")
    except NameError_ as error:
        raise HandError(str(error), "note") from None
    names = [name for name, _ in hand.payouts]
    if len(set(names)) != len(names):
        raise HandError("A player is named twice among the payments", "payouts")
    for name, points in hand.payouts:
        if name not in players:
            raise HandError(f"{name} isn't a player at this table", "payouts")
        if isinstance(points, bool) or not isinstance(points, int) \
                or abs(points) > MAX_ADJUSTMENT:
            raise HandError(f"{name}'s payment must be whole points (up to "
                            f"{MAX_ADJUSTMENT:,} either way)", "payouts")
    if not any(points for _, points in hand.payouts):
        raise HandError("Enter who pays and who is paid", "payouts")
    total = sum(points for _, points in hand.payouts)
    if total:
        raise HandError(f"The payments must add up to zero; these add up to {total:+d}",
                        "payouts")


def _check_kind_allowed(rules: Rules, hand: Hand) -> None:
    refusal = kind_refusal(rules, hand.kind)
    if refusal is not None:
        raise HandError(refusal, "kind")


def _check_unused_fields(rules: Rules, hand: Hand) -> None:
    allowed = kind_fields(rules, hand.kind)
    for name, words in _NAMES.items():
        if name not in allowed and getattr(hand, name) != getattr(_DEFAULTS, name):
            opening = (f"A renege here costs a flat {rules.renege_penalty} to each player, "
                       "so don't enter "
                       if flat_renege(rules, hand.kind) else f"A {hand.kind} hand can't have ")
            raise HandError(opening + words, name)


def _check_flags(rules: Rules, hand: Hand) -> None:
    if not 0 <= hand.cracks <= rules.max_cracks:
        raise HandError(f"Cracks must be 0 to {rules.max_cracks} here" if rules.max_cracks
                        else "This table doesn't play cracks", "cracks")
    if not 0 <= hand.blitzes <= (2 if rules.blitz else 0):
        raise HandError("Blitzes must be 0, 1 or 2" if rules.blitz
                        else "This table doesn't play blitzes", "blitzes")
    _refuse_unless(hand.declared_doubler, rules.declared_doubler,
                   "This table doesn't declare doublers", "declared_doubler")
    _refuse_unless(hand.king_of_diamonds_cut, rules.round_of_doubles,
                   "This table doesn't play rounds of doubles (K♦ at the cut)",
                   "king_of_diamonds_cut")
    _refuse_unless(hand.second_winner is not None, rules.leaster_second_winner,
                   "This table doesn't pay a second leaster winner (option "
                   "leaster_second_winner)", "second_winner")
    _refuse_unless(hand.last_round, rules.last_round_doubled,
                   "This table doesn't double the last round (option last_round_doubled)",
                   "last_round")
    _refuse_unless(hand.stolen_from is not None, rules.steal_blind,
                   "This table doesn't allow stealing the blind", "stolen_from")
    _refuse_unless(bool(hand.no_trick_pickers), rules.counts_no_trick_pickers,
                   "This table has no no-trick-pick penalty (nor the Smith rule)",
                   "no_trick_pickers")
    _refuse_unless(hand.forced, rules.nobody_picks is NobodyPicks.FORCED_PICK,
                   "Only a forced-pick table forces the dealer to pick", "forced")
    _refuse_unless(hand.alone, rules.has_partner,
                   "Everyone plays alone at this table: there is no partner to go alone from",
                   "alone")


def _refuse_unless(used: bool, enabled: bool, message: str, field: str) -> None:
    if used and not enabled:
        raise HandError(message, field)


def _need_seated(name: str | None, field: str, role: str, seated: Sequence[str]) -> str:
    if name is None:
        raise HandError(f"Name {role}", field)
    if name not in seated:
        raise HandError(f"{name} isn't playing this hand", field)
    return name


def last_to_pick(seated: Sequence[str], dealer: str, players: Sequence[str] | None = None
                 ) -> str:
    """Who is asked last: the dealer, or if he sits out the nearest seated
    player to his right (the one a forced pick falls to)."""
    if dealer in seated or not players or dealer not in players:
        return dealer
    at = list(players).index(dealer)
    return next(p for p in (players[(at - i) % len(players)] for i in range(len(players)))
                if p in seated)


def _check_sides(rules: Rules, hand: Hand, seated: Sequence[str], last: str) -> None:
    picker = _need_seated(hand.picker, "picker", "the picker", seated)
    for partner in hand.partners:
        _need_seated(partner, "partners", "the partner", seated)
        if partner == picker:
            raise HandError(f"{picker} can't be both picker and partner", "partners")
    if len(set(hand.partners)) != len(hand.partners):
        raise HandError("The same partner is named twice", "partners")
    if hand.forced and picker != last:
        raise HandError(f"A forced pick is the dealer's: {last} was last to pick", "forced")
    if hand.stolen_from is not None:
        _check_steal(hand, picker, seated)
    if len(set(hand.no_trick_pickers)) != len(hand.no_trick_pickers):
        raise HandError("A no-trick picker is named twice", "no_trick_pickers")
    for name in hand.no_trick_pickers:
        if name not in (picker, hand.stolen_from):
            raise HandError(f"{name} didn't pick: only the picker (or the player robbed of "
                            "the blind) can owe the no-trick-pick penalty", "no_trick_pickers")
    if hand.kind is not Kind.CALLED_ACE_BURIED:
        _check_partner_count(rules, hand, picker, seated)


def _check_steal(hand: Hand, picker: str, seated: Sequence[str]) -> None:
    thief_victim = _need_seated(hand.stolen_from, "stolen_from", "who picked first", seated)
    if thief_victim == picker:
        raise HandError(f"{picker} can't steal the blind from himself", "stolen_from")
    if hand.partners:
        raise HandError("A player who steals the blind plays alone: no partner", "partners")


def _check_partner_count(rules: Rules, hand: Hand, picker: str, seated: Sequence[str]) -> None:
    count = len(hand.partners)
    if rules.partner is Partner.NONE:
        if count:
            raise HandError("At this table the picker always plays alone", "partners")
        return
    if hand.alone or hand.stolen_from is not None:
        if count:
            raise HandError(f"{picker} went alone, so there is no partner", "partners")
        return
    if rules.partner is Partner.CALLED_ACE and count != 1:
        raise HandError("Name the partner (who held the called card), or mark the picker "
                        "alone", "partners")
    if rules.partner is Partner.JACK_OF_DIAMONDS and count > 1:
        raise HandError("There is only one partner at this table", "partners")
    if rules.partner.two_partners and count not in (1, 2):
        raise HandError("Name one or two partners (the J♦ holder and the "
                        + ("player on the picker's right)" if rules.partner is Partner.JD_AND_RIGHT
                           else "player the die chose)"), "partners")
    if rules.partner is Partner.JD_AND_RIGHT:
        right = right_of(picker, seated)
        if right not in hand.partners:
            raise HandError(f"{right}, on {picker}'s right, is always a partner here",
                            "partners")


def _check_points(rules: Rules, hand: Hand) -> None:
    points = hand.points
    if points is None:
        raise HandError(f"Enter the picking side's points (0 to {TOTAL_POINTS})", "points")
    if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= TOTAL_POINTS:
        raise HandError(f"Points must be a whole number from 0 to {TOTAL_POINTS}", "points")
    if hand.tricks is Tricks.ALL and points != TOTAL_POINTS:
        raise HandError(f"A picking side that took every trick has {TOTAL_POINTS} points, "
                        f"not {points}", "points")
    buried = rules.bury_points
    if hand.tricks is Tricks.NONE and points > buried and not hand.partners \
            and hand.picker in hand.no_trick_pickers:
        raise HandError(
            f"{hand.picker} played without a partner and took no trick, so his side has only "
            f"its bury: at most {buried} points, not {points}", "points")
    if hand.tricks is Tricks.NONE and points > buried:
        raise HandError(
            f"A picking side that took no trick has only its bury, at most {buried} points, "
            f"not {points}", "points")
    picker_listed = hand.picker in hand.no_trick_pickers
    if hand.tricks is Tricks.ALL and picker_listed and not hand.partners:
        raise HandError(f"{hand.picker} took every trick alone, so did take a trick",
                        "no_trick_pickers")
    if hand.tricks is Tricks.NONE and rules.counts_no_trick_pickers and not picker_listed:
        raise HandError(f"{hand.picker}'s side took no trick, so {hand.picker} took none "
                        "either: mark the no-trick pick", "no_trick_pickers")

