"""Seats, sit-outs and the deal (docs/rules.md §8): the rotation, who sits out
when more players than seats are at the table, explicit dealers and seats,
and a roster that changes during the night.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    Hand,
    HandError,
    Kind,
    NightError,
    deal,
    make_rules,
    next_dealer,
    replay,
    sit_out,
)

FIVE = ("Ann", "Bob", "Cat", "Dan", "Eve")
SIX = FIVE + ("Fay",)
SEVEN = SIX + ("Gus",)
FOUR = FIVE[:4]
WIN = Hand(picker="Cat", partners=("Dan",), points=75)
VOID = Hand(kind=Kind.VOID)
NO_PICK = Hand(kind=Kind.NO_PICK)


def dealers(preset: str, players: tuple[str, ...], hands: list[Hand], **overrides: object
            ) -> tuple[list[str], str]:
    night = replay(make_rules(preset, overrides), players, hands)
    return [r.dealer for r in night.results], night.next_dealer


def test_first_listed_player_deals_first_and_the_deal_passes_left() -> None:
    assert dealers("called-ace", FIVE, [WIN] * 6) == (
        ["Ann", "Bob", "Cat", "Dan", "Eve", "Ann"], "Bob")


def test_empty_night_is_dealt_by_the_first_listed_player() -> None:
    night = replay(make_rules("called-ace"), FIVE, [])
    assert (night.results, night.next_dealer, night.pending) == ((), "Ann", ())
    assert night.balances == dict.fromkeys(FIVE, 0)


def test_void_hand_keeps_the_dealer() -> None:
    assert dealers("called-ace", FIVE, [WIN, VOID, VOID, WIN]) == (
        ["Ann", "Bob", "Bob", "Bob"], "Cat")


@pytest.mark.parametrize("kind", [Kind.MISDEAL, Kind.LEASTER, Kind.RENEGE])
def test_every_other_recorded_hand_passes_the_deal(kind: Kind) -> None:
    hand = {Kind.MISDEAL: Hand(kind=kind), Kind.LEASTER: Hand(kind=kind, winner="Bob"),
            Kind.RENEGE: Hand(kind=kind, offender="Bob", picker="Cat", partners=("Dan",))}[kind]
    assert dealers("called-ace", FIVE, [hand]) == (["Ann"], "Bob")


def test_sheephead_4_no_pick_keeps_the_dealer() -> None:
    four_win = Hand(picker="Bob", partners=("Cat",), points=75)
    assert dealers("sheephead-4", FOUR, [NO_PICK, NO_PICK, four_win]) == (
        ["Ann", "Ann", "Ann"], "Bob")


def test_sheephead_4_table_may_pass_the_deal_after_a_no_pick() -> None:
    assert dealers("sheephead-4", FOUR, [NO_PICK], no_pick_same_dealer=False) == (
        ["Ann"], "Bob")


def test_imsa_no_pick_passes_the_deal() -> None:
    assert dealers("imsa", FIVE, [NO_PICK, NO_PICK]) == (["Ann", "Bob"], "Cat")


def test_six_at_a_five_handed_table_the_dealer_sits_out_and_gets_nothing() -> None:
    hand = Hand(picker="Cat", partners=("Dan",), points=75)
    night = replay(make_rules("called-ace"), SIX, [hand, hand])
    first, second = night.results
    assert (first.dealer, first.seated) == ("Ann", ("Bob", "Cat", "Dan", "Eve", "Fay"))
    assert (second.dealer, second.seated) == ("Bob", ("Ann", "Cat", "Dan", "Eve", "Fay"))
    assert first.payouts == {"Ann": 0, "Bob": -1, "Cat": 2, "Dan": 1, "Eve": -1, "Fay": -1}
    assert second.payouts["Bob"] == 0


def test_seven_at_five_the_dealer_and_the_player_to_his_right_sit_out() -> None:
    hand = Hand(picker="Cat", partners=("Dan",), points=75)
    night = replay(make_rules("called-ace"), SEVEN, [hand, hand])
    assert night.results[0].seated == ("Bob", "Cat", "Dan", "Eve", "Fay")
    assert night.results[1].seated == ("Cat", "Dan", "Eve", "Fay", "Gus")
    assert night.results[0].payouts["Ann"] == night.results[0].payouts["Gus"] == 0


def test_sitting_out_player_cannot_pick() -> None:
    with pytest.raises(NightError, match="Gus isn't playing this hand"):
        replay(make_rules("called-ace"), SEVEN, [Hand(picker="Gus", partners=("Cat",),
                                                      points=75)])


def test_six_handed_right_hand_partner_is_the_seated_neighbour() -> None:
    # Seven at a six-handed table: Ann deals and sits out, so Bob's right is Gus.
    hand = Hand(picker="Bob", partners=("Gus",), points=75)
    night = replay(make_rules("six-handed"), SEVEN, [hand])
    assert night.results[0].payouts["Ann"] == 0
    with pytest.raises(NightError, match="Gus, on Bob's right"):
        replay(make_rules("six-handed"), SEVEN, [Hand(picker="Bob", partners=("Cat", "Dan"),
                                                      points=75)])
    completed = replay(make_rules("six-handed"), SEVEN, [Hand(picker="Bob", partners=("Cat",),
                                                              points=75)])
    assert completed.results[0].hand.partners == ("Cat", "Gus")


def test_explicit_dealer_is_used_and_the_rotation_continues_from_him() -> None:
    hands = [WIN, Hand(picker="Cat", partners=("Dan",), points=75, dealer="Dan"), WIN]
    assert dealers("called-ace", FIVE, hands) == (["Ann", "Dan", "Eve"], "Ann")


def test_explicit_seats_replace_the_sit_out_rotation() -> None:
    hand = Hand(picker="Cat", partners=("Dan",), points=75,
                seated=("Fay", "Cat", "Dan", "Ann", "Bob"))
    night = replay(make_rules("called-ace"), SIX, [hand])
    result = night.results[0]
    assert result.seated == ("Ann", "Bob", "Cat", "Dan", "Fay")
    assert result.payouts["Eve"] == 0
    assert result.hand.seated == result.seated and result.hand.dealer == "Ann"


@pytest.mark.parametrize(("seated", "message"), [
    (("Ann", "Bob", "Cat", "Dan"), "Exactly 5 players play each hand, not 4"),
    (("Ann", "Bob", "Cat", "Dan", "Dan"), "A player is named twice among those playing"),
    (("Ann", "Bob", "Cat", "Dan", "Zed"), "Zed isn't a player at this table"),
])
def test_explicit_seats_must_be_the_right_players(seated: tuple[str, ...], message: str
                                                  ) -> None:
    hand = Hand(kind=Kind.LEASTER, winner="Ann", seated=seated)
    with pytest.raises(NightError) as error:
        replay(make_rules("called-ace"), SIX, [hand])
    assert (error.value.message, error.value.field) == (message, "seated")


def test_explicit_seats_must_be_present() -> None:
    hand = Hand(kind=Kind.LEASTER, winner="Ann", seated=FIVE, present=SIX[1:])
    with pytest.raises(NightError, match="Ann isn't at the table"):
        replay(make_rules("called-ace"), SIX, [hand])


def test_roster_changes_mid_night_through_present() -> None:
    rules = make_rules("called-ace")
    early = Hand(picker="Cat", partners=("Dan",), points=75, present=FIVE)
    everyone = Hand(picker="Eve", partners=("Fay",), points=75)
    night = replay(rules, SIX, [early, early, everyone, everyone])
    assert [r.dealer for r in night.results] == ["Ann", "Bob", "Cat", "Dan"]
    assert [r.seated for r in night.results] == [
        FIVE, FIVE, ("Ann", "Bob", "Dan", "Eve", "Fay"), ("Ann", "Bob", "Cat", "Eve", "Fay")]
    assert night.results[0].payouts["Fay"] == 0


def test_a_player_who_leaves_is_skipped_in_the_deal() -> None:
    rules = make_rules("called-ace")
    without_cat = tuple(p for p in SIX if p != "Cat")
    later = Hand(picker="Dan", partners=("Eve",), points=75, present=without_cat)
    night = replay(rules, SIX, [WIN, later, later], present=without_cat)
    assert [r.dealer for r in night.results] == ["Ann", "Bob", "Dan"]
    assert night.results[1].seated == without_cat
    assert night.next_dealer == "Eve"


def test_next_dealer_skips_players_who_are_no_longer_present() -> None:
    without_bob = ("Ann", "Cat", "Dan", "Eve", "Fay")
    night = replay(make_rules("called-ace"), SIX, [WIN], present=without_bob)
    assert night.next_dealer == "Cat"


def test_void_dealer_who_left_hands_the_deal_to_his_left() -> None:
    without_bob = ("Ann", "Cat", "Dan", "Eve", "Fay")
    later = Hand(picker="Cat", partners=("Dan",), points=75, present=without_bob)
    night = replay(make_rules("called-ace"), SIX, [VOID, VOID, later])
    assert [r.dealer for r in night.results] == ["Ann", "Ann", "Ann"]
    night = replay(make_rules("called-ace"), SIX, [WIN, VOID, later])
    assert [r.dealer for r in night.results] == ["Ann", "Bob", "Cat"]


def test_fewer_players_present_than_seats_is_refused() -> None:
    hand = Hand(kind=Kind.LEASTER, winner="Ann", present=FOUR)
    with pytest.raises(NightError) as error:
        replay(make_rules("called-ace"), SIX, [hand])
    assert error.value.message == ("This table plays 5 to a hand; only 4 players are at the "
                                   "table")
    assert error.value.field == "present"


def test_dealer_who_is_not_present_is_refused() -> None:
    hand = Hand(kind=Kind.LEASTER, winner="Ann", dealer="Cat", present=("Ann", "Bob", "Dan",
                                                                         "Eve", "Fay"))
    with pytest.raises(NightError, match="Cat isn't at the table to deal"):
        replay(make_rules("called-ace"), SIX, [hand])


def test_unknown_dealer_is_refused() -> None:
    with pytest.raises(NightError, match="Zed isn't a player at this table"):
        replay(make_rules("called-ace"), FIVE, [Hand(kind=Kind.VOID, dealer="Zed")])


@pytest.mark.parametrize(("players", "dealer", "seats", "playing"), [
    (SIX, "Ann", 5, ("Bob", "Cat", "Dan", "Eve", "Fay")),
    (SIX, "Ann", 4, ("Bob", "Cat", "Dan", "Eve")),
    (SEVEN, "Cat", 5, ("Ann", "Dan", "Eve", "Fay", "Gus")),
    (SEVEN, "Ann", 4, ("Bob", "Cat", "Dan", "Eve")),
    (SEVEN, "Cat", 7, SEVEN),
])
def test_sit_out_takes_the_dealer_then_the_players_to_his_right(
        players: tuple[str, ...], dealer: str, seats: int, playing: tuple[str, ...]) -> None:
    assert sit_out(players, dealer, seats) == playing


def test_next_dealer_and_deal_are_usable_on_their_own() -> None:
    assert next_dealer(FIVE, None, None) == "Ann"
    assert next_dealer(FIVE, None, "Eve") == "Ann"
    assert next_dealer(FIVE, None, "Bob", stays=True) == "Bob"
    assert next_dealer(FIVE, ("Ann", "Eve"), "Bob") == "Eve"
    with pytest.raises(HandError, match="Nobody is at the table"):
        next_dealer(FIVE, (), "Bob")
    assert deal(make_rules("called-ace"), SIX, WIN, "Ann", False) == (
        "Bob", ("Ann", "Cat", "Dan", "Eve", "Fay"))
