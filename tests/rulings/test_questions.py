"""Questions players ask at the table, searched in the rulings of the table's
own rules: each finds the ruling that answers it here, or says plainly that
the rules here don't cover it, never a list of rulings about something else."""

from __future__ import annotations

import pytest

from scorekeeper.rules import NobodyPicks, Rules, make_rules
from scorekeeper.rulings import ask

TABLES = ["called-ace", "jack-of-diamonds", "imsa", "sheephead-4", "three-handed"]

FORGOT_TO_BURY = ["what if the picker forgets to bury", "picker forgot to bury",
                  "he didn't bury", "what if the picker never buried"]
TIE = ["60-60 tie", "who wins a 60 60 tie", "tie at sixty", "what if it's 60–60",
       "who wins a tie", "60/60"]
OUT_OF_TURN = ["someone played out of turn", "what if I lead out of turn",
               "Bob led out of turn", "played a card out of turn"]
LEASTER_TIE = ["tie in a leaster", "two people tied in the leaster", "leaster tie",
               "what if the leaster is a tie"]
MISDEAL = ["misdeal", "the dealer misdealt", "what happens after a misdeal",
           "dealer gave someone too many cards"]
BLIND = ["looked at the blind", "someone peeked at the blind",
         "can you look at the blind", "what if someone sees the blind"]
RENEGE = ["renege", "what if someone reneged", "Bob reneged", "caught reneging",
          "he didn't follow suit"]
UNRELATED = ["how do I play chess", "zebra", "who brings the snacks"]


def _ids(rules: Rules, question: str) -> list[str]:
    return [r.id for r in ask(rules, question).found]


@pytest.mark.parametrize("preset", TABLES)
@pytest.mark.parametrize("question", FORGOT_TO_BURY)
def test_forgetting_to_bury_is_not_covered_and_says_what_the_bury_is(preset: str,
                                                                    question: str) -> None:
    answer = ask(make_rules(preset), question)
    assert not answer.covered
    assert "don't cover" in answer.said and "bury" in answer.said
    assert "bury" in [r.id for r in answer.found]
    assert "jd-buried" not in [r.id for r in answer.found]


@pytest.mark.parametrize("preset", [*TABLES, "two-handed"])
@pytest.mark.parametrize("question", TIE)
def test_a_60_60_tie_finds_the_winning_line_alone(preset: str, question: str) -> None:
    answer = ask(make_rules(preset), question)
    assert answer.covered and answer.said == ""
    assert _ids(make_rules(preset), question) == ["winning-line"]


@pytest.mark.parametrize("preset", TABLES)
@pytest.mark.parametrize("question", OUT_OF_TURN)
def test_playing_out_of_turn_is_not_covered(preset: str, question: str) -> None:
    answer = ask(make_rules(preset), question)
    assert not answer.covered
    assert answer.said.startswith("The rules here don't cover playing out of turn")
    assert {r.id for r in answer.found} <= {"void", "follow-suit"}


def test_a_called_ace_played_out_of_turn_is_covered_where_an_ace_is_called() -> None:
    assert _ids(make_rules("called-ace"), "partner played the called ace out of turn")[0] \
        == "called-ace-early"


@pytest.mark.parametrize("preset", TABLES)
@pytest.mark.parametrize("question", LEASTER_TIE)
def test_a_tied_leaster_is_answered_by_what_this_table_plays(preset: str,
                                                             question: str) -> None:
    rules = make_rules(preset)
    answer = ask(rules, question)
    if rules.nobody_picks is NobodyPicks.LEASTER:
        assert not answer.covered
        assert answer.said.startswith("The rules here don't cover a tie for fewest points "
                                      "in a leaster")
        assert [r.id for r in answer.found] == ["leaster"]
    else:
        assert answer.covered
        assert answer.said == "This table plays no leasters."
        assert [r.id for r in answer.found] == ["nobody-picks"]


@pytest.mark.parametrize("question", LEASTER_TIE)
def test_a_tied_leaster_has_a_ruling_where_a_second_winner_is_named(question: str) -> None:
    rules = make_rules("called-ace", {"leaster_second_winner": True})
    answer = ask(rules, question)
    assert answer.covered
    assert [r.id for r in answer.found][0] == "leaster"
    assert "winning-line" not in [r.id for r in answer.found]


@pytest.mark.parametrize("preset", TABLES)
@pytest.mark.parametrize("question", MISDEAL)
def test_a_misdeal_finds_the_misdeal_ruling(preset: str, question: str) -> None:
    answer = ask(make_rules(preset), question)
    assert answer.covered
    ids = [r.id for r in answer.found]
    assert ids[0] == "misdeal"
    assert set(ids) <= {"misdeal", "void", "doublers"}


@pytest.mark.parametrize("preset", TABLES)
@pytest.mark.parametrize("question", BLIND)
def test_looking_at_the_blind_is_not_covered(preset: str, question: str) -> None:
    answer = ask(make_rules(preset), question)
    assert not answer.covered
    assert answer.said.startswith("The rules here don't cover looking at the blind")
    assert "steal-blind" not in [r.id for r in answer.found]


@pytest.mark.parametrize("preset", TABLES)
@pytest.mark.parametrize("question", RENEGE)
def test_a_renege_finds_the_renege_ruling(preset: str, question: str) -> None:
    answer = ask(make_rules(preset), question)
    assert answer.covered
    ids = [r.id for r in answer.found]
    assert ids[0] == "renege"
    assert set(ids) <= {"renege", "follow-suit", "jd-buried"}


@pytest.mark.parametrize("preset", TABLES)
@pytest.mark.parametrize("question", UNRELATED)
def test_a_question_about_something_else_says_the_rules_dont_cover_it(
        preset: str, question: str) -> None:
    answer = ask(make_rules(preset), question)
    assert not answer.covered
    assert "don't cover" in answer.said
    assert answer.found == []


def test_an_empty_question_is_every_ruling() -> None:
    rules = make_rules("called-ace")
    answer = ask(rules, "  ")
    assert answer.covered and answer.said == "" and len(answer.found) > 30


SCHNEIDER_LINE = ["how many points to get out of schneider",
                  "how much do we need to be out of schneider"]
JD_UNSAID = ["do I have to announce burying the jack of diamonds",
             "must the picker say he buried the jack", "bury the jack"]


@pytest.mark.parametrize("preset", TABLES)
@pytest.mark.parametrize("question", SCHNEIDER_LINE)
def test_getting_out_of_schneider_finds_the_schneider_line_first(preset: str,
                                                               question: str) -> None:
    assert _ids(make_rules(preset), question)[0] == "schneider"


@pytest.mark.parametrize("preset", ["jack-of-diamonds", "imsa"])
@pytest.mark.parametrize("question", JD_UNSAID)
def test_burying_the_jack_unsaid_finds_its_ruling_first(preset: str, question: str) -> None:
    assert _ids(make_rules(preset), question)[0] == "jd-buried"


#: (preset, a question in the seed's own words, the ruling that must come first).
SEED_QUESTIONS = [
    ("imsa", "who is the boy", "partner"),
    ("imsa", "what is the bump", "bump"),
    ("imsa", "what is no schneider", "schneider"),
    ("imsa", "can I throw off the boy", "going-alone"),
    ("imsa", "what is a double crack", "cracks"),
    ("imsa", "do I have to announce burying the jack of diamonds", "jd-buried"),
    ("imsa", "how many points to get out of schneider", "schneider"),
    ("imsa", "what if the picker has the jack of diamonds", "picker-holds-jd"),
    ("sheephead-4", "can I chop", "going-alone"),
    ("sheephead-4", "what is the no trick pick dollar", "no-trick-pick"),
    ("sheephead-4", "what is a hand of doubles", "doublers"),
    ("sheephead-4", "what is a round of doubles", "round-of-doubles"),
    ("sheephead-4", "can I steal the blind", "steal-blind"),
    ("sheephead-4", "what if I pick up the jack of diamonds in the blind", "picker-holds-jd"),
    ("called-ace", "what if the picker buries the called ace", "called-ace-buried"),
    ("called-ace", "what is an unknown ace", "unknown-ace"),
    ("called-ace", "who wins a leaster", "leaster"),
    ("three-handed", "does the picker play cutthroat", "going-alone"),
]


@pytest.mark.parametrize(("preset", "question", "first"), SEED_QUESTIONS,
                         ids=[f"{p}:{q}" for p, q, _ in SEED_QUESTIONS])
def test_a_seeds_own_words_find_its_ruling_first(preset: str, question: str,
                                                 first: str) -> None:
    answer = ask(make_rules(preset), question)
    assert answer.covered, answer.said
    assert _ids(make_rules(preset), question)[0] == first
