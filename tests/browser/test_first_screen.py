"""The record form's first screen on a 390 × 844 phone holds every picker and
partner button, the points chips, the preview and Save, in every state the
form is in at a real table: the first hand, the doubled banner, the saved
hand's Undo, both at once after a throw-in, players sitting out, seven
players, twenty-letter names.  Measured box by box, before and after the
hand is filled in (the preview's payouts may take two lines): nothing under
the fixed Save bar, nothing below 844 px, nothing past 390 px, no scroll."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from tests.browser.steps import save_hand, screenshot
from tests.browser.test_form_truth import chip, open_form, tap
from tests.conftest import PLAYERS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDTH, HEIGHT = 390, 844
SEVEN = [*PLAYERS, "Fay", "Gus"]
#: Twenty characters each; one with no space to break at.
LONG = ["Christopher Anderson", "Bartholomew Kingsley", "Jacqueline Fontaines",
        "Maximilian Oberhause", "Wolfgangschneiderman"]
NO_PICK = {"nobody_picks": "no-pick"}


def boxes(page: Any) -> dict[str, tuple[float, float, float, float]]:
    """Every box the first screen must hold: (left, top, right, bottom)."""
    return page.evaluate("""() => {
        const out = {};
        const add = (key, el) => {
            const r = el.getBoundingClientRect();
            out[key] = [r.left, r.top, r.right, r.bottom];
        };
        document.querySelectorAll('#picker label, #partners label').forEach((label) => {
            const input = label.querySelector('input');
            if (!input.disabled) add(label.closest('fieldset').id + ':' + input.value, label);
        });
        document.querySelectorAll('[data-points]').forEach(
            (c) => add('chip ' + c.dataset.points, c));
        add('preview', document.getElementById('summary-line'));
        add('save', document.getElementById('save'));
        add('bar', document.querySelector('.save-bar'));
        return out;
    }""")


def holds_everything(page: Any, shot: str) -> dict[str, tuple[float, float, float, float]]:
    assert page.evaluate("window.scrollY") == 0, "the page was scrolled"
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    found = boxes(page)
    bar_top = found["bar"][1]
    assert found["bar"][3] <= HEIGHT and found["save"][3] <= HEIGHT
    for key, (left, top, right, bottom) in found.items():
        assert left >= 0 and right <= WIDTH, (key, found[key])
        assert top >= 0 and bottom <= HEIGHT, (key, found[key])
        if key not in ("bar", "save", "preview"):
            assert bottom <= bar_top, f"{key} ends at {bottom:.0f}, under the Save bar " \
                                      f"from {bar_top:.0f}"
    screenshot(page, shot, full_page=False)
    return found


def fill_in(page: Any, picker: str, partner: str, points: str = "61") -> None:
    """The usual hand, tapped where it is: the preview then says what it pays."""
    tap(page, "picker", picker)
    tap(page, "partners", partner)
    chip(page, points)
    page.wait_for_selector("#summary-line li")
    assert page.evaluate("window.scrollY") == 0, "tapping scrolled the page"


def throw_in_saved(page: Any) -> None:
    """A throw-in saved through the form: the next hand is doubled, with Undo."""
    tap(page, "kind", "Nobody picked")
    page.wait_for_selector("#summary-line:has-text('Hand')")
    save_hand(page)
    assert page.locator("#undo").is_visible() and page.locator("#pending").is_visible()


def both_ways(page: Any, name: str, picker: str, partner: str) -> None:
    holds_everything(page, f"first-screen-{name}")
    fill_in(page, picker, partner)
    holds_everything(page, f"first-screen-{name}-filled")


def test_the_first_hand(page: Any, live_app: Flask, live_server: str) -> None:
    open_form(live_app, page, live_server)
    both_ways(page, "first-hand", "Ann", "Cat")


def test_with_the_doubled_banner(page: Any, live_app: Flask, live_server: str) -> None:
    table = open_form(live_app, page, live_server, "jack-of-diamonds", None, **NO_PICK)
    table.api.post(f"/api/v1/tables/{table.id}/hands", json={"kind": "no-pick"},
                   headers=table.auth)
    page.goto(table.url + "/hand/new")
    assert page.locator("#pending").is_visible()
    both_ways(page, "banner", "Cat", "Dan")
    assert "×2" in page.locator("#summary-line").inner_text()


def test_with_the_saved_hand_and_its_undo(page: Any, live_app: Flask,
                                          live_server: str) -> None:
    open_form(live_app, page, live_server)
    fill_in(page, "Ann", "Cat", "91")
    save_hand(page)
    assert page.locator("#undo").is_visible()
    both_ways(page, "saved-undo", "Bob", "Dan")


def test_after_a_throw_in_with_banner_and_undo_both(page: Any, live_app: Flask,
                                                    live_server: str) -> None:
    """The state first reported: chips 738–801 against a bar from 754."""
    open_form(live_app, page, live_server, "jack-of-diamonds", None, **NO_PICK)
    throw_in_saved(page)
    both_ways(page, "doubled-undo", "Cat", "Dan")
    assert "×2" in page.locator("#summary-line").inner_text()


def test_with_players_sitting_out(page: Any, live_app: Flask, live_server: str) -> None:
    open_form(live_app, page, live_server, players=SEVEN)  # five-handed: two sit out
    assert page.locator("#sitting-out").is_visible()
    both_ways(page, "sitting-out", "Cat", "Dan")


def test_with_seven_players(page: Any, live_app: Flask, live_server: str) -> None:
    open_form(live_app, page, live_server, "seven-handed", SEVEN)
    both_ways(page, "seven", "Cat", "Fay")


def test_seven_players_after_a_throw_in(page: Any, live_app: Flask, live_server: str) -> None:
    open_form(live_app, page, live_server, "jack-of-diamonds", SEVEN, **NO_PICK)
    throw_in_saved(page)
    both_ways(page, "seven-sitting-out-doubled-undo", "Cat", "Dan")


def test_with_twenty_letter_names(page: Any, live_app: Flask, live_server: str) -> None:
    open_form(live_app, page, live_server, players=LONG)
    both_ways(page, "long-names", LONG[2], LONG[4])
    for name in LONG:  # each name whole, within its own button
        label = page.locator("#picker label", has_text=name)
        assert label.evaluate("l => l.scrollWidth <= l.clientWidth + 1")


def test_twenty_letter_names_after_a_throw_in(page: Any, live_app: Flask,
                                              live_server: str) -> None:
    open_form(live_app, page, live_server, "jack-of-diamonds", LONG, **NO_PICK)
    throw_in_saved(page)
    both_ways(page, "long-names-doubled-undo", LONG[1], LONG[3])


def test_every_kind_of_hand_is_on_screen_without_a_swipe(page: Any, live_app: Flask,
                                                         live_server: str) -> None:
    for preset, options in (("called-ace", {}), ("jack-of-diamonds", NO_PICK),
                            ("called-ace", {"nobody_picks": "schwanzer"})):
        open_form(live_app, page, live_server, preset, None, **options)
        kinds = page.locator("#kind label")
        assert kinds.count() >= 6
        for i in range(kinds.count()):
            box = kinds.nth(i).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH
        assert page.locator("#kind").evaluate("k => k.scrollWidth <= k.clientWidth")
        holds_everything(page, f"first-screen-kinds-{options.get('nobody_picks', preset)}")
