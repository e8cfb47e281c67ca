"""Controls of the same kind on one page have names of their own, for a
screen reader's list of controls: "Rename Player 3", "Withdraw Player 3",
"New code for table 2", "Paper ticket of table 2" (the words after the
visible one are for the screen reader only)."""

from __future__ import annotations

import re
from collections import Counter

from flask.testing import FlaskClient

from tests.page_forms import post_form
from tests.web.test_event_pages import _with_players

HIDDEN = re.compile(r'<summary class="muted">([^<]+)<span class="visually-hidden">([^<]+)</span>')


def _names(page: str) -> Counter[str]:
    return Counter(f"{shown}{hidden}" for shown, hidden in HIDDEN.findall(page))


def test_every_summary_of_a_kind_says_whose_it_is(client: FlaskClient) -> None:
    event_id = _with_players(client)
    home = _names(client.get(f"/e/{event_id}").text)
    assert home["Rename Player 3"] == 1 and home["Withdraw Player 3"] == 1
    assert all(count == 1 for count in home.values()), home
    assert sum(1 for name in home if name.startswith("Rename")) == 23
    post_form(client, f"/e/{event_id}/sessions/1/draw", {"seed": "3"})
    tables = _names(client.get(f"/e/{event_id}/sessions/1").text)
    assert tables["New code for table 2"] == 1 and tables["Paper ticket of table 2"] == 1
    assert all(count == 1 for count in tables.values()), tables
