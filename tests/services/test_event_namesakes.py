"""A registration that may be a registered player under another spelling is
asked about, for spaces, hyphens and accents alike; a different name isn't."""

from __future__ import annotations

import pytest
from flask import Flask

from scorekeeper.services.events import event as events
from scorekeeper.services.events.event import LikelySame


@pytest.mark.parametrize("other", ["Maryann Koenig", "Mary-Ann Koenig", "Máryann Koenig",
                                   "MARY ANN KOENIG.", "Mary  Ann  Köenig"])
def test_the_same_name_spelled_otherwise_is_asked_about(app: Flask, other: str) -> None:
    with app.app_context():
        event, _ = events.create_event("Parish Cup", "called-ace")
        events.register(event, ["Mary Ann Koenig"])
        with pytest.raises(LikelySame) as asked:
            events.register(event, [other])
        assert [twin for _, twin in asked.value.pairs] == ["#1 Mary Ann Koenig"]
        assert [p.name for p in event.players] == ["Mary Ann Koenig"]  # nothing added
        made = events.register(event, [other], same_name_ok=True)  # two people after all
        assert [p.number for p in made] == [2]


@pytest.mark.parametrize("other", ["Mary Anne Koenig", "Mary Koenig", "Ann Koenig"])
def test_a_different_name_is_registered_without_asking(app: Flask, other: str) -> None:
    with app.app_context():
        event, _ = events.create_event("Parish Cup", "called-ace")
        events.register(event, ["Mary Ann Koenig"])
        assert [p.name for p in events.register(event, [other])] == [other]
