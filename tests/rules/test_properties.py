"""Properties of any night under any preset with any valid house rules.

The generator is built from docs/rules.md (§1, §3, §6, §8), not from the engine:
it picks a table, then hands that a scorekeeper could really record, with the
deal and sit-outs worked out here.  So every generated hand must be accepted,
every hand's payouts sum to zero, sitting-out players get nothing, the
engine's dealer and seats agree with this file's reading of §8, and replay
is deterministic and prefix-stable.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    PRESETS,
    Hand,
    Kind,
    Night,
    NightError,
    Rules,
    Tricks,
    find_preset,
    make_rules,
    replay,
)

T = TypeVar("T")
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")


class Pick(Protocol):
    def choice(self, options: Sequence[T]) -> T: ...
    def integer(self, low: int, high: int) -> int: ...
    def chance(self, percent: int) -> bool: ...


class DrawPick:
    """Choices drawn by hypothesis, so failures shrink."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def choice(self, options: Sequence[T]) -> T:
        return self.data.draw(st.sampled_from(list(options)))

    def integer(self, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high))

    def chance(self, percent: int) -> bool:
        return self.data.draw(st.integers(0, 99)) < percent


class RandomPick:
    """Choices from a seeded ``random.Random``."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choice(self, options: Sequence[T]) -> T:
        return self.rng.choice(list(options))

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def chance(self, percent: int) -> bool:
        return self.rng.randrange(100) < percent


# --- tables ------------------------------------------------------------------------------

PARTNERS_BY_SEATS = {2: ("none",), 3: ("none",), 4: ("none", "called-ace", "jack-of-diamonds"),
                     5: ("none", "called-ace", "jack-of-diamonds"),
                     6: ("none", "called-ace", "jack-of-diamonds", "jd-and-right"),
                     7: ("none", "called-ace", "jack-of-diamonds", "jd-and-die")}
KNOBS: dict[str, tuple[Any, ...]] = {
    "ladder": ("additive", "doubling"), "schneider_line": ("at-30", "under-30", "31-both"),
    "bump": (1, 2), "alone_factor": (1, 2, 3), "doublers": ("extend", "stack", "previous"),
    "round_of_doubles": (True, False), "max_cracks": (0, 1, 2, 3), "blitz": (True, False),
    "declared_doubler": (True, False), "no_trick_pick_penalty": (True, False),
    "renege": ("penalty-8", "forfeit", "penalty"), "partner_spared_on_no_trick": (True, False),
    "max_multiplier": (None, 1, 2, 4, 8, 16), "base": (1, 2, 5),
    "penalties_doubled": (True, False), "schwarz": ("tricks", "points"),
    "bump_on_no_trick": (True, False), "shares": ("picker-rest", "even"),
    "cap": ("total", "stake"), "smith_rule": (True, False),
    "last_round_doubled": (True, False), "leaster_second_winner": (True, False),
    "makes_doubler": ((), ("no-pick",), ("no-pick", "misdeal"), ("misdeal", "tie"),
                      ("no-pick", "misdeal", "tie")),
}


def table(pick: Pick) -> tuple[Rules, tuple[str, ...]]:
    """A preset with random, sensible house rules, and the players at the table."""
    preset = pick.choice(sorted(PRESETS))
    options = dict(find_preset(preset).options)
    overrides: dict[str, Any] = {}
    if pick.chance(30):
        seats = pick.integer(2, 7)
        overrides.update(seats=seats, partner=pick.choice(PARTNERS_BY_SEATS[seats]),
                         deck=pick.choice((32, 26)) if seats == 4 else 32,
                         jd_in_pickers_hand="alone")
    for key, values in KNOBS.items():
        if pick.chance(30):
            overrides[key] = pick.choice(values)
    merged = {**options, **overrides}
    seats, partner = merged["seats"], merged["partner"]
    if seats == 2:
        overrides["steal_blind"] = False
    else:
        if pick.chance(20):
            overrides["steal_blind"] = pick.choice((True, False))
        if pick.chance(30):
            overrides["nobody_picks"] = pick.choice(("leaster", "no-pick", "forced-pick",
                                                     "schwanzer"))
        if pick.chance(20):
            overrides["forced_loss_doubled"] = pick.choice((True, False))
    if partner == "called-ace" and pick.chance(40):
        overrides["called_ace_buried"] = pick.choice(("pay-the-board", "play-alone", "redeal"))
    if partner not in ("none", "called-ace") and pick.chance(20):
        overrides["jd_in_pickers_hand"] = "call-up-jh"
    merged = {**options, **overrides}
    if merged.get("renege") == "penalty" and pick.chance(60):
        overrides["renege_points"] = pick.choice((1, 2, 4, 8, 12))
    if merged.get("no_trick_pick_penalty") and pick.chance(60):
        overrides["no_trick_pick_points"] = pick.choice((1, 2, 4))
    if merged.get("called_ace_buried", "pay-the-board") == "pay-the-board" \
            and partner == "called-ace" and pick.chance(40):
        overrides["board_points"] = pick.choice((1, 2, 3))
    all_pass = None if seats == 2 else overrides.get("nobody_picks", merged["nobody_picks"])
    if all_pass == "no-pick" and pick.chance(30):
        overrides["no_pick_same_dealer"] = pick.choice((True, False))
    if all_pass in ("leaster", "schwanzer") and pick.chance(30):
        makes = overrides.get("makes_doubler", merged.get("makes_doubler", ()))
        overrides["makes_doubler"] = (*makes, all_pass)
    rules = make_rules(preset, overrides)
    players = NAMES[:seats + pick.integer(0, 2)]
    return rules, players


# --- the deal, as docs/rules.md §8 reads -------------------------------------------------------


@dataclass
class Rotation:
    last: str | None = None
    stays: bool = False

    def dealer(self, players: Sequence[str], at_table: Sequence[str]) -> str:
        if self.last is None:
            return at_table[0]
        if self.stays and self.last in at_table:
            return self.last
        start = players.index(self.last)
        return next(players[(start + i) % len(players)] for i in range(1, len(players) + 1)
                    if players[(start + i) % len(players)] in at_table)

    def after(self, rules: Rules, dealer: str, hand: Hand) -> None:
        self.last = dealer
        self.stays = (hand.kind in (Kind.VOID, Kind.ADJUSTMENT)
                      or (hand.kind is Kind.CALLED_ACE_BURIED
                          and rules.called_ace_buried == "redeal")
                      or (hand.kind is Kind.NO_PICK and rules.no_pick_same_dealer is True))


def playing(at_table: Sequence[str], dealer: str, seats: int) -> tuple[str, ...]:
    """The dealer sits out first, then the players to his right."""
    i = at_table.index(dealer)
    out = {at_table[(i - k) % len(at_table)] for k in range(len(at_table) - seats)}
    return tuple(p for p in at_table if p not in out)


def asked_last(players: Sequence[str], seated: Sequence[str], dealer: str) -> str:
    i = players.index(dealer)
    return next(players[(i - k) % len(players)] for k in range(len(players))
                if players[(i - k) % len(players)] in seated)


# --- hands ------------------------------------------------------------------------------


def bury_points(rules: Rules) -> int:
    cards = 0 if rules.seats == 2 else 4 if rules.seats == 7 or (
        rules.seats == 4 and rules.deck == 32) else 2
    return 11 * cards


def sides(pick: Pick, rules: Rules, players: Sequence[str], seated: Sequence[str],
          dealer: str) -> dict[str, Any]:
    """Picker, partners and announcements for a picked (or forfeited) hand."""
    out: dict[str, Any] = {
        "cracks": pick.integer(0, rules.max_cracks),
        "blitzes": pick.integer(0, 2) if rules.blitz else 0,
        "declared_doubler": rules.declared_doubler and pick.chance(20),
    }
    if rules.nobody_picks == "forced-pick" and pick.chance(30):
        return {**out, "picker": asked_last(players, seated, dealer), "forced": True,
                **partners_for(pick, rules, asked_last(players, seated, dealer), seated)}
    if rules.steal_blind and pick.chance(25):
        thief = pick.choice(seated)
        return {**out, "picker": thief,
                "stolen_from": pick.choice([p for p in seated if p != thief])}
    picker = pick.choice(seated)
    return {**out, "picker": picker, **partners_for(pick, rules, picker, seated)}


def partners_for(pick: Pick, rules: Rules, picker: str, seated: Sequence[str]
                 ) -> dict[str, Any]:
    others = [p for p in seated if p != picker]
    if rules.partner == "none":
        return {}
    if pick.chance(15):
        return {"alone": True}
    if rules.partner == "called-ace":
        return {"partners": (pick.choice(others),)}
    if rules.partner == "jack-of-diamonds":
        return {"partners": (pick.choice(others),) if pick.chance(80) else ()}
    if rules.partner == "jd-and-right":
        right = seated[(seated.index(picker) - 1) % len(seated)]
        second = [p for p in others if p != right]
        return {"partners": (right,) + ((pick.choice(second),) if pick.chance(80) else ())}
    first = pick.choice(others)
    second = [p for p in others if p != first]
    return {"partners": (first,) + ((pick.choice(second),) if pick.chance(80) else ())}


def picked(pick: Pick, rules: Rules, players: Sequence[str], seated: Sequence[str],
           dealer: str) -> dict[str, Any]:
    fields = sides(pick, rules, players, seated, dealer)
    tricks = pick.choice((Tricks.SOME,) * 6 + (Tricks.ALL, Tricks.NONE))
    points = {Tricks.SOME: pick.integer(0, 120), Tricks.ALL: 120,
              Tricks.NONE: pick.integer(0, bury_points(rules))}[tricks]
    fields.update(points=points, tricks=tricks)
    if rules.counts_no_trick_pickers:
        picker, alone = fields["picker"], not fields.get("partners")
        owing = []
        if tricks is Tricks.NONE or (not (tricks is Tricks.ALL and alone) and pick.chance(20)):
            owing.append(picker)
            if alone and tricks is Tricks.SOME:  # alone and no trick: his side took none
                fields["points"] = pick.integer(0, bury_points(rules))
        if fields.get("stolen_from") and pick.chance(30):
            owing.append(fields["stolen_from"])
        fields["no_trick_pickers"] = tuple(owing)
    return fields


def kinds(rules: Rules) -> list[Kind]:
    out = [Kind.PICKED] * 6 + [Kind.MISDEAL, Kind.VOID, Kind.RENEGE, Kind.ADJUSTMENT]
    if rules.nobody_picks == "leaster":
        out += [Kind.LEASTER] * 2
    if rules.nobody_picks == "no-pick":
        out += [Kind.NO_PICK] * 3
    if rules.nobody_picks == "schwanzer":
        out += [Kind.SCHWANZER] * 2
    if rules.called_ace_buried in ("pay-the-board", "redeal"):
        out.append(Kind.CALLED_ACE_BURIED)
    return out


def one_hand(pick: Pick, rules: Rules, players: tuple[str, ...], rotation: Rotation
             ) -> tuple[Hand, str, tuple[str, ...]]:
    """A hand a scorekeeper could record next, with its expected dealer and seats."""
    present = None
    if len(players) > rules.seats and pick.chance(15):
        remaining = list(players)
        for _ in range(pick.integer(0, len(players) - rules.seats)):
            remaining.remove(pick.choice(remaining))
        present = tuple(remaining)
    at_table = [p for p in players if present is None or p in present]
    explicit_dealer = pick.choice(at_table) if pick.chance(10) else None
    dealer = explicit_dealer or rotation.dealer(players, at_table)
    explicit_seats = None
    if len(at_table) > rules.seats and pick.chance(10):
        explicit_seats = tuple(pick.choice([at_table[i:] + at_table[:i]
                                            for i in range(len(at_table))])[:rules.seats])
    seated = (tuple(p for p in at_table if p in explicit_seats) if explicit_seats
              else playing(at_table, dealer, rules.seats))
    kind = pick.choice(kinds(rules))
    fields: dict[str, Any] = {}
    if kind is Kind.PICKED:
        fields = picked(pick, rules, players, seated, dealer)
    elif kind is Kind.RENEGE:
        fields = {"offender": pick.choice(seated)}
        if rules.renege == "forfeit":
            fields.update(sides(pick, rules, players, seated, dealer))
    elif kind is Kind.LEASTER:
        fields = {"winner": pick.choice(seated)}
        if rules.declared_doubler and pick.chance(15):
            fields["declared_doubler"] = True
        if rules.leaster_second_winner and len(seated) >= 3 and pick.chance(30):
            fields["second_winner"] = pick.choice([p for p in seated if p != fields["winner"]])
    elif kind is Kind.CALLED_ACE_BURIED:
        fields = {"picker": pick.choice(seated)}
    elif kind is Kind.SCHWANZER:
        count = pick.integer(1, len(seated) - 1)
        fields = {"losers": tuple(pick.choice([list(seated[i:]) + list(seated[:i])
                                               for i in range(len(seated))])[:count])}
    elif kind is Kind.ADJUSTMENT:  # any players of the table, summing to zero
        payer, payee = pick.choice(players), pick.choice(players)
        amount = pick.integer(1, 20)
        payouts = {payee: amount} if payer == payee else {payee: amount, payer: -amount}
        if payer == payee:
            payouts[next(p for p in players if p != payee)] = -amount
        fields = {"payouts": payouts, "note": "three kings"}
    if rules.round_of_doubles and kind in (Kind.PICKED, Kind.LEASTER, Kind.NO_PICK,
                                           Kind.RENEGE) and pick.chance(10):
        fields["king_of_diamonds_cut"] = True
    if rules.last_round_doubled and kind in (Kind.PICKED, Kind.LEASTER, Kind.RENEGE) \
            and pick.chance(10):
        fields["last_round"] = True
    hand = Hand(kind=kind, present=present, dealer=explicit_dealer, seated=explicit_seats,
                **fields)
    rotation.after(rules, dealer, hand)
    return hand, dealer, seated


def night_plan(pick: Pick, length: int
               ) -> tuple[Rules, tuple[str, ...], list[Hand], list[tuple[str, tuple[str, ...]]]]:
    rules, players = table(pick)
    rotation = Rotation()
    hands, deals = [], []
    for _ in range(length):
        hand, dealer, seated = one_hand(pick, rules, players, rotation)
        hands.append(hand)
        deals.append((dealer, seated))
    return rules, players, hands, deals


def snapshot(night: Night) -> Any:
    return repr(night)


pytestmark = pytest.mark.slow
#: Twice the profile's examples (tests/conftest.py): the engine alone is quick.
PROPERTY = settings(max_examples=2 * settings.default.max_examples,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@PROPERTY
@given(st.data())
def test_every_recorded_hand_sums_to_zero_and_sitting_out_players_get_nothing(
        data: st.DataObject) -> None:
    rules, players, hands, deals = night_plan(DrawPick(data), data.draw(st.integers(1, 12)))
    night = replay(rules, players, hands)
    assert len(night.results) == len(hands)
    running = dict.fromkeys(players, 0)
    for result, (dealer, seated) in zip(night.results, deals, strict=True):
        assert (result.dealer, result.seated) == (dealer, seated)
        assert set(result.payouts) == set(players)
        assert sum(result.payouts.values()) == 0
        if result.hand.kind is not Kind.ADJUSTMENT:  # an adjustment may pay anyone at the table
            assert all(result.payouts[p] == 0 for p in players if p not in seated)
        for name, amount in result.payouts.items():
            running[name] += amount
        assert result.balances == running
    assert night.balances == running and sum(night.balances.values()) == 0


@PROPERTY
@given(st.data())
def test_replay_is_deterministic_and_prefix_stable(data: st.DataObject) -> None:
    rules, players, hands, _ = night_plan(DrawPick(data), data.draw(st.integers(1, 10)))
    night = replay(rules, players, hands)
    assert replay(rules, players, list(hands)) == night
    cut = data.draw(st.integers(0, len(hands)))
    assert replay(rules, players, hands[:cut]).results == night.results[:cut]


BAD_HANDS = (
    Hand(picker="Zed", points=70),
    Hand(kind=Kind.VOID, points=3),
    Hand(points=70),
    Hand(kind=Kind.PICKED, picker="Ann", points=121),
)


@PROPERTY
@given(st.data())
def test_refused_hand_leaves_the_night_as_it_was(data: st.DataObject) -> None:
    rules, players, hands, _ = night_plan(DrawPick(data), data.draw(st.integers(0, 8)))
    night = replay(rules, players, hands)
    before = snapshot(night)
    where = data.draw(st.integers(0, len(hands)))
    bad = data.draw(st.sampled_from(BAD_HANDS))
    with pytest.raises(NightError) as error:
        replay(rules, players, hands[:where] + [bad] + hands[where:])
    assert error.value.number == where + 1
    assert snapshot(night) == before
    assert replay(rules, players, hands) == night


@pytest.mark.parametrize("seed", range(40))
def test_generated_nights_are_accepted_and_cover_every_kind(seed: int) -> None:
    rules, players, hands, _ = night_plan(RandomPick(seed), 25)
    night = replay(rules, players, hands)
    assert all(sum(r.payouts.values()) == 0 for r in night.results)


def test_generator_reaches_every_kind_and_policy() -> None:
    seen_kinds: set[Kind] = set()
    seen_policies: set[str] = set()
    doubled = 0
    for seed in range(200):
        rules, players, hands, _ = night_plan(RandomPick(seed), 12)
        night = replay(rules, players, hands)
        seen_kinds |= {h.kind for h in hands}
        seen_policies.add(rules.doublers)
        doubled += sum(r.doubled for r in night.results)
    assert seen_kinds == set(Kind)
    assert seen_policies == {"extend", "stack", "previous"}
    assert doubled > 50
