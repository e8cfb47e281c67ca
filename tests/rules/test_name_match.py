"""A player found by what people type (scorekeeper.name_match): a number,
a whole name however its case, accents, spaces and punctuation were typed,
or the start of its words; every player that fits, never a guess; and
which two names may be one person's (scorekeeper.names.Namesakes)."""

from __future__ import annotations

import pytest

from scorekeeper.name_match import Roster, asked_number, listed, match_players
from scorekeeper.names import Namesakes, words

PLAYERS = [(7, "José Álvarez"), (3, "Tom Schmidt"), (9, "Tom Wolf"), (1, "Player 1"),
           (10, "Player 10"), (2, "Jean-Luc O'Brien"), (4, "Eve ❤️"), (5, "Łukasz Nowak"),
           (6, "Ann Ott")]


@pytest.mark.parametrize(("asked", "numbers"), [
    ("Jose Alvarez", [7]),                 # accents aside
    ("JOSÉ ÁLVAREZ", [7]),                 # case aside
    ("  jose   alvarez ", [7]),            # extra spaces aside
    ("Álvarez José", [7]),                 # the words in any order
    ("schmidt", [3]),                      # a surname
    ("alv", [7]),                          # the start of one
    ("Tom", [3, 9]),                       # a first name two players have: both
    ("tom s", [3]),                        # the start of each word
    ("wolf tom", [9]),
    ("player 1", [1]),                     # a whole name beats the names it starts
    ("player", [1, 10]),
    ("obrien", [2]), ("jean luc", [2]),    # apostrophes left out, hyphens split
    ("lukasz", [5]),                       # a letter whose mark is part of it
    ("eve", [4]), ("Eve ❤️", [4]),
    ("7", [7]), ("#7", [7]), ("# 7", [7]), ("７", [7]),
    ("99", []), ("Zed", []), ("  ", []), ("", []), ("tomas", []),
])
def test_a_player_is_found_by_what_people_type(asked: str, numbers: list[int]) -> None:
    assert [n for n, _ in match_players(asked, PLAYERS)] == numbers


def test_several_players_who_fit_are_all_answered_in_name_order() -> None:
    roster = Roster([(12, "Jose Alvarez"), *PLAYERS])
    assert roster.find("Jose Alvarez") == ((12, "Jose Alvarez"), (7, "José Álvarez"))
    assert roster.find("josé álvarez") == ((12, "Jose Alvarez"), (7, "José Álvarez"))
    assert roster.find("t") == ((3, "Tom Schmidt"), (9, "Tom Wolf"))
    assert roster.find("#12") == ((12, "Jose Alvarez"),)


def test_a_typed_word_takes_a_word_of_its_own() -> None:
    roster = Roster([(1, "Ann Annis"), (2, "Ann Ott")])
    assert roster.find("ann ann") == ((1, "Ann Annis"),)
    assert roster.find("ann an") == ((1, "Ann Annis"),)
    assert roster.find("ott ann") == ((2, "Ann Ott"),)


@pytest.mark.parametrize(("asked", "number"), [
    ("7", 7), ("#7", 7), (" # 7 ", 7), ("007", 7), ("７", 7),
    ("7a", None), ("-7", None), ("#", None), ("Player 7", None), ("٧", 7),
])
def test_a_number_is_digits_with_or_without_a_hash(asked: str, number: int | None) -> None:
    assert asked_number(asked) == number


def test_a_name_s_words_set_case_accents_and_punctuation_aside() -> None:
    assert words("Jean-Luc  O'Brien") == ("jean", "luc", "obrien")
    assert words("ZOË Ærø") == ("zoe", "aero")


def test_candidates_are_named_in_one_sentence() -> None:
    assert listed([(3, "Tom Schmidt"), (9, "Tom Wolf")]) == "#3 Tom Schmidt and #9 Tom Wolf"
    assert listed([(1, "A")]) == "#1 A"
    many = [(n, f"P{n}") for n in range(1, 9)]
    assert listed(many) == "#1 P1, #2 P2, #3 P3, #4 P4, #5 P5 and 3 more"


@pytest.mark.parametrize(("typed", "twin"), [
    ("Jose Alvarez", "José Álvarez"),      # accents aside
    ("JOSE  ALVAREZ", "José Álvarez"),     # case and spaces aside
    ("jose-alvarez", "José Álvarez"),      # punctuation aside
    ("Jose AIvarez", "José Álvarez"),      # a capital I looks like an l
    ("Ann Ött", "Ann Ott"),
    ("Anne Ott", None), ("Ann", None), ("José", None),
])
def test_names_that_may_be_one_person_s(typed: str, twin: str | None) -> None:
    met = Namesakes()
    met.add("José Álvarez")
    met.add("Ann Ott", None)
    assert met.twin(typed) == twin


def test_a_namesake_answers_what_it_was_met_as() -> None:
    met = Namesakes()
    met.add("José Álvarez", "#7 José Álvarez")
    assert met.twin("Jose Alvarez") == "#7 José Álvarez"
