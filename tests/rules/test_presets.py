"""Presets and house-rule options (docs/rules.md §6): every preset resolves to the
values of the table in §6, bad names and values are refused with messages
that name the valid choices, and overrides that make no sense are refused.
"""

from __future__ import annotations

import json

import pytest

from scorekeeper.rules import OPTIONS, PRESETS, Rules, find_option, find_preset, make_rules

KEYS = (
    "seats", "deck", "partner", "jd_in_pickers_hand", "ladder", "schneider_line", "bump",
    "alone_factor", "nobody_picks", "forced_loss_doubled", "doublers", "round_of_doubles",
    "max_cracks", "blitz", "declared_doubler", "no_trick_pick_penalty", "steal_blind",
    "renege", "called_ace_buried", "leaster_needs_trick", "partner_spared_on_no_trick",
    "max_multiplier", "base",
)

# docs/rules.md §6, column by column, copied from the table ("—" is None).
EXPECTED: dict[str, tuple[object, ...]] = {
    "called-ace": (5, 32, "called-ace", "alone", "additive", "at-30", 2, 1, "leaster", True,
                   "extend", False, 2, False, False, False, False, "forfeit", "pay-the-board",
                   True, False, None, 1),
    "jack-of-diamonds": (5, 32, "jack-of-diamonds", "alone", "additive", "at-30", 2, 1,
                         "leaster", True, "extend", False, 2, False, False, False, False,
                         "forfeit", None, True, False, None, 1),
    "imsa": (5, 32, "jack-of-diamonds", "alone", "doubling", "under-30", 2, 2, "no-pick", True,
             "previous", False, 3, True, True, False, False, "penalty-8", None, True, False,
             None, 1),
    "sheephead-4": (4, 26, "jack-of-diamonds", "alone", "additive", "at-30", 2, 3, "no-pick",
                    True, "extend", True, 0, False, False, True, True, "forfeit", None, True,
                    False, None, 1),
    "three-handed": (3, 32, "none", "alone", "additive", "at-30", 2, 1, "leaster", True,
                     "extend", False, 2, False, False, False, False, "forfeit", None, True,
                     False, None, 1),
    "four-handed": (4, 32, "none", "alone", "additive", "at-30", 2, 1, "leaster", True,
                    "extend", False, 2, False, False, False, False, "forfeit", None, True,
                    False, None, 1),
    "six-handed": (6, 32, "jd-and-right", "alone", "additive", "at-30", 2, 1, "leaster", True,
                   "extend", False, 2, False, False, False, False, "forfeit", None, True, False,
                   None, 1),
    "seven-handed": (7, 32, "jd-and-die", "alone", "additive", "at-30", 2, 1, "leaster", True,
                     "extend", False, 2, False, False, False, False, "forfeit", None, True,
                     False, None, 1),
    "two-handed": (2, 32, "none", "alone", "additive", "under-30", 1, 1, None, None, "extend",
                   False, 0, False, False, False, False, "forfeit", None, None, False, None, 1),
}


def test_every_preset_of_the_rules_is_offered() -> None:
    assert set(PRESETS) == set(EXPECTED)


@pytest.mark.parametrize("preset_id", sorted(EXPECTED))
def test_preset_resolves_to_the_values_of_the_rules_table(preset_id: str) -> None:
    rules = make_rules(preset_id)
    expected = dict(zip(KEYS, EXPECTED[preset_id], strict=True))
    assert {key: getattr(rules, key) for key in KEYS} == expected


@pytest.mark.parametrize("preset_id", sorted(EXPECTED))
def test_preset_rules_property_equals_make_rules_without_overrides(preset_id: str) -> None:
    assert find_preset(preset_id).rules == make_rules(preset_id) == make_rules(preset_id, {})


@pytest.mark.parametrize(("preset_id", "same_dealer"), [
    ("sheephead-4", True), ("imsa", False), ("called-ace", None), ("two-handed", None),
])
def test_only_a_no_pick_table_says_whether_the_dealer_redeals(
        preset_id: str, same_dealer: bool | None) -> None:
    assert make_rules(preset_id).no_pick_same_dealer is same_dealer


@pytest.mark.parametrize("preset_id", sorted(EXPECTED))
def test_preset_options_dict_round_trips_through_rules(preset_id: str) -> None:
    rules = make_rules(preset_id)
    assert Rules.from_dict(rules.to_dict()) == rules
    assert json.loads(json.dumps(rules.to_dict())) == rules.to_dict()
    assert list(rules.to_dict()) == [option.key for option in OPTIONS]


def test_unknown_preset_is_refused_with_the_list_of_presets() -> None:
    with pytest.raises(ValueError) as error:
        make_rules("schafkopf")
    message = str(error.value)
    assert "schafkopf" in message
    for preset_id in PRESETS:
        assert preset_id in message


def test_unknown_option_is_refused_with_the_list_of_options() -> None:
    with pytest.raises(ValueError) as error:
        make_rules("called-ace", {"jokers": True})
    assert "jokers" in str(error.value)
    assert "schneider_line" in str(error.value) and "alone_factor" in str(error.value)
    with pytest.raises(ValueError, match="the options are"):
        find_option("jokers")


@pytest.mark.parametrize(("key", "value", "named"), [
    ("seats", 8, ["2", "3", "4", "5", "6", "7"]),
    ("seats", 1, ["2", "7"]),
    ("deck", 52, ["32", "26"]),
    ("partner", "queen-of-clubs", ["none", "called-ace", "jack-of-diamonds", "jd-and-right",
                                   "jd-and-die"]),
    ("ladder", "tripling", ["additive", "doubling"]),
    ("schneider_line", "at-31", ["at-30", "under-30", "31-both"]),
    ("bump", 3, ["2", "1"]),
    ("alone_factor", 4, ["1", "2", "3"]),
    ("nobody_picks", "shuffle", ["leaster", "no-pick", "forced-pick"]),
    ("doublers", "triple", ["extend", "stack", "previous"]),
    ("max_cracks", 4, ["0", "1", "2", "3"]),
    ("renege", "warning", ["penalty-8", "forfeit"]),
    ("called_ace_buried", "shrug", ["pay-the-board", "play-alone", "redeal"]),
    ("blitz", "yes", ["true", "false"]),
    ("blitz", 1, ["true", "false"]),
    ("base", 0, ["at least 1"]),
    ("base", -2, ["at least 1"]),
    ("base", 1.5, ["whole number"]),
    ("max_multiplier", 0, ["at least 1", "null"]),
])
def test_out_of_range_value_is_refused_with_the_valid_choices(
        key: str, value: object, named: list[str]) -> None:
    with pytest.raises(ValueError) as error:
        make_rules("called-ace", {key: value})
    message = str(error.value)
    assert key in message
    for choice in named:
        assert choice in message


@pytest.mark.parametrize(("preset_id", "overrides", "words"), [
    ("jack-of-diamonds", {"called_ace_buried": "redeal"}, "partner = called-ace"),
    ("called-ace", {"partner": "none", "called_ace_buried": "redeal"}, "called-ace"),
    ("called-ace", {"deck": 26}, "four players"),
    ("six-handed", {"seats": 5}, "six-handed"),
    ("jack-of-diamonds", {"partner": "jd-and-right"}, "seats = 6"),
    ("jack-of-diamonds", {"partner": "jd-and-die"}, "seats = 7"),
    ("three-handed", {"partner": "called-ace"}, "at least 4"),
    ("three-handed", {"partner": "jack-of-diamonds"}, "at least 4"),
    ("called-ace", {"jd_in_pickers_hand": "call-up-jh"}, "jack-of-diamonds"),
    ("three-handed", {"jd_in_pickers_hand": "call-up-jh"}, "jack-of-diamonds"),
    ("two-handed", {"steal_blind": True}, "no blind"),
    ("two-handed", {"nobody_picks": "leaster"}, "two-handed"),
    ("two-handed", {"leaster_needs_trick": True}, "two-handed"),
    ("called-ace", {"no_pick_same_dealer": True}, "nobody_picks = no-pick"),
])
def test_override_that_makes_no_sense_is_refused(
        preset_id: str, overrides: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make_rules(preset_id, overrides)


def test_changing_partner_to_called_ace_gives_called_ace_buried_its_default() -> None:
    rules = make_rules("jack-of-diamonds", {"partner": "called-ace"})
    assert rules.partner == "called-ace"
    assert rules.called_ace_buried == "pay-the-board"


def test_called_ace_buried_can_be_chosen_together_with_the_called_ace_partner() -> None:
    rules = make_rules("jack-of-diamonds", {"partner": "called-ace", "called_ace_buried": "redeal"})
    assert rules.called_ace_buried == "redeal"


def test_leaving_called_ace_drops_called_ace_buried() -> None:
    assert make_rules("called-ace", {"partner": "jack-of-diamonds"}).called_ace_buried is None


def test_two_handed_table_grown_to_three_gets_the_all_pass_defaults() -> None:
    rules = make_rules("two-handed", {"seats": 3})
    assert rules.nobody_picks == "leaster"
    assert rules.forced_loss_doubled is True
    assert rules.leaster_needs_trick is True


def test_three_handed_table_shrunk_to_two_drops_the_all_pass_options() -> None:
    rules = make_rules("three-handed", {"seats": 2})
    assert rules.nobody_picks is None and rules.leaster_needs_trick is None


def test_switching_to_no_pick_asks_whether_the_dealer_redeals() -> None:
    assert make_rules("called-ace", {"nobody_picks": "no-pick"}).no_pick_same_dealer is False
    assert make_rules("called-ace", {"nobody_picks": "no-pick",
                                     "no_pick_same_dealer": True}).no_pick_same_dealer is True


@pytest.mark.parametrize(("key", "value"), [
    ("base", 5), ("max_multiplier", 8), ("max_multiplier", None), ("bump", 1),
    ("doublers", "stack"), ("schneider_line", "31-both"), ("nobody_picks", "forced-pick"),
    ("forced_loss_doubled", False), ("partner_spared_on_no_trick", True),
])
def test_sensible_override_is_kept(key: str, value: object) -> None:
    assert getattr(make_rules("called-ace", {key: value}), key) == value


def test_rules_are_frozen() -> None:
    rules = make_rules("called-ace")
    with pytest.raises(AttributeError):
        rules.base = 2  # type: ignore[misc]


def test_presets_cannot_be_changed_by_a_caller() -> None:
    with pytest.raises(TypeError):
        find_preset("imsa").options["base"] = 5  # type: ignore[index]


@pytest.mark.parametrize(("key", "text", "value"), [
    ("seats", "5", 5), ("blitz", "true", True), ("blitz", "False", False),
    ("max_multiplier", "", None), ("max_multiplier", "8", 8), ("partner", "called-ace",
                                                               "called-ace"),
])
def test_form_text_is_parsed_into_option_values(key: str, text: str, value: object) -> None:
    assert find_option(key).parse_text(text) == value


def test_form_text_outside_the_choices_is_refused() -> None:
    with pytest.raises(ValueError, match="one of"):
        find_option("seats").parse_text("9")
    with pytest.raises(ValueError, match="at least 1"):
        find_option("base").parse_text("0")


def test_every_option_has_a_label_topic_and_help() -> None:
    for option in OPTIONS:
        assert option.label and option.topic and option.help
        assert option.kind in ("choice", "bool", "int", "set")
