"""A tie-break chain from the list: any session's score, and "split" to say
that players still equal share the place."""

from __future__ import annotations

import pytest

from scorekeeper.ledger.events import Line, rank, tie_notes
from scorekeeper.services import ServiceError
from scorekeeper.services.events.plan import check_plan


def _lines() -> list[Line]:
    # Ann and Bob end on 20: Ann scored 12 in session 1, Bob 5; Cat and Dan on 20
    # with 10 each in session 1
    return [Line(1, "Ann", (12, 8), 0, 1, frozenset({1, 2})),
            Line(2, "Bob", (5, 15), 0, 2, frozenset({1, 2})),
            Line(3, "Cat", (10, 10), 0, 3, frozenset({1, 2})),
            Line(4, "Dan", (10, 10), 0, 4, frozenset({1, 2}))]


def test_the_first_sessions_score_breaks_a_tie_and_split_shares_what_it_leaves() -> None:
    ranked = rank(_lines(), ("total", "session_1", "split"))
    assert [(r.name, r.rank) for r in ranked] == [("Ann", 1), ("Cat", 2), ("Dan", 2),
                                                    ("Bob", 4)]
    notes = tie_notes(_lines(), ranked, ("total", "session_1", "split"))
    assert notes[0] == "1st: Ann ahead of Cat on 20 — session 1's score 12 against 10"
    assert "Cat and Dan share 2nd on 20" in notes[1]
    second = rank(_lines(), ("total", "session_2"))
    assert [r.name for r in second][0] == "Bob"


@pytest.mark.parametrize(("breaks", "said"), [
    (["total", "split", "session_1"], "split ends the chain"),
    (["total", "session_3"], "The event has 2 sessions: no session_3"),
    (["total", "session_11"], "tie_breaks must be some of"),
])
def test_a_chain_that_cant_be_is_refused(breaks: list[str], said: str) -> None:
    with pytest.raises(ServiceError, match=said):
        check_plan("Cup", sessions=2, tie_breaks=breaks)
