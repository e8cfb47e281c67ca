"""Tests for scorekeeper.rulings: every ruling follows the table's options,
every option has a ruling, the numbers agree with the engine, search finds
what players type, and interpretations say so.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator

import pytest

from scorekeeper.rules import OPTIONS, PRESETS, Option, Rules, make_rules
from scorekeeper.rules.option import OptionValue
from scorekeeper.rulings import Ruling, marks, rulings, search

KEYS = [option.key for option in OPTIONS]
TOPICS = {"Cards", "Seats and deal", "Picking", "Partner", "Nobody picks", "Scoring",
          "Doublers", "Announcements", "Penalties"}


# --- helpers -------------------------------------------------------------------


def candidates(option: Option) -> list[OptionValue]:
    """Values worth trying for ``option``: its choices (for a set: none, each alone, each
    added to the first, all), or a few whole numbers."""
    if option.many:
        first, *rest = option.choices
        return [(), *((c,) for c in option.choices), *((first, c) for c in rest),
                tuple(option.choices)]  # type: ignore[misc]
    if option.choices:
        return list(option.choices)
    values: list[OptionValue] = [option.minimum or 1, (option.minimum or 1) + 1, 4, 16]
    return values + ([None] if option.nullable else [])


def same(a: object, b: object) -> bool:
    """Equal values of the same type (so True is not 1)."""
    return a == b and type(a) is type(b)


def changes(preset_id: str, key: str, extra: dict[str, object] | None = None
            ) -> Iterator[tuple[Rules, Rules]]:
    """(before, after) for each valid different value of ``key`` on a preset."""
    extra = dict(extra or {})
    try:
        before = make_rules(preset_id, extra)
    except ValueError:
        return
    option = next(o for o in OPTIONS if o.key == key)
    for value in candidates(option):
        if same(value, getattr(before, key)):
            continue
        try:
            after = make_rules(preset_id, {**extra, key: value})
        except ValueError:
            continue
        yield before, after


def neighbours() -> Iterator[tuple[str, dict[str, object]]]:
    """Every preset as is, then with each single valid override."""
    for preset_id in PRESETS:
        yield preset_id, {}
    for preset_id in PRESETS:
        for key in KEYS:
            for _before, after in changes(preset_id, key):
                yield preset_id, {key: getattr(after, key)}


def texts_following(rules: Rules, key: str) -> dict[str, str]:
    return {r.id: r.text for r in rulings(rules) if key in r.options}


def a_ruling_following_changed(before: Rules, after: Rules, key: str) -> bool:
    old, new = texts_following(before, key), texts_following(after, key)
    return any(old[i] != new[i] for i in old.keys() & new.keys())


def moot(rules: Rules, key: str) -> bool:
    """Options that can be set but mean nothing under the rest of the rules."""
    return {
        "forced_loss_doubled": rules.nobody_picks != "forced-pick",
        "leaster_needs_trick": rules.nobody_picks != "leaster",
        "partner_spared_on_no_trick": not rules.has_partner,
        "cap": rules.max_multiplier is None,
        "bump_on_no_trick": rules.bump == 1,
        "shares": not rules.has_partner or rules.seats == 2,
        "smith_rule": not rules.has_partner,
        "leaster_second_winner": rules.nobody_picks != "leaster",
    }.get(key, False)


def by_id(rules: Rules) -> dict[str, Ruling]:
    return {r.id: r for r in rulings(rules)}


# --- every option is followed -----------------------------------------------------------


@pytest.mark.parametrize("key", KEYS)
def test_a_ruling_changes_when_its_option_changes(key: str) -> None:
    for preset_id, extra in neighbours():
        for before, after in changes(preset_id, key, extra):
            if a_ruling_following_changed(before, after, key):
                return
    pytest.fail(f"no ruling listing {key} changed when {key} changed")


@pytest.mark.parametrize("preset_id", list(PRESETS))
@pytest.mark.parametrize("key", KEYS)
def test_every_meaningful_change_on_a_preset_shows_in_a_ruling(preset_id: str, key: str
                                                                ) -> None:
    for before, after in changes(preset_id, key):
        if not (moot(before, key) and moot(after, key)):
            assert a_ruling_following_changed(before, after, key), (
                f"{preset_id}: {key} {getattr(before, key)!r} -> {getattr(after, key)!r}")


@pytest.mark.parametrize("preset_id", list(PRESETS))
def test_every_option_key_appears_in_a_ruling(preset_id: str) -> None:
    listed = {key for ruling in rulings(PRESETS[preset_id].rules) for key in ruling.options}
    assert listed >= set(KEYS), set(KEYS) - listed


def test_every_option_key_appears_in_a_ruling_after_any_single_override() -> None:
    for preset_id, extra in neighbours():
        listed = {key for r in rulings(make_rules(preset_id, extra)) for key in r.options}
        assert listed >= set(KEYS), (preset_id, extra, set(KEYS) - listed)


def test_rulings_list_only_real_option_keys() -> None:
    for preset in PRESETS.values():
        for ruling in rulings(preset.rules):
            assert set(ruling.options) <= set(KEYS), ruling.id


# --- every rule set produces sound rulings --------------------------------------------------


@pytest.mark.parametrize("preset_id", list(PRESETS))
def test_every_preset_produces_rulings(preset_id: str) -> None:
    produced = rulings(PRESETS[preset_id].rules)
    assert len(produced) >= 25
    assert len({r.id for r in produced}) == len(produced)
    for ruling in produced:
        assert ruling.topic in TOPICS
        assert ruling.title.endswith("?")
        assert ruling.text and ruling.text == ruling.text.strip()


def test_every_single_override_produces_rulings_without_error() -> None:
    count = 0
    for preset_id, extra in neighbours():
        assert rulings(make_rules(preset_id, extra))
        count += 1
    assert count > 100


def test_rulings_only_import_the_standard_library_and_the_engine() -> None:
    code = ("import json, sys\nimport scorekeeper.rulings\n"
            "print(json.dumps(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    loaded = set(json.loads(done.stdout))
    assert not loaded & {"flask", "sqlalchemy", "wtforms"}


# --- the numbers are the engine's ---------------------------------------------------------------


def test_called_ace_ladder_matches_the_worked_examples() -> None:
    text = by_id(PRESETS["called-ace"].rules)["ladder"].text
    assert "won with 61 to 90: picker +2, partner +1, each defender −1" in text
    assert "won with 91 or more: picker +4, partner +2, each defender −2" in text
    assert "lost with 31 to 60: picker −4, partner −2, each defender +2" in text
    assert "lost with 30 or less: picker −8, partner −4, each defender +4" in text


def test_a_larger_base_multiplies_the_ladder() -> None:
    text = by_id(make_rules("called-ace", {"base": 5}))["ladder"].text
    assert "One unit is 5 points" in text
    assert "won with 61 to 90: picker +10, partner +5, each defender −5" in text


def test_sheephead_loner_pays_triple() -> None:
    text = by_id(PRESETS["sheephead-4"].rules)["going-alone"].text
    assert "multiplies the stake by 3" in text
    assert "a win with 75 pays picker +9, each defender −3" in text


def test_no_trick_pick_example_matches_the_worked_example() -> None:
    text = by_id(PRESETS["sheephead-4"].rules)["no-trick-pick"].text
    assert "picker −2, partner +2, each defender 0" in text


def test_imsa_renege_costs_eight_to_each() -> None:
    text = by_id(PRESETS["imsa"].rules)["renege"].text
    assert "pays 8 points to each of the other 4 (−32 for him)" in text


@pytest.mark.parametrize(("line", "picking_side", "defense"), [
    ("at-30", "schneidered with 30 or fewer points (it needs 31", "takes 91 or more"),
    ("under-30", "schneidered with 29 or fewer points (it needs 30", "takes 91 or more"),
    ("31-both", "schneidered with 30 or fewer points (it needs 31", "takes 90 or more"),
])
def test_schneider_ruling_states_this_tables_line(line: str, picking_side: str,
                                                  defense: str) -> None:
    text = by_id(make_rules("called-ace", {"schneider_line": line}))["schneider"].text
    assert picking_side in text
    assert defense in text


def test_the_26_card_deck_puts_the_seven_of_diamonds_second() -> None:
    text = by_id(PRESETS["sheephead-4"].rules)["trump-order"].text
    assert "Q♣ 7♦ Q♠ Q♥ Q♦, J♣ J♠ J♥ J♦, A♦ 10♦ K♦ 9♦ 8♦" in text
    assert "Q♣ Q♠ Q♥ Q♦, J♣ J♠ J♥ J♦, A♦ 10♦ K♦ 9♦ 8♦ 7♦" in by_id(
        PRESETS["called-ace"].rules)["trump-order"].text


def test_a_multiplier_cap_shows_the_capped_amount() -> None:
    text = by_id(make_rules("imsa", {"max_multiplier": 16}))["multiplier-cap"].text
    assert "never goes above 16" in text
    assert "+64 here" in text


# --- search ----------------------------------------------------------------------------------


@pytest.mark.parametrize("preset_id", ["called-ace", "imsa"])
@pytest.mark.parametrize("word", ["buried", "tie", "doubler", "crack"])
def test_search_finds_what_players_ask_about(preset_id: str, word: str) -> None:
    found = search(rulings(PRESETS[preset_id].rules), word)
    assert found
    assert word in " ".join((found[0].title, found[0].text, *found[0].options)).casefold()


def test_search_finds_the_buried_called_ace_ruling() -> None:
    found = search(rulings(PRESETS["called-ace"].rules), "buried ace")
    assert found[0].id == "called-ace-buried"


@pytest.mark.parametrize(("preset_id", "question", "answer"), [
    ("called-ace", "who deals after a misdeal", "misdeal"),
    ("called-ace", "picker has all three aces", "call-a-ten"),
    ("called-ace", "does a crack double schneider", "cracked-schneider"),
    ("imsa", "does a blitz double schneider", "cracked-schneider"),
    ("called-ace", "dealer sits out six players", "sitting-out"),
    ("called-ace", "all pass", "nobody-picks"),
    ("imsa", "everyone passes", "nobody-picks"),
    ("called-ace", "loner", "going-alone"),
    ("called-ace", "three aces", "call-a-ten"),
    ("called-ace", "schneider", "schneider"),
    ("called-ace", "what if nobody picks", "nobody-picks"),
    ("called-ace", "how much does a leaster pay", "leaster"),
    ("called-ace", "who is my partner", "partner"),
    ("called-ace", "can the picker call an ace he holds", "call-own-ace"),
    ("called-ace", "can I call an ace I hold", "call-own-ace"),
    ("called-ace", "which ace does the picker call", "call-own-ace"),
    ("called-ace", "lay down hand", "lay-down"),
    ("imsa", "renege", "renege"),
    ("sheephead-4", "picker takes no trick", "no-trick-pick"),
])
def test_search_ranks_the_ruling_a_question_asks_for_first(preset_id: str, question: str,
                                                             answer: str) -> None:
    found = search(rulings(PRESETS[preset_id].rules), question)
    assert found and found[0].id == answer, [r.id for r in found[:5]]


def test_marks_are_whole_words_the_search_used_in_any_of_their_forms() -> None:
    text = "Either way the picker holds the ace in his hand; he called it."
    shown = [text[start:end] for start, end in marks(text, "can the picker call an ace he holds")]
    assert shown == ["picker", "holds", "ace", "called"]
    assert marks(text, "a the an he") == []
    assert marks("Schneider", "schneider")  # whatever case
    assert marks("handle", "hand") == []


def test_search_ignores_case_and_words_that_match_nothing() -> None:
    all_rulings = rulings(PRESETS["imsa"].rules)
    assert search(all_rulings, "CRACK") == search(all_rulings, "crack")
    assert search(all_rulings, "zebra") == []
    assert search(all_rulings, "crack zebra")[0].id == "cracks"
    assert len(search(all_rulings, "crack")) < len(all_rulings)


def test_search_matches_option_keys_and_topics() -> None:
    all_rulings = rulings(PRESETS["imsa"].rules)
    assert [r.id for r in search(all_rulings, "max_cracks")][0] == "cracks"
    assert {r.topic for r in search(all_rulings, "penalties")} >= {"Penalties"}


def test_an_empty_search_returns_every_ruling() -> None:
    all_rulings = rulings(PRESETS["called-ace"].rules)
    assert search(all_rulings, "") == all_rulings
    assert search(all_rulings, "   ") == all_rulings


# --- interpretations ---------------------------------------------------------------------------


@pytest.mark.parametrize(("preset_id", "overrides", "ruling_id", "flagged"), [
    ("six-handed", {}, "shares", True),
    ("seven-handed", {}, "ladder", True),
    ("called-ace", {}, "shares", False),
    ("two-handed", {}, "two-handed", True),
    ("two-handed", {}, "winning-line", True),
    ("called-ace", {}, "winning-line", False),
    ("called-ace", {}, "renege", True),
    ("imsa", {}, "renege", True),
    ("sheephead-4", {}, "no-trick-pick", True),
    ("called-ace", {}, "no-trick-pick", False),
    ("called-ace", {}, "called-ace-buried", True),
    ("called-ace", {"called_ace_buried": "redeal"}, "called-ace-buried", False),
    ("imsa", {}, "base", True),
    ("jack-of-diamonds", {}, "base", False),
    ("three-handed", {}, "going-alone", True),
    ("called-ace", {}, "going-alone", False),
    ("six-handed", {}, "going-alone", True),
    ("sheephead-4", {}, "round-of-doubles", False),
    ("sheephead-4", {"doublers": "stack"}, "round-of-doubles", True),
    ("sheephead-4", {"doublers": "previous"}, "round-of-doubles", True),
    ("called-ace", {}, "partner", False),
    ("called-ace", {}, "schneider", False),
])
def test_interpretations_are_flagged_where_expected(preset_id: str, overrides: dict[str, object],
                                                    ruling_id: str, flagged: bool) -> None:
    ruling = by_id(make_rules(preset_id, overrides))[ruling_id]
    assert ruling.interpretation is flagged


def test_every_interpretation_says_so_in_its_text() -> None:
    for preset_id, extra in neighbours():
        for ruling in rulings(make_rules(preset_id, extra)):
            assert ruling.interpretation is ("Interpretation:" in ruling.text), ruling.id
