"""The scoring options of docs/rules.md §9 (``schwarz``, ``bump_on_no_trick``,
``shares``, ``cap``), straight from §9's sentences; every preset's default
is the first release's rule."""

from __future__ import annotations

import pytest

from scorekeeper.rules import PRESETS, Hand, Tricks, make_rules, replay

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")


def paid(hand: Hand, seats: int = 5, preset: str = "called-ace",
         **overrides: object) -> tuple[int, ...]:
    players = NAMES[:seats]
    options = {"seats": seats, **overrides} if seats != 5 else dict(overrides)
    night = replay(make_rules(preset, options), players, [hand])
    payouts = night.results[-1].payouts
    assert sum(payouts.values()) == 0
    return tuple(payouts[name] for name in players)


def picked(points: int, tricks: Tricks = Tricks.SOME, **more: object) -> Hand:
    return Hand(picker="Ann", partners=("Bob",), points=points, tricks=tricks,
                **more)  # type: ignore[arg-type]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_keeps_the_first_releases_rules(preset: str) -> None:
    rules = PRESETS[preset].rules
    assert (rules.schwarz, rules.bump_on_no_trick, rules.shares, rules.cap) == \
        ("tricks", True, "picker-rest", "total")


# schwarz: "`points` also treats a side with 0 card points as having taken no trick
# (`P = 120` or `P = 0`), whatever `tricks` says"
def test_schwarz_by_points_makes_0_a_no_trick_loss() -> None:
    by_tricks = paid(picked(0))  # an empty trick: schneidered, not schwarz
    by_points = paid(picked(0), schwarz="points")
    assert by_tricks == (-8, -4, 4, 4, 4)
    assert by_points == paid(picked(0, Tricks.NONE)) == (-12, -6, 6, 6, 6)


def test_schwarz_by_points_makes_120_a_sweep() -> None:
    assert paid(picked(120)) == (4, 2, -2, -2, -2)
    assert paid(picked(120), schwarz="points") == paid(picked(120, Tricks.ALL)) == \
        (6, 3, -3, -3, -3)


@pytest.mark.parametrize("points", [1, 30, 61, 90, 119])
def test_schwarz_by_points_changes_nothing_else(points: int) -> None:
    assert paid(picked(points)) == paid(picked(points), schwarz="points")


# bump_on_no_trick: "`false`: when the picking side took no trick its loss is paid at `bump = 1`"
def test_a_no_trick_loss_is_not_bumped_when_the_table_says_so() -> None:
    assert paid(picked(0, Tricks.NONE)) == (-12, -6, 6, 6, 6)
    assert paid(picked(0, Tricks.NONE), bump_on_no_trick=False) == (-6, -3, 3, 3, 3)
    # other losses are still bumped, and wins are untouched
    assert paid(picked(45), bump_on_no_trick=False) == paid(picked(45)) == (-4, -2, 2, 2, 2)
    assert paid(picked(120, Tricks.ALL), bump_on_no_trick=False) == paid(picked(120, Tricks.ALL))


# shares: "`even`: as evenly as possible, the picker taking any larger part
# (2 against 4 split 2/2, 2 against 5 split 3/2)"
@pytest.mark.parametrize(("seats", "rest", "even"), [
    (6, (3, 1, -1, -1, -1, -1), (2, 2, -1, -1, -1, -1)),
    (7, (4, 1, -1, -1, -1, -1, -1), (3, 2, -1, -1, -1, -1, -1)),
    (5, (2, 1, -1, -1, -1), (2, 1, -1, -1, -1)),
])
def test_an_even_split_of_the_picking_side(seats: int, rest: tuple[int, ...],
                                           even: tuple[int, ...]) -> None:
    assert paid(picked(75), seats) == rest
    assert paid(picked(75), seats, shares="even") == even


def test_an_even_split_of_a_loss_puts_the_larger_part_on_the_picker() -> None:
    assert paid(picked(45), 7, shares="even") == (-5, -5, 2, 2, 2, 2, 2)
    assert paid(picked(75, cracks=1), 7, shares="even") == (5, 5, -2, -2, -2, -2, -2)
    assert paid(picked(75), 7, shares="even", base=3) == (8, 7, -3, -3, -3, -3, -3)
    assert paid(picked(45), 6, shares="even") == (-4, -4, 2, 2, 2, 2)


def test_an_even_split_of_three_against_three_is_one_each() -> None:
    three = Hand(picker="Ann", partners=("Cat", "Fay"), points=75)
    players = NAMES[:6]
    night = replay(make_rules("six-handed", {"shares": "even"}), players, [three])
    assert [night.results[0].payouts[n] for n in players] == [1, -1, 1, -1, -1, 1]


# cap: "`total` = tier × M (§2); `stake` = M alone, the tier multiplied on top"
def test_the_cap_on_the_stake_leaves_the_tier_on_top() -> None:
    # a doubling-ladder schneider (tier 2) on a re-cracked hand (M = 4)
    total = paid(Hand(picker="Ann", partners=("Bob",), points=95, cracks=2), preset="imsa",
                 max_multiplier=2)
    stake = paid(Hand(picker="Ann", partners=("Bob",), points=95, cracks=2), preset="imsa",
                 max_multiplier=2, cap="stake")
    uncapped = paid(Hand(picker="Ann", partners=("Bob",), points=95, cracks=2), preset="imsa")
    assert uncapped[1] == 8 and total[1] == 2 and stake[1] == 4  # 2 × 4; min(8, 2); 2 × min(4, 2)


def test_the_cap_choice_needs_no_cap_to_be_set() -> None:
    assert paid(picked(95), cap="stake") == paid(picked(95))


# smith_rule: "when the picker personally took no trick (`no_trick_pickers`): on a loss the
# partner pays nothing and the picker pays the partner's part too; on a win the picker gets
# nothing and the partner gets the picker's part too"
def test_the_smith_rule_on_a_win_gives_the_pickers_part_to_the_partner() -> None:
    hand = picked(70, no_trick_pickers=("Ann",))
    assert paid(hand, smith_rule=True) == (0, 3, -1, -1, -1)
    assert paid(picked(70), smith_rule=True) == (2, 1, -1, -1, -1)  # he took a trick


def test_the_smith_rule_on_a_loss_spares_the_partner() -> None:
    hand = picked(45, no_trick_pickers=("Ann",))
    assert paid(hand, smith_rule=True) == (-6, 0, 2, 2, 2)


def test_a_side_without_a_trick_means_the_picker_took_none_under_the_smith_rule() -> None:
    """Inferred as in §5: nobody need mark the picker when his side took no trick."""
    night = replay(make_rules("called-ace", {"smith_rule": True}), NAMES[:5],
                   [picked(0, Tricks.NONE)])
    assert night.results[0].hand.no_trick_pickers == ("Ann",)
    assert [night.results[0].payouts[n] for n in NAMES[:5]] == [-18, 0, 6, 6, 6]


def test_the_smith_rule_alone_charges_no_penalty_and_needs_no_penalty_option() -> None:
    rules = make_rules("called-ace", {"smith_rule": True})
    assert not rules.no_trick_pick_penalty and rules.counts_no_trick_pickers
    assert sum(paid(picked(70, no_trick_pickers=("Ann",)), smith_rule=True)) == 0


def test_smith_rule_and_the_spared_partner_agree_on_a_no_trick_loss() -> None:
    """Both move the partner's part of a no-trick loss to the picker: applied in
    either order (the README states spared first), the numbers are the same."""
    hand = picked(0, Tricks.NONE)
    both = paid(hand, smith_rule=True, partner_spared_on_no_trick=True)
    assert both == paid(hand, smith_rule=True) == paid(hand, partner_spared_on_no_trick=True)


def test_the_smith_rule_with_the_penalty_charges_both() -> None:
    hand = picked(70, no_trick_pickers=("Ann",))
    night = replay(make_rules("called-ace", {"smith_rule": True, "no_trick_pick_penalty": True}),
                   NAMES[:5], [hand])
    assert [night.results[0].payouts[n] for n in NAMES[:5]] == [0 - 4, 3 + 1, 0, 0, 0]


# last_round_doubled: "a hand may be marked `last_round`: it and the next `seats - 1` scored
# hands are doubled"
def test_the_last_round_doubles_that_hand_and_the_next_seats_minus_one() -> None:
    players = NAMES[:5]
    win = Hand(picker="Ann", partners=("Bob",), points=75)
    hands = [Hand(picker="Ann", partners=("Bob",), points=75, last_round=True)] + [win] * 5
    night = replay(make_rules("called-ace", {"last_round_doubled": True}), players, hands)
    assert [r.doubled for r in night.results] == [True] * 5 + [False]
    assert [r.payouts["Ann"] for r in night.results] == [4] * 5 + [2]
    assert night.results[0].pending_after == (1, 1, 1, 1)


def test_a_last_round_needs_its_option() -> None:
    from scorekeeper.rules import HandError
    hand = Hand(picker="Ann", partners=("Bob",), points=75, last_round=True)
    with pytest.raises(HandError, match="last_round_doubled"):
        replay(make_rules("called-ace", {}), NAMES[:5], [hand])


def test_a_leaster_can_start_the_last_round() -> None:
    rules = make_rules("called-ace", {"last_round_doubled": True})
    night = replay(rules, NAMES[:5], [Hand(kind="leaster", winner="Cat", last_round=True)])
    assert night.results[0].doubled and night.results[0].payouts["Cat"] == 8


# leaster_second_winner: "every other seated player pays `L`, the second winner gets `L`,
# the winner collects the rest"
@pytest.mark.parametrize(("seats", "expected"), [
    (5, (2, 1, -1, -1, -1)), (4, (1, 1, -1, -1)), (3, (0, 1, -1)),
    (7, (4, 1, -1, -1, -1, -1, -1)),
])
def test_a_leaster_with_a_second_winner(seats: int, expected: tuple[int, ...]) -> None:
    hand = Hand(kind="leaster", winner="Ann", second_winner="Bob")
    preset = "three-handed" if seats == 3 else "called-ace"
    options = {"leaster_second_winner": True}
    if seats not in (3, 5):
        options["seats"] = seats
    night = replay(make_rules(preset, options), NAMES[:seats], [hand])
    assert tuple(night.results[0].payouts[n] for n in NAMES[:seats]) == expected


def test_a_doubled_leaster_with_a_second_winner_doubles_every_share() -> None:
    rules = make_rules("called-ace", {"leaster_second_winner": True, "last_round_doubled": True})
    hand = Hand(kind="leaster", winner="Ann", second_winner="Bob", last_round=True)
    night = replay(rules, NAMES[:5], [hand])
    assert [night.results[0].payouts[n] for n in NAMES[:5]] == [4, 2, -2, -2, -2]


@pytest.mark.parametrize(("options", "second", "message"), [
    ({}, "Bob", "leaster_second_winner"),
    ({"leaster_second_winner": True}, "Ann", "both the winner and the second winner"),
    ({"leaster_second_winner": True}, "Zed", "isn't a player"),
])
def test_a_second_winner_is_refused_in_players_words(options: dict[str, object], second: str,
                                                     message: str) -> None:
    from scorekeeper.rules import HandError
    hand = Hand(kind="leaster", winner="Ann", second_winner=second)
    with pytest.raises(HandError, match=message):
        replay(make_rules("called-ace", options), NAMES[:5], [hand])


# declared_doubler: "when on, a declared doubler is accepted on every scored hand: leasters ..."
def test_a_declared_doubler_doubles_a_leaster() -> None:
    rules = make_rules("called-ace", {"declared_doubler": True})
    night = replay(rules, NAMES[:5], [Hand(kind="leaster", winner="Cat", declared_doubler=True),
                                      Hand(kind="leaster", winner="Cat")])
    assert night.results[0].payouts["Cat"] == 8 and night.results[0].multiplier == 2
    assert night.results[1].payouts["Cat"] == 4  # declared for that hand only


def test_a_declared_leaster_needs_the_option() -> None:
    from scorekeeper.rules import HandError
    with pytest.raises(HandError, match="declare"):
        replay(make_rules("called-ace", {}), NAMES[:5],
               [Hand(kind="leaster", winner="Cat", declared_doubler=True)])


# adjustment: "explicit `payouts` for any players at the table, whole points summing to zero,
# with a `note` saying why (required, at most 200 characters). It neither uses nor adds
# doublers and does not pass the deal."
def test_an_adjustment_pays_what_it_says_and_leaves_doublers_and_the_deal_alone() -> None:
    rules = make_rules("called-ace", {"nobody_picks": "no-pick"})
    kings = Hand(kind="adjustment", payouts={"Ann": 4, "Bob": -1, "Cat": -1, "Dan": -1,
                                             "Eve": -1}, note="three kings")
    win = Hand(picker="Bob", partners=("Cat",), points=75)
    night = replay(rules, NAMES[:5], [Hand(kind="no-pick"), kings, win])
    adjusted, doubled = night.results[1], night.results[2]
    assert dict(adjusted.payouts) == {"Ann": 4, "Bob": -1, "Cat": -1, "Dan": -1, "Eve": -1}
    assert not adjusted.doubled and adjusted.pending_after == (1,)
    assert doubled.doubled and doubled.doubled_by == (1,)  # the adjustment didn't use it
    assert adjusted.dealer == doubled.dealer == "Bob"  # the deal didn't pass


def test_an_adjustment_may_pay_a_player_who_sits_out() -> None:
    rules = make_rules("called-ace", {})
    six = NAMES[:6]
    side_bet = Hand(kind="adjustment", payouts={"Ann": 2, "Fay": -2}, note="side bet")
    night = replay(rules, six, [side_bet])  # Ann deals the first hand, so she sits out
    assert night.results[0].payouts["Ann"] == 2 and "Ann" not in night.results[0].seated


@pytest.mark.parametrize(("payouts", "note", "message"), [
    ({"Ann": 3, "Bob": -2}, "x", r"add up to zero; these add up to \+1"),
    ({"Ann": 2, "Zed": -2}, "x", "Zed isn't a player"),
    ({"Ann": 2, "Bob": -2}, None, "Say what the payment is for"),
    ({"Ann": 2, "Bob": -2}, "x" * 201, "200 characters"),
    ({}, "x", "Enter who pays"),
    ({"Ann": 0}, "x", "Enter who pays"),
    ({"Ann": 10**6, "Bob": -10**6}, "x", "whole points"),
])
def test_an_adjustment_that_does_not_add_up_is_refused(payouts: dict[str, int],
                                                       note: str | None, message: str) -> None:
    from scorekeeper.rules import HandError
    hand = Hand(kind="adjustment", payouts=payouts, note=note)
    with pytest.raises(HandError, match=message):
        replay(make_rules("imsa", {}), NAMES[:5], [hand])


# nobody_picks = schwanzer: "each loser pays `L` to every seated non-loser (`L = base ×
# doublers`), so one loser of five pays 4 and two tied losers pay 3 each while the others get 2"
@pytest.mark.parametrize(("losers", "expected"), [
    (("Ann",), (-4, 1, 1, 1, 1)), (("Ann", "Bob"), (-3, -3, 2, 2, 2)),
    (("Ann", "Bob", "Cat", "Dan"), (-1, -1, -1, -1, 4)),
])
def test_a_schwanzer_pays_from_its_losers(losers: tuple[str, ...],
                                          expected: tuple[int, ...]) -> None:
    rules = make_rules("called-ace", {"nobody_picks": "schwanzer"})
    night = replay(rules, NAMES[:5], [Hand(kind="schwanzer", losers=losers)])
    assert tuple(night.results[0].payouts[n] for n in NAMES[:5]) == expected


def test_a_schwanzer_uses_a_pending_doubler() -> None:
    rules = make_rules("called-ace", {"nobody_picks": "schwanzer", "declared_doubler": True})
    night = replay(rules, NAMES[:5], [Hand(kind="schwanzer", losers=("Ann",),
                                           declared_doubler=True)])
    assert night.results[0].payouts["Ann"] == -8 and night.results[0].multiplier == 2


@pytest.mark.parametrize(("options", "losers", "message"), [
    ({"nobody_picks": "schwanzer"}, ("Ann", "Bob", "Cat", "Dan", "Eve"), "not every player"),
    ({"nobody_picks": "schwanzer"}, (), "Name who pays"),
    ({"nobody_picks": "schwanzer"}, ("Ann", "Ann"), "named twice"),
    ({}, ("Ann",), "leaster"),
])
def test_a_schwanzer_is_refused_in_players_words(options: dict[str, object],
                                                 losers: tuple[str, ...], message: str) -> None:
    from scorekeeper.rules import HandError
    with pytest.raises(HandError, match=message):
        replay(make_rules("called-ace", options), NAMES[:5],
               [Hand(kind="schwanzer", losers=losers)])
