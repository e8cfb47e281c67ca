"""Whatever is said, the parser answers: a body or a question, never an error."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import make_rules
from scorekeeper.spoken import understand
from tests.spoken.phrasings import ANNIE, FIVE, THREE

PRESETS = ("called-ace", "imsa", "jack-of-diamonds", "three-handed", "sheephead-4",
           "six-handed", "two-handed")
WORDS = st.sampled_from([
    "Ann", "Anne", "Annie", "Bob", "Rob", "Cat", "Kat", "Dan", "Eve", "with", "alone",
    "picked", "partner", "leaster", "won", "lost", "misdeal", "redeal", "reneged", "buried the",
    "called ace", "nobody picked", "throw in", "crack", "re-crack", "blitzed", "double",
    "declared", "doubler", "schneidered", "them", "defense", "had", "no trick", "every trick",
    "seventy", "five", "a hundred and", "twenty", "one", "0", "61", "120", "999", "stole from",
    "forced", "last round", "schwanzer", "pays", ",", ".", "um", "twice", "tricks", "'s"])


@pytest.mark.slow
@given(text=st.text(max_size=200), preset=st.sampled_from(PRESETS))
def test_any_text_is_a_body_or_a_question(text: str, preset: str) -> None:
    rules = make_rules(preset)
    players = FIVE[:rules.seats] if rules.seats <= 5 else (*FIVE, "Fay", "Gus")[:rules.seats]
    understood = understand(text, rules, players)
    assert (understood.body is None) != (understood.questions == ())


@pytest.mark.slow
@given(words=st.lists(WORDS, max_size=14), preset=st.sampled_from(PRESETS),
       players=st.sampled_from([FIVE, THREE, ANNIE]))
def test_any_words_of_the_game_are_a_body_or_a_question(words: list[str], preset: str,
                                                         players: tuple[str, ...]) -> None:
    understood = understand(" ".join(words), make_rules(preset), players)
    assert (understood.body is None) != (understood.questions == ())
    assert all(q.strip() for q in understood.questions)
