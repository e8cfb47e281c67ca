"""The cards of each deck: which ones a table's deck holds, what each is worth,
and the points they add up to.

The record form's card counter, the points box and the form's "count the
defense" arithmetic all read these, so the deck is described once.  Sheepshead
plays the 32-card deck (seven through ace in every suit) or, four-handed, the
26-card deck, which keeps the 8♦ and 7♦ and drops the other eights and sevens.
Either way the point cards are the same twenty, worth 120 together.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from scorekeeper.rules.options import Rules


class Suit(NamedTuple):
    """A suit: its symbol, its name and the colour it is printed in."""

    symbol: str
    name: str
    colour: str


class Card(NamedTuple):
    """One card, named as players write it ("10♥"), with its card points."""

    rank: str
    suit: Suit
    points: int

    @property
    def name(self) -> str:
        return f"{self.rank}{self.suit.symbol}"


SUITS = (Suit("♣", "Clubs", "black"), Suit("♠", "Spades", "black"),
         Suit("♥", "Hearts", "red"), Suit("♦", "Diamonds", "red"))
#: Ranks from the top, with what each card counts.
RANKS = (("A", 11), ("10", 10), ("K", 4), ("Q", 3), ("J", 2), ("9", 0), ("8", 0), ("7", 0))
#: What the cards of either deck add up to.
TOTAL_POINTS = 4 * sum(points for _, points in RANKS)
#: The decks a table may play, by size; the 26-card deck keeps these of the 8s and 7s.
DECK_SIZES = (32, 26)
_SHORT_DECK_KEEPS = frozenset({"8♦", "7♦"})


@dataclass(frozen=True)
class Deck:
    """The cards a table's deck holds, by suit, and what they add up to."""

    size: int
    cards: tuple[Card, ...]

    @property
    def point_cards(self) -> tuple[Card, ...]:
        """The cards that count, suit by suit from the top (the counter's grid)."""
        return tuple(card for card in self.cards if card.points)

    @property
    def blank_cards(self) -> tuple[Card, ...]:
        """The cards that count nothing."""
        return tuple(card for card in self.cards if not card.points)

    @property
    def points(self) -> int:
        return sum(card.points for card in self.cards)

    @property
    def blanks_in_words(self) -> str:
        """"nines, eights and sevens", or "nines, the 8♦ and the 7♦": what counts nothing."""
        plural = {"9": "nines", "8": "eights", "7": "sevens"}
        words = []
        for rank in ("9", "8", "7"):
            held = [card for card in self.blank_cards if card.rank == rank]
            if len(held) == len(SUITS):
                words.append(plural[rank])
            else:
                words.extend(f"the {card.name}" for card in held)
        return ", ".join(words[:-1]) + " and " + words[-1]

    def by_suit(self, cards: tuple[Card, ...]) -> tuple[tuple[Suit, tuple[Card, ...]], ...]:
        """``cards`` grouped by suit, in :data:`SUITS` order."""
        return tuple((suit, tuple(card for card in cards if card.suit == suit))
                     for suit in SUITS)


def deck(size: int) -> Deck:
    """The deck of ``size`` cards; a ValueError names the decks there are."""
    if size not in DECK_SIZES:
        raise ValueError(f"There is no {size}-card deck: the decks are "
                         + " and ".join(f"{n} cards" for n in DECK_SIZES))
    cards = tuple(Card(rank, suit, points) for suit in SUITS for rank, points in RANKS
                  if size == 32 or rank not in ("8", "7")
                  or f"{rank}{suit.symbol}" in _SHORT_DECK_KEEPS)
    found = Deck(size, cards)
    assert len(cards) == size and found.points == TOTAL_POINTS
    return found


def deck_for(rules: Rules) -> Deck:
    """The deck this table plays."""
    return deck(rules.deck)
