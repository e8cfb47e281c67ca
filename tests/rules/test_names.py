"""Names as phones type them (scorekeeper.names): emoji with their invisible
selectors and joiners, every script, refused only what can't be seen or
turns text around, with the reason in players' words; and which two names
look alike (Unicode's confusable skeletons, UTS #39)."""

from __future__ import annotations

import pytest

from scorekeeper.names import NameError_, clean_name, look_alike, look_keys, name_key, skeleton


@pytest.mark.parametrize("typed", [
    "Eve ❤️",                      # heart + U+FE0F, as every phone keyboard types it
    "Hal ♠️",                      # the suits: what card players type
    "Jo ♣️", "Di ♦️", "Hearts ♥️",
    "Ida 👨‍👩‍👧",                    # a family: three emoji joined by U+200D
    "Kim 👍🏽",                     # a skin tone
    "Lu 🇺🇸", "Mo 🏴󠁧󠁢󠁥󠁮󠁧󠁿",            # flags: regional indicators, and tags
    "Ned 👨‍🦰",                     # a hair style joined by U+200D
    "Ola 🧑🏽‍🍳",                    # skin tone and a joiner in one emoji
    "Pat ♠︎",                      # a suit asked to be drawn as text (U+FE0E)
    "Rex #️⃣", "Sy 1️⃣",              # keycaps
    "Zoë", "José", "Łukasz", "Ngọc",
    "Ольга", "Ξένια", "محمد", "דנה", "王芳", "さくら", "민준", "अनिल", "ธนา",
    "क्‍ष",                        # Devanagari: a joiner after a virama
    "علی‌رضا",                     # Persian: a non-joiner between Arabic letters
    "❤️",                          # a name of one emoji
])
def test_what_a_phone_keyboard_types_is_kept_as_typed(typed: str) -> None:
    assert clean_name(typed) == typed


@pytest.mark.parametrize(("typed", "why"), [
    ("Ann\ufe0f", "has an invisible character in it that belongs to no emoji"),
    ("\ufe0fAnn", "has an invisible character in it that belongs to no emoji"),
    ("A\u200dnn", "has an invisible character in it that belongs to no emoji"),
    ("Ann \u200d", "has an invisible character in it that belongs to no emoji"),
    ("\u200d", "has an invisible character in it that belongs to no emoji"),
    ("Bob\u202eevil", "has a hidden mark in it that turns the text right to left"),
    ("\u2066Bob", "has a hidden mark in it that turns the text right to left"),
    ("Bob\u200f", "has a hidden mark in it that turns the text right to left"),
    ("Bob\x07", "has a control character in it"),
    ("Bob\x1b[2J", "has a control character in it"),
    ("An\u200bn", "has an invisible character in it"),
    ("\u3164", "has an invisible character in it"),
    ("\u2800", "has an invisible character in it"),
    ("A\u034fnn", "has an invisible character in it"),
    ("Bob\U000e0041", "has an invisible character in it"),
    ("Ann\u00ad", "has an invisible character in it"),
    ("\u0301", "needs at least one letter or digit"),
])
def test_what_cant_be_seen_is_refused_in_players_words(typed: str, why: str) -> None:
    with pytest.raises(NameError_) as refused:
        clean_name(typed, "A player's name")
    message = str(refused.value)
    assert message.startswith(f"A player's name {why}")
    assert "U+" not in message


@pytest.mark.parametrize(("one", "other"), [
    ("Ann", "Аnn"),                # Cyrillic А
    ("Eve", "Еvе"),                # Cyrillic Е and е
    ("Cat", "Сat"),                # Cyrillic С
    ("Al", "AI"),                  # capital i and small L
    ("BOB", "B0B"),                # zero and capital O
    ("Ann", "Αnn"),                # Greek capital alpha
    ("Eve ❤", "Eve ❤️"),           # the same heart, as text and as a picture
    ("paul", "ρaul"),              # Greek rho
    ("Ann", "\u0410NN"),            # Cyrillic А: looks like ANN, which is Ann
    ("ANN", "\u0410nn"),            # looks like Ann, which is ANN
    ("Eve", "\u0415VE"),            # Cyrillic Е: looks like EVE
])
def test_names_with_one_skeleton_look_alike(one: str, other: str) -> None:
    assert set(look_keys(one)) & set(look_keys(other))
    assert look_alike(other, ["Zed", one]) == one
    assert look_alike(one, ["Zed", other]) == other


@pytest.mark.parametrize(("one", "other"), [
    ("Bob", "B0b"),                # a zero is not a small o: the skeleton tells them apart
    ("Ann", "ann"),                # the same name, refused as such, not as a look-alike
    ("Ixx", "Lxx"),                # a capital i looks like a small L, never a capital one
    ("Ann", "Anne"), ("Dan", "Dana"), ("Ольга", "Olga"), ("Eve ❤️", "Eve ♠️"),
])
def test_names_that_read_differently_are_not_look_alikes(one: str, other: str) -> None:
    assert look_alike(other, [one]) is None


def test_the_skeleton_is_unicodes() -> None:
    assert skeleton("Аnn") == "Ann"
    assert skeleton("\u0430") == "a"
    assert skeleton("m") == "rn"   # UTS #39 maps m to r + n
    assert skeleton("A\ufe0fnn") == "Ann"  # default-ignorables are dropped


def test_the_same_name_is_still_case_and_form_folded() -> None:
    assert name_key("ＡＮＮ") == name_key("ann")
    assert name_key("Jose\u0301") == name_key("José")


@pytest.mark.parametrize("other", ["\u13aaNN", "\u13aann", "\uab7ann"])
def test_a_script_that_folds_to_capitals_looks_like_the_latin_name(other: str) -> None:
    """Cherokee letters fold to their capitals; the capital "Ꭺ" is a Latin
    "A" to the eye, so "ᎪNN" (and its small forms) look like "Ann"."""
    assert look_alike(other, ["Ann"]) == "Ann"
    assert look_alike("Bob", ["\u13f4OB"]) == "\u13f4OB"
