"""Whatever is said, the parser answers: the whole hand, or what it understood
of it (perhaps nothing) and a question about the rest; never an error, and
never a placeholder of a word it couldn't place."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import make_rules
from scorekeeper.rules.hand_json import parse_hand
from scorekeeper.spoken import Understood, understand
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
    _answers(understood, players)


@pytest.mark.slow
@given(words=st.lists(WORDS, max_size=14), preset=st.sampled_from(PRESETS),
       players=st.sampled_from([FIVE, THREE, ANNIE]))
def test_any_words_of_the_game_are_a_body_or_a_question(words: list[str], preset: str,
                                                         players: tuple[str, ...]) -> None:
    understood = understand(" ".join(words), make_rules(preset), players)
    _answers(understood, players)
    assert all(q.strip() for q in understood.questions)


def _answers(understood: Understood, players: tuple[str, ...]) -> None:
    """A whole hand or a question; any body the form and the API can take."""
    assert understood.body is not None or understood.questions
    said = " ".join(understood.questions) + repr(understood.body) + repr(understood.open)
    assert "\x00" not in said and "\\x00" not in said
    if understood.body is not None:
        parse_hand(dict(understood.body), players=players)
