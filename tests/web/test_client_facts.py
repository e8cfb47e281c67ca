"""What the pages' scripts are told rather than knowing: the deck the card
counter shows and the bounds the form's scripts check, from the engine and
limits."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from scorekeeper.limits import MAX_ADJUSTMENT, NOTE
from scorekeeper.rules import find_preset
from scorekeeper.rules.cards import TOTAL_POINTS, deck_for
from tests.conftest import start_table


def counter_cards(page: str) -> list[tuple[str, int]]:
    counter = page[page.index('<section id="counter"'):]
    counter = counter[:counter.index("</section>")]
    return [(html.unescape(name), int(value)) for name, value in
            re.findall(r'data-card="([^"]+)" data-value="(\d+)"', counter)]


@pytest.mark.parametrize(("preset", "blanks"), [
    ("called-ace", "Nines, eights and sevens count nothing."),
    ("sheephead-4", "Nines, the 8♦ and the 7♦ count nothing."),
])
def test_the_card_counter_shows_the_point_cards_of_the_tables_deck(
        client: FlaskClient, preset: str, blanks: str) -> None:
    players = ["Ann", "Bob", "Cat", "Dan"] if preset == "sheephead-4" else None
    table_id = start_table(client, preset, players=players)
    page = client.get(f"/t/{table_id}/hand/new").get_data(as_text=True)
    deck = deck_for(find_preset(preset).rules)
    assert counter_cards(page) == [(card.name, card.points) for card in deck.point_cards]
    assert f'data-deck-points="{TOTAL_POINTS}"' in page
    assert f'<strong id="counter-other">{TOTAL_POINTS}</strong>' in page
    assert blanks in page
    assert f'max="{TOTAL_POINTS}"' in page and f"of {TOTAL_POINTS}<" in page


def test_the_other_payment_boxes_are_told_the_servers_bounds(client: FlaskClient) -> None:
    table_id = start_table(client)
    page = client.get(f"/t/{table_id}/hand/new").get_data(as_text=True)
    assert f'id="adjust" data-most="{MAX_ADJUSTMENT}"' in page
    assert f'name="note" id="note" maxlength="{NOTE}"' in page
