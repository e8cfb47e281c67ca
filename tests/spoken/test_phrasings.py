"""A hand as players say it, and as dictation types it, understood as the
API's body or said back as a question (the table is in phrasings.py)."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import make_rules
from scorekeeper.spoken import understand
from tests.spoken.phrasings import TABLE


def test_the_table_has_at_least_150_phrasings() -> None:
    assert len(TABLE) >= 150
    assert {preset for preset, *_ in TABLE} >= {"called-ace", "imsa", "jack-of-diamonds",
                                                 "three-handed"}


@pytest.mark.parametrize(("preset", "players", "text", "want"), TABLE,
                         ids=[f"{preset}:{text}" for preset, _, text, _ in TABLE])
def test_a_hand_said_is_understood_or_asked(preset: str, players: tuple[str, ...], text: str,
                                            want: Any) -> None:
    understood = understand(text, make_rules(preset), players)
    if isinstance(want, dict):
        assert understood.questions == ()
        assert dict(understood.body or {}) == want
    else:
        assert understood.body is None
        assert understood.questions[0] == want
