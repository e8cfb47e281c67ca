"""Every body understood from a valid phrase is one the API's parser and the
night's replay accept as it is: the parser fills no field the table doesn't
play and no value the checks refuse."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import make_rules, replay
from scorekeeper.rules.hand_json import REQUEST_FIELDS, parse_hand
from scorekeeper.spoken import understand
from tests.spoken.phrasings import TABLE

UNDERSTOOD = [row for row in TABLE if isinstance(row[3], dict)]
CHECKED = ("called-ace", "imsa", "jack-of-diamonds", "three-handed")


def test_both_tables_have_bodies_to_check() -> None:
    presets = {preset for preset, *_ in UNDERSTOOD}
    assert {"called-ace", "imsa"} <= presets


@pytest.mark.parametrize(("preset", "players", "text", "want"), UNDERSTOOD,
                         ids=[f"{preset}:{text}" for preset, _, text, _ in UNDERSTOOD])
def test_an_understood_body_is_accepted_by_the_parser_and_the_replay(
        preset: str, players: tuple[str, ...], text: str, want: Any) -> None:
    rules = make_rules(preset)
    body = understand(text, rules, players).body
    assert body is not None and set(body) <= set(REQUEST_FIELDS)
    hand = parse_hand(dict(body), players=players)
    night = replay(rules, players, [hand])
    assert sum(night.results[0].payouts.values()) == 0
    assert night.results[0].hand.kind == body["kind"]
