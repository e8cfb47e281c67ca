"""Consistency checks on a recorded hand (docs/rules.md §1, §3, §5, §8): each
refusal is a HandError naming the field at fault, with a message a player
understands, and nothing is recorded.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from scorekeeper.rules import (
    Hand,
    HandError,
    Kind,
    NightError,
    Tricks,
    check_hand,
    make_rules,
    replay,
)

FIVE = ("Ann", "Bob", "Cat", "Dan", "Eve")
FOUR = FIVE[:4]
SIX = FIVE + ("Fay",)


def refusal(preset: str, hand: Hand, players: Sequence[str] = FIVE, **overrides: object
            ) -> NightError:
    """The error replay raises for ``hand`` recorded as the first hand of a night."""
    with pytest.raises(NightError) as error:
        replay(make_rules(preset, overrides), players, [hand])
    assert error.value.number == 1
    return error.value


REFUSALS = [
    # sides
    ("called-ace", FIVE, Hand(picker="Cat", partners=("Cat",), points=75),
     "Cat can't be both picker and partner", "partners"),
    ("called-ace", FIVE, Hand(partners=("Cat",), points=75), "Name the picker", "picker"),
    ("called-ace", FIVE, Hand(picker="Ann", points=75),
     "Name the partner (who held the called card), or mark the picker alone", "partners"),
    ("called-ace", FIVE, Hand(picker="Ann", partners=("Bob", "Cat"), points=75),
     "Name the partner (who held the called card), or mark the picker alone", "partners"),
    ("called-ace", FIVE, Hand(picker="Ann", partners=("Bob",), alone=True, points=75),
     "Ann went alone, so there is no partner", "partners"),
    ("jack-of-diamonds", FIVE, Hand(picker="Ann", partners=("Bob", "Cat"), points=75),
     "There is only one partner at this table", "partners"),
    ("six-handed", SIX, Hand(picker="Cat", partners=("Dan", "Eve"), points=75),
     "Bob, on Cat's right, is always a partner here", "partners"),
    ("six-handed", SIX, Hand(picker="Ann", partners=("Bob", "Cat"), points=75),
     "Fay, on Ann's right, is always a partner here", "partners"),
    ("six-handed", SIX, Hand(picker="Cat", partners=("Bob", "Dan", "Eve"), points=75),
     "Name one or two partners (the J♦ holder and the player on the picker's right)",
     "partners"),
    ("seven-handed", SIX + ("Gus",), Hand(picker="Cat", points=75),
     "Name one or two partners (the J♦ holder and the player the die chose)", "partners"),
    ("three-handed", FIVE[:3], Hand(picker="Ann", partners=("Bob",), points=75),
     "At this table the picker always plays alone", "partners"),
    ("six-handed", SIX, Hand(picker="Cat", partners=("Bob", "Bob"), points=75),
     "The same partner is named twice", "partners"),
    # points and tricks
    ("called-ace", FIVE, Hand(picker="Ann", partners=("Cat",), points=95, tricks=Tricks.ALL),
     "A picking side that took every trick has 120 points, not 95", "points"),
    ("called-ace", FIVE, Hand(picker="Ann", partners=("Cat",)),
     "Enter the picking side's points (0 to 120)", "points"),
    ("called-ace", FIVE, Hand(picker="Ann", partners=("Cat",), points=121),
     "Points must be a whole number from 0 to 120", "points"),
    ("called-ace", FIVE, Hand(picker="Ann", partners=("Cat",), points=-1),
     "Points must be a whole number from 0 to 120", "points"),
    ("called-ace", FIVE, Hand(picker="Ann", partners=("Cat",), points=True),
     "Points must be a whole number from 0 to 120", "points"),
    ("called-ace", FIVE, Hand(picker="Ann", partners=("Cat",), points=23, tricks=Tricks.NONE),
     "A picking side that took no trick has only its bury, at most 22 points, not 23",
     "points"),
    ("four-handed", FOUR, Hand(picker="Ann", points=45, tricks=Tricks.NONE),
     "A picking side that took no trick has only its bury, at most 44 points, not 45",
     "points"),
    ("two-handed", FIVE[:2], Hand(picker="Ann", points=1, tricks=Tricks.NONE),
     "A picking side that took no trick has only its bury, at most 0 points, not 1", "points"),
    # what happens when nobody picks
    ("called-ace", FIVE, Hand(kind=Kind.NO_PICK),
     "This table plays a leaster when nobody picks", "kind"),
    ("imsa", FIVE, Hand(kind=Kind.LEASTER, winner="Ann"),
     "This table plays a throw-in (no-pick doubler) when nobody picks", "kind"),
    ("forced", FIVE, Hand(kind=Kind.LEASTER, winner="Ann"),
     "This table plays a forced pick by the dealer (record it as picked, forced) when "
     "nobody picks", "kind"),
    ("forced", FIVE, Hand(kind=Kind.NO_PICK),
     "This table plays a forced pick by the dealer (record it as picked, forced) when "
     "nobody picks", "kind"),
    ("two-handed", FIVE[:2], Hand(kind=Kind.LEASTER, winner="Ann"),
     "Two-handed has no blind: record every hand as picked", "kind"),
    ("forced", FIVE, Hand(picker="Bob", partners=("Cat",), points=75, forced=True),
     "A forced pick is the dealer's: Ann was last to pick", "forced"),
    # flags the table doesn't play
    ("sheephead-4", FOUR, Hand(picker="Ann", partners=("Cat",), points=75, cracks=1),
     "This table doesn't play cracks", "cracks"),
    ("called-ace", FIVE, Hand(picker="Ann", partners=("Cat",), points=75, cracks=3),
     "Cracks must be 0 to 2 here", "cracks"),
    ("called-ace", FIVE, Hand(picker="Ann", partners=("Cat",), points=75, cracks=-1),
     "Cracks must be 0 to 2 here", "cracks"),
    ("called-ace", FIVE, Hand(picker="Ann", partners=("Cat",), points=75, blitzes=1),
     "This table doesn't play blitzes", "blitzes"),
    ("imsa", FIVE, Hand(picker="Ann", partners=("Cat",), points=75, blitzes=3),
     "Blitzes must be 0, 1 or 2", "blitzes"),
    ("called-ace", FIVE, Hand(picker="Ann", partners=("Cat",), points=75,
                              declared_doubler=True),
     "This table doesn't declare doublers", "declared_doubler"),
    ("called-ace", FIVE, Hand(picker="Ann", partners=("Cat",), points=75,
                              king_of_diamonds_cut=True),
     "This table doesn't play rounds of doubles (K♦ at the cut)", "king_of_diamonds_cut"),
    ("called-ace", FIVE, Hand(picker="Ann", points=75, stolen_from="Bob"),
     "This table doesn't allow stealing the blind", "stolen_from"),
    ("called-ace", FIVE, Hand(picker="Ann", partners=("Cat",), points=75,
                              no_trick_pickers=("Ann",)),
     "This table has no no-trick-pick penalty (nor the Smith rule)", "no_trick_pickers"),
    ("called-ace", FIVE, Hand(picker="Ann", partners=("Cat",), points=75, forced=True),
     "Only a forced-pick table forces the dealer to pick", "forced"),
    ("three-handed", FIVE[:3], Hand(picker="Ann", alone=True, points=75),
     "Everyone plays alone at this table: there is no partner to go alone from", "alone"),
    # names and seats
    ("called-ace", FIVE, Hand(picker="Zed", partners=("Cat",), points=75),
     "Zed isn't a player at this table", "picker"),
    ("called-ace", FIVE, Hand(picker="Ann", partners=("Zed",), points=75),
     "Zed isn't a player at this table", "partners"),
    ("called-ace", SIX, Hand(picker="Ann", partners=("Cat",), points=75),
     "Ann isn't playing this hand", "picker"),
    ("called-ace", SIX, Hand(picker="Bob", partners=("Ann",), points=75),
     "Ann isn't playing this hand", "partners"),
    ("called-ace", SIX, Hand(kind=Kind.LEASTER, winner="Ann"),
     "Ann isn't playing this hand", "winner"),
    ("called-ace", SIX, Hand(kind=Kind.RENEGE, offender="Ann", picker="Bob",
                             partners=("Cat",)), "Ann isn't playing this hand", "offender"),
    # steals
    ("sheephead-4", FOUR, Hand(picker="Bob", partners=("Cat",), stolen_from="Ann", points=75),
     "A player who steals the blind plays alone: no partner", "partners"),
    ("sheephead-4", FOUR, Hand(picker="Bob", stolen_from="Bob", points=75),
     "Bob can't steal the blind from himself", "stolen_from"),
    ("sheephead-4", FOUR, Hand(picker="Bob", points=75, no_trick_pickers=("Cat",)),
     "Cat didn't pick: only the picker (or the player robbed of the blind) can owe the "
     "no-trick-pick penalty", "no_trick_pickers"),
    ("sheephead-4", FOUR, Hand(picker="Bob", points=75, no_trick_pickers=("Bob", "Bob")),
     "A no-trick picker is named twice", "no_trick_pickers"),
    ("sheephead-4", FOUR, Hand(picker="Bob", points=120, tricks=Tricks.ALL,
                               no_trick_pickers=("Bob",)),
     "Bob took every trick alone, so did take a trick", "no_trick_pickers"),
    ("sheephead-4", FOUR, Hand(picker="Bob", stolen_from="Ann", points=120, tricks=Tricks.ALL,
                               no_trick_pickers=("Bob", "Ann")),
     "Bob took every trick alone, so did take a trick", "no_trick_pickers"),
    # other kinds
    ("called-ace", FIVE, Hand(kind=Kind.LEASTER), "Name the leaster winner", "winner"),
    ("called-ace", FIVE, Hand(kind=Kind.LEASTER, winner="Ann", picker="Bob"),
     "A leaster hand can't have a picker", "picker"),
    ("called-ace", FIVE, Hand(kind=Kind.VOID, points=60), "A void hand can't have points",
     "points"),
    ("imsa", FIVE, Hand(kind=Kind.NO_PICK, cracks=1), "A no-pick hand can't have cracks",
     "cracks"),
    ("called-ace", FIVE, Hand(kind=Kind.RENEGE, picker="Ann", partners=("Cat",)),
     "Name who reneged", "offender"),
    ("called-ace", FIVE, Hand(kind=Kind.RENEGE, offender="Bob"),
     "A forfeit needs the sides: who picked?", "picker"),
    ("imsa", FIVE, Hand(kind=Kind.RENEGE, offender="Bob", picker="Ann"),
     "A renege here costs a flat 8 to each player, so don't enter a picker", "picker"),
    ("called-ace", FIVE, Hand(kind=Kind.RENEGE, offender="Bob", picker="Ann",
                              partners=("Cat",), points=70),
     "A renege hand can't have points", "points"),
    ("jack-of-diamonds", FIVE, Hand(kind=Kind.CALLED_ACE_BURIED, picker="Ann"),
     "Burying the called ace only happens when the picker calls an ace", "kind"),
    ("play-alone", FIVE, Hand(kind=Kind.CALLED_ACE_BURIED, picker="Ann"),
     "At this table a picker who buried his called ace plays it out alone: record a picked "
     "hand with the picker alone", "kind"),
    ("called-ace", FIVE, Hand(kind=Kind.CALLED_ACE_BURIED, picker="Ann", partners=("Cat",)),
     "A called-ace-buried hand can't have partners", "partners"),
]

SPECIAL = {
    "forced": ("called-ace", {"nobody_picks": "forced-pick"}),
    "play-alone": ("called-ace", {"called_ace_buried": "play-alone"}),
}


@pytest.mark.parametrize(("preset", "players", "hand", "message", "field"), REFUSALS,
                         ids=[r[3][:60] for r in REFUSALS])
def test_inconsistent_hand_is_refused_with_a_players_message(
        preset: str, players: tuple[str, ...], hand: Hand, message: str, field: str) -> None:
    preset, overrides = SPECIAL.get(preset, (preset, {}))
    error = refusal(preset, hand, players, **overrides)
    assert error.message == message
    assert str(error) == message
    assert error.field == field


def test_refused_hand_reports_its_place_in_the_night() -> None:
    good = Hand(picker="Ann", partners=("Cat",), points=75)
    bad = Hand(picker="Cat", partners=("Cat",), points=75)
    with pytest.raises(NightError) as error:
        replay(make_rules("called-ace"), FIVE, [good, good, bad, good])
    assert error.value.number == 3
    assert (error.value.message, error.value.field) == (
        "Cat can't be both picker and partner", "partners")


def test_check_hand_accepts_a_consistent_hand() -> None:
    hand = Hand(picker="Ann", partners=("Cat",), points=75)
    check_hand(make_rules("called-ace"), hand, FIVE, "Ann")  # raises if refused
    with pytest.raises(HandError):
        check_hand(make_rules("called-ace"), Hand(picker="Ann", points=75), FIVE, "Ann")


def test_forced_pick_falls_to_the_last_seated_player_when_the_dealer_sits_out() -> None:
    rules = make_rules("called-ace", {"nobody_picks": "forced-pick"})
    # Six at a five-handed table: Ann deals and sits out; Fay, on her right, is asked last.
    hand = Hand(picker="Fay", partners=("Cat",), points=75, forced=True)
    night = replay(rules, SIX, [hand])
    assert night.results[0].seated == ("Bob", "Cat", "Dan", "Eve", "Fay")
    with pytest.raises(NightError, match="Fay was last to pick"):
        replay(rules, SIX, [Hand(picker="Eve", partners=("Cat",), points=75, forced=True)])


def test_hand_built_from_form_strings_and_lists_is_the_same_hand() -> None:
    from_form = Hand(kind="picked", picker="Ann", partners=["Cat"], points=75,  # type: ignore
                     tricks="some")  # type: ignore[arg-type]
    assert from_form == Hand(picker="Ann", partners=("Cat",), points=75)
    assert from_form.kind is Kind.PICKED and from_form.tricks is Tricks.SOME
    night = replay(make_rules("called-ace"), FIVE, [from_form])
    assert night.results[0].payouts["Ann"] == 2


def test_unknown_kind_of_hand_is_refused_naming_the_kinds() -> None:
    with pytest.raises(HandError) as error:
        Hand(kind="shuffle")  # type: ignore[arg-type]
    assert error.value.field == "kind"
    for kind in Kind:
        assert kind.value in error.value.message


def test_hand_round_trips_through_its_dict() -> None:
    hand = Hand(picker="Ann", partners=("Cat",), points=75, tricks=Tricks.SOME)
    data = hand.to_dict()
    assert data["kind"] == "picked" and data["partners"] == ["Cat"]
    assert Hand(**data) == hand


def test_a_side_without_a_trick_marks_its_picker_as_having_taken_none() -> None:
    hand = Hand(picker="Bob", partners=("Cat",), points=0, tricks=Tricks.NONE)
    night = replay(make_rules("sheephead-4"), FOUR, [hand])
    assert night.results[0].hand.no_trick_pickers == ("Bob",)
    with pytest.raises(HandError, match="so Bob took none either"):
        check_hand(make_rules("sheephead-4"), hand, FOUR, "Ann")
