"""The cards of each deck: which the 32- and 26-card decks hold, what counts,
and that both come to the 120 points the points box and the counter offer."""

from __future__ import annotations

import pytest

from scorekeeper.rules import find_preset
from scorekeeper.rules.cards import DECK_SIZES, TOTAL_POINTS, deck, deck_for

POINT_CARDS = [rank + suit for suit in "♣♠♥♦" for rank in ("A", "10", "K", "Q", "J")]


@pytest.mark.parametrize("size", DECK_SIZES)
def test_every_deck_holds_the_same_twenty_point_cards_worth_120(size: int) -> None:
    cards = deck(size)
    assert len(cards.cards) == size
    assert [card.name for card in cards.point_cards] == POINT_CARDS
    assert cards.points == TOTAL_POINTS == 120


@pytest.mark.parametrize(("size", "blanks", "words"), [
    (32, [r + s for s in "♣♠♥♦" for r in ("9", "8", "7")], "nines, eights and sevens"),
    (26, ["9♣", "9♠", "9♥", "9♦", "8♦", "7♦"], "nines, the 8♦ and the 7♦"),
])
def test_the_short_deck_keeps_only_the_diamond_eight_and_seven(
        size: int, blanks: list[str], words: str) -> None:
    cards = deck(size)
    assert sorted(card.name for card in cards.blank_cards) == sorted(blanks)
    assert cards.blanks_in_words == words


def test_a_deck_grouped_by_suit_starts_with_clubs_and_keeps_the_order_from_the_top() -> None:
    grouped = deck(32).by_suit(deck(32).point_cards)
    assert [suit.name for suit, _ in grouped] == ["Clubs", "Spades", "Hearts", "Diamonds"]
    assert [(card.rank, card.points) for card in grouped[3][1]] == [
        ("A", 11), ("10", 10), ("K", 4), ("Q", 3), ("J", 2)]


def test_a_deck_there_is_not_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="no 24-card deck"):
        deck(24)


@pytest.mark.parametrize(("preset", "size"), [("called-ace", 32), ("sheephead-4", 26)])
def test_a_tables_deck_follows_its_rules(preset: str, size: int) -> None:
    assert deck_for(find_preset(preset).rules).size == size
