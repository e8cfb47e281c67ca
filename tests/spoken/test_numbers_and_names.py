"""Numbers in words and digits, and names by sound and spelling."""

from __future__ import annotations

import pytest

from scorekeeper.spoken.hearing import hear, spoken
from scorekeeper.spoken.numbers import number_at

FIVE = ("Ann", "Bob", "Cat", "Dan", "Eve")


@pytest.mark.parametrize(("said", "value", "length"), [
    ("75", 75, 1), ("seventy five", 75, 2), ("sixty one", 61, 2), ("ninety", 90, 1),
    ("a hundred and twenty", 120, 4), ("one hundred twenty", 120, 3), ("hundred", 100, 1),
    ("one twenty", 120, 2), ("one ten", 110, 2), ("zero", 0, 1), ("nothing", 0, 1),
    ("nineteen", 19, 1), ("a hundred and then", 100, 2), ("twenty 2", 20, 1),
])
def test_a_number_is_read_in_words_or_digits(said: str, value: int, length: int) -> None:
    assert number_at(said.split(), 0) == (value, length)


@pytest.mark.parametrize("said", ["a", "and", "cat", "1234567"])
def test_a_word_that_is_no_number_is_not_read_as_one(said: str) -> None:
    assert number_at([said], 0) is None


@pytest.mark.parametrize(("word", "player"), [
    ("Anne", "Ann"), ("Kat", "Cat"), ("Dann", "Dan"), ("Eave", "Eve"), ("bob", "Bob"),
])
def test_a_name_dictation_mishears_is_still_the_player(word: str, player: str) -> None:
    heard = hear(word, FIVE)
    assert heard is not None and heard.player == player


@pytest.mark.parametrize(("word", "candidates"), [
    ("Rob", ("Bob",)), ("Katie", ("Cat",)), ("can", ("Cat", "Dan")),
])
def test_a_name_that_only_looks_like_a_player_is_asked(word: str, candidates: tuple[str, ...]
                                                       ) -> None:
    heard = hear(word, FIVE)
    assert heard is not None and heard.player is None and heard.candidates == candidates


@pytest.mark.parametrize(("word", "players", "player"), [
    ("Dave", ("David", "Dan", "Mike"), "David"), ("David", ("Dave", "Dan"), "Dave"),
    ("Jim", ("James", "Jimena"), "James"), ("Kathy", ("Katherine", "Sue"), "Katherine"),
    ("Bill", ("William", "Bob"), "William"), ("Hank", ("Henry", "Ann"), "Henry"),
])
def test_a_short_form_of_a_players_name_is_the_player(word: str, players: tuple[str, ...],
                                                      player: str) -> None:
    heard = hear(word, players, short_forms=True)
    assert heard is not None and heard.player == player


@pytest.mark.parametrize(("word", "players"), [
    ("Chris", ("Christopher", "Christine")),  # short for both: asked between them
    ("Harry", ("Harold", "Henry")),
])
def test_a_short_form_of_two_players_names_is_asked_between_them(
        word: str, players: tuple[str, ...]) -> None:
    heard = hear(word, players, short_forms=True)
    assert heard is not None and heard.player is None and heard.candidates == players


def test_short_forms_are_for_table_talk_and_words_of_three_letters_or_more() -> None:
    assert hear("Dave", ("David", "Ann")) is None  # a sheet's "Dave" may be another man
    assert hear("ed", ("Edward", "Ann"), short_forms=True) is None  # "schneider ed"
    assert hear("al", ("Albert", "Ann"), short_forms=True) is None


def test_a_player_of_the_short_form_itself_comes_first_and_siblings_are_not_taken() -> None:
    heard = hear("Bob", ("Bob", "Robert"), short_forms=True)
    assert heard is not None and heard.player == "Bob"
    # both Robert's, but a Bob may never answer to Rob
    rob = hear("Rob", ("Bob", "Cat"), short_forms=True)
    assert rob is not None and rob.player is None


def test_two_players_who_sound_alike_are_asked_between() -> None:
    heard = hear("Anne", ("Ann", "Annie", "Bob"))
    assert heard is not None and heard.player is None
    assert heard.candidates == ("Ann", "Annie")


def test_a_name_is_said_without_emoji_or_accents() -> None:
    assert spoken("Eve ❤️") == "eve" and spoken("José") == "jose"
    heard = hear("Eve", ("Eve ❤️", "Bob"))
    assert heard is not None and heard.player == "Eve ❤️"


def test_a_word_like_no_player_is_nobody() -> None:
    assert hear("banana", FIVE) is None and hear("", FIVE) is None
