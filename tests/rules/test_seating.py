"""The table each hand was dealt at, as the engine tells it (rules.seating)."""

from __future__ import annotations

from scorekeeper.rules import Hand, Night, Rules, make_rules, replay, table_at

FIVE = ("Ann", "Bob", "Cat", "Dan", "Eve")
SIX = (*FIVE, "Fay")


def _night() -> tuple[Rules, Night]:
    """Three hands at five, then Fay joins and two hands at six."""
    rules = make_rules("called-ace")
    hands = [
        Hand(picker="Bob", partners=("Cat",), points=75, present=FIVE),
        Hand(picker="Cat", partners=("Dan",), points=75, present=FIVE),
        Hand(picker="Dan", partners=("Eve",), points=75, present=FIVE),
        Hand(picker="Eve", partners=("Fay",), points=75, present=SIX),
        Hand(picker="Fay", partners=("Ann",), points=75, present=SIX),
    ]
    return rules, replay(rules, SIX, hands, SIX)


def test_an_insert_takes_the_roster_of_the_hand_it_goes_before() -> None:
    rules, night = _night()
    table = table_at(rules, night, 2, SIX)
    assert table.present == FIVE and table.dealer == "Bob" and not table.crowded
    assert table.out_by_dealer() == {}


def test_an_edit_keeps_the_hands_own_table() -> None:
    rules, night = _night()
    table = table_at(rules, night, 5, ("Ann",), editing=True)
    assert table.present == SIX and table.dealer == night.results[4].dealer
    assert table.sitting_out == (table.dealer,)


def test_a_new_hand_at_the_end_takes_tonights_roster() -> None:
    rules, night = _night()
    table = table_at(rules, night, 6, SIX)
    assert table.dealer == night.next_dealer and len(table.seated) == 5
    assert table.out_by_dealer()[table.dealer] == (table.dealer,)


def test_fill_keeps_the_seats_for_the_same_dealer_and_rotates_for_another() -> None:
    rules, night = _night()
    table = table_at(rules, night, 4, SIX, editing=True)
    same = table.fill(Hand(picker="Eve", partners=("Fay",), points=80))
    assert (same.dealer, same.seated, same.present) == (table.dealer, table.seated, SIX)
    other = table.fill(Hand(picker="Eve", dealer="Bob"))
    assert other.dealer == "Bob" and other.seated is None
    assert table.dealt_by("Bob").sitting_out == ("Bob",)
