"""The pending-doublers banner on a 390 px phone under each ``doublers``
policy, after two plain hands, a leaster and two misdeals: the hand form,
the ledger and the share page say what the engine will score the next
hands with ("Next hand ×8" under ``stack``, not three doubled hands), and
after each next hand, recorded on the form, what is left of it, until the
banner goes.  (What the words promise is held to the engine's scoring in
tests/rules/test_pending_banner.py.)"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from scorekeeper.ledger.words import pending_text
from scorekeeper.rules import Hand, Kind, replay
from scorekeeper.rules.presets import make_rules
from tests.browser.steps import api_night, record, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]
PLAIN = {"picker": "Bob", "partners": ["Cat"], "points": 75}
THROWN = [{"kind": "leaster", "winner": "Ann"}, {"kind": "misdeal"}, {"kind": "misdeal"}]


def _banner(page: Any, url: str) -> str | None:
    page.goto(url)
    found = page.locator("#pending")
    return found.inner_text().strip().lstrip("⚡ ") if found.count() else None


def _engine(rules: Any, hands: int, here: bool = False) -> str | None:
    """The banner the engine's own plan words after the five hands and
    ``hands`` plain ones more."""
    plain = Hand(kind=Kind.PICKED, picker="Bob", partners=("Cat",), points=75)
    thrown = [Hand(kind=Kind.LEASTER, winner="Ann"), Hand(kind=Kind.MISDEAL),
              Hand(kind=Kind.MISDEAL)]
    return pending_text(replay(rules, PLAYERS, [plain, plain, *thrown] + [plain] * hands),
                        here)


@pytest.mark.parametrize(("policy", "said", "here", "left"), [
    ("extend", "Next 3 hands doubled — from hands 3, 4 and 5",
     "This hand and the next 2 doubled (by hands 3, 4 and 5)", 3),
    ("stack", "Next hand ×8 — from hands 3, 4 and 5", "This hand ×8 (by hands 3, 4 and 5)", 1),
    ("previous", "Next hand doubled — from hand 5", "This hand doubled (by hand 5)", 1),
])
def test_the_banner_says_what_the_engine_will_score_under_each_policy(
        page: Any, live_app: Flask, live_server: str, policy: str, said: str, here: str,
        left: int) -> None:
    options = {"doublers": policy, "makes_doubler": ["leaster", "misdeal"]}
    night = api_night(live_app, page, live_server, PLAYERS, "called-ace",
                      [PLAIN, PLAIN, *THROWN], options=options)
    assert _banner(page, night + "/hand/new") == here  # the doubled hand's own form
    screenshot(page, f"doubler-banner-{policy}", full_page=False)
    assert _banner(page, night) == said  # the ledger
    page.goto(night + "/share")
    assert _banner(page, page.locator("#share-url").input_value()) == said  # the share page

    rules = make_rules("called-ace", options)
    for played in range(1, left + 1):
        page.goto(night + "/hand/new")
        record(page, picker="Bob", partners="Cat", points="61")
        expected = _engine(rules, played)
        assert _banner(page, night + "/hand/new") == _engine(rules, played, here=True)
        assert _banner(page, night) == expected
    assert _banner(page, night) is None  # every doubled hand played
