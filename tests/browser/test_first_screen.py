"""The record form's first screen on a 390 × 844 phone holds every picker and
partner button, the points chips, the preview and Save, in every state the
form is in at a real table: the first hand, the doubled banner, the saved
hand's Undo, both at once after a throw-in, players sitting out, seven
players, twenty-letter names.  Once the picker and partner are tapped their
rows fold into one line, and the tricks, the cracks and Count cards come onto
the screen too.  Measured box by box, before and after the hand is filled in
(the preview's payouts may take two lines): nothing under the fixed Save bar,
nothing below 844 px, nothing past 390 px, no scroll.  And what is focused
stops clear of the bar, a refused Save's words are not under it, the saved
line is whole, and the chip of all the points asks "Every trick?"."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import expect

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


def boxes(page: Any, named: bool = False) -> dict[str, tuple[float, float, float, float]]:
    """Every box the first screen must hold: (left, top, right, bottom); once
    the names are ``named``, their line, the tricks, the cracks and Count
    cards instead of the names' buttons."""
    return page.evaluate("""(named) => {
        const out = {};
        const add = (key, el) => {
            const r = el.getBoundingClientRect();
            out[key] = [r.left, r.top, r.right, r.bottom];
        };
        const rows = named ? ['#named', '#tricks label', '#cracks label', '#count-cards']
                           : ['#picker label', '#partners label'];
        document.querySelectorAll(rows.join(', ')).forEach((el) => {
            const input = el.querySelector('input');
            if (!input || !input.disabled) add(
                (el.closest('fieldset') || el).id + ':' + (input ? input.value : ''), el);
        });
        document.querySelectorAll('[data-points]').forEach(
            (c) => add('chip ' + c.dataset.points, c));
        add('preview', document.getElementById('summary-line'));
        add('save', document.getElementById('save'));
        add('bar', document.querySelector('.save-bar'));
        return out;
    }""", named)


def holds_everything(page: Any, shot: str, named: bool = False
                     ) -> dict[str, tuple[float, float, float, float]]:
    assert page.evaluate("window.scrollY") == 0, "the page was scrolled"
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    found = boxes(page, named)
    for key, (left, top, right, bottom) in found.items():
        assert right - left > 0 and bottom - top > 0, f"{key} is not shown"
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


def fill_in(page: Any, picker: str, *partners: str, points: str = "61",
            shot: str = "") -> None:
    """The usual hand, tapped where it is: once the picker and partner are
    tapped, their rows fold and the tricks, the cracks and Count cards are on
    the first screen; after a chip the preview says what the hand pays."""
    tap(page, "picker", picker)
    for partner in partners:
        tap(page, "partners", partner)
    expect(page.locator("#named")).to_be_visible()
    expect(page.locator("#picker")).to_be_hidden()
    said = page.locator("#named-line").inner_text()
    assert picker in said and all(partner in said for partner in partners), said
    if shot:
        holds_everything(page, shot, named=True)
    chip(page, points)
    page.wait_for_selector("#summary-line li")
    assert page.evaluate("window.scrollY") == 0, "tapping scrolled the page"


def throw_in_saved(page: Any) -> None:
    """A throw-in saved through the form: the next hand is doubled, with Undo."""
    tap(page, "kind", "Nobody picked")
    page.wait_for_selector("#summary-line:has-text('Hand')")
    save_hand(page)
    assert page.locator("#undo").is_visible() and page.locator("#pending").is_visible()


def both_ways(page: Any, name: str, picker: str, *partners: str) -> None:
    holds_everything(page, f"first-screen-{name}")
    fill_in(page, picker, *partners, shot=f"first-screen-{name}-named")
    holds_everything(page, f"first-screen-{name}-filled", named=True)


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
    fill_in(page, "Ann", "Cat", points="91")
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
    both_ways(page, "seven", "Cat", "Fay", "Gus")  # the picker has two partners here


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


#: Every control below the names, and where it shows: a radio's button is its label.
CONTROLS = ["#points", "#count-cards", "input[name=count_side][value=defense]",
            "input[name=tricks][value=all]", "input[name=tricks][value=none]",
            "input[name=cracks][value='1']", "input[name=cracks][value='2']",
            "details > summary", "button[data-points='120']"]


def focused_clear_of_the_bar(page: Any, selector: str) -> None:
    """Focused from the top of the page (a tab, a screen reader): the control
    is scrolled to wholly between the top of the screen and the Save bar."""
    shown = page.evaluate("""(selector) => {
        window.scrollTo(0, 0);
        const control = document.querySelector(selector);
        control.focus();
        const box = (control.closest('label') || control).getBoundingClientRect();
        const bar = document.querySelector('.save-bar').getBoundingClientRect();
        return {focused: document.activeElement === control, top: box.top,
                bottom: box.bottom, bar: bar.top};
    }""", selector)
    assert shown["focused"], selector
    assert 0 <= shown["top"] and shown["bottom"] <= shown["bar"], (selector, shown)


@pytest.mark.parametrize("named", [False, True], ids=["names-open", "names-folded"])
def test_whatever_is_focused_stops_clear_of_the_save_bar(
        page: Any, live_app: Flask, live_server: str, named: bool) -> None:
    open_form(live_app, page, live_server, "jack-of-diamonds", SEVEN, **NO_PICK)
    throw_in_saved(page)  # the longest first screen: banner, Undo, sitting out
    if named:
        tap(page, "picker", "Cat")
        tap(page, "partners", "Dan")
    for selector in CONTROLS:
        focused_clear_of_the_bar(page, selector)
    opaque = page.locator(".save-bar").evaluate("b => getComputedStyle(b).backgroundColor")
    assert opaque == "rgb(255, 255, 255)", "text under the bar would show through it"


def test_a_refused_saves_words_are_not_under_the_bar(page: Any, live_app: Flask,
                                                     live_server: str) -> None:
    open_form(live_app, page, live_server, "jack-of-diamonds", SEVEN, **NO_PICK)
    throw_in_saved(page)
    tap(page, "picker", "Cat")
    tap(page, "partners", "Dan")
    tap(page, "tricks", "Every trick")
    page.locator("#points").fill("100")
    page.locator("#save").click()
    error = page.locator(".points-row ~ .field-error")
    expect(error).to_contain_text("A picking side that took every trick has 120 points, not 100")
    bar_top = page.locator(".save-bar").bounding_box()["y"]
    for shown in (error, page.locator("#count-cards")):
        box = shown.bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= bar_top
    expect(page.locator("#named")).to_be_visible()  # the names are done: folded again
    screenshot(page, "first-screen-refused", full_page=False)


def test_the_saved_line_is_said_whole(page: Any, live_app: Flask, live_server: str) -> None:
    open_form(live_app, page, live_server, players=LONG)
    tap(page, "picker", LONG[2])
    tap(page, "partners", LONG[4])
    chip(page, "91")
    tap(page, "cracks", "Re-crack")
    save_hand(page)
    line = page.locator(".after-save .flash.saved")
    expect(line).to_contain_text("re-crack, schneider). Jacqueline Fontaines +16")  # six lines
    assert line.evaluate("""(line) => {
        const range = document.createRange();  // the line's last word, where it is drawn
        range.selectNodeContents(line);
        const last = [...range.getClientRects()].pop();
        const box = line.getBoundingClientRect();
        return last.bottom <= box.bottom + 1 && last.right <= box.right + 1;
    }"""), "the saved line is cut short"
    screenshot(page, "first-screen-saved-whole", full_page=False)


def asked(page: Any) -> Any:
    return page.locator("#tricks-ask")


def test_the_chip_of_all_the_points_asks_every_trick(page: Any, live_app: Flask,
                                                     live_server: str) -> None:
    """120 alone is schneider: the defense may have taken a trick of blanks."""
    open_form(live_app, page, live_server)
    tricks = page.locator("input[name=tricks]:checked")
    tap(page, "picker", "Ann")
    tap(page, "partners", "Cat")
    chip(page, "120")
    expect(asked(page)).to_be_visible()
    expect(asked(page).locator("strong")).to_have_text("Every trick?")
    box, bar = asked(page).bounding_box(), page.locator(".save-bar").bounding_box()
    assert box is not None and bar is not None and box["y"] + box["height"] <= bar["y"]
    screenshot(page, "first-screen-every-trick-asked", full_page=False)
    asked(page).locator("button", has_text="No").click()
    expect(asked(page)).to_be_hidden()
    assert tricks.input_value() == "some" and page.locator("#points").input_value() == "120"
    expect(page.locator("#summary-line")).to_contain_text("Ann +4")  # schneider, no more
    expect(page.locator("#summary-line")).not_to_contain_text("every trick")
    chip(page, "61")
    expect(asked(page)).to_be_hidden()  # 61 asks nothing
    chip(page, "120")
    asked(page).locator("button", has_text="Yes").click()
    expect(asked(page)).to_be_hidden()
    assert tricks.input_value() == "all" and page.locator("#points").input_value() == "120"
    expect(page.locator("#summary-line")).to_contain_text("every trick")
    expect(page.locator("#summary-line")).to_contain_text("Ann +6")
    chip(page, "120")
    expect(asked(page)).to_be_hidden()  # every trick already: nothing to ask
    chip(page, "61")  # back to "Some"
    tap(page, "count-side", "Defense")  # counted for the defense: 0 is the picking side's 120
    chip(page, "0")
    expect(asked(page).locator("strong")).to_have_text("Every trick?")
    chip(page, "120")  # and the defense's 120 is the picking side's none
    expect(asked(page).locator("strong")).to_have_text("No trick?")


def choices(page: Any) -> dict[str, str]:
    return page.evaluate("""() => Object.fromEntries(
        [...new FormData(document.getElementById('hand-form'))].filter(([name]) =>
            !['csrf_token', 'submission', 'version', 'deal', 'dealer'].includes(name)))""")


# first-screen.js's DOUBLE_TAP_MS: a second tap later than that is a tap of its own.
DOUBLE_TAP_MS = 600


def double_tap(page: Any, name: str) -> float:
    """Two taps on the partner's spot; how far apart they came down, in ms, as the
    page's clock saw them (a busy machine can make them a tap each)."""
    page.evaluate("""() => { window.downs = [];
        document.addEventListener('pointerdown', () => window.downs.push(Date.now()), true); }""")
    box = page.locator("#partners label", has_text=name).bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(120)
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(300)
    downs = page.evaluate("window.downs")
    assert len(downs) == 2
    return float(downs[1] - downs[0])


@pytest.mark.parametrize("name", ["Cat", "Dan", "Eve"])
def test_a_double_tapped_partner_chooses_nothing_that_folded_under_it(
        page: Any, live_app: Flask, live_server: str, name: str) -> None:
    """The rows fold at the first tap; the second, on the same spot, would land
    on whatever came up there (a trick, a crack, Count cards).  Taps the machine
    was too busy to bring within a double tap's time are tried again."""
    for _ in range(5):
        open_form(live_app, page, live_server)
        tap(page, "picker", "Ann")
        before = choices(page)
        if double_tap(page, name) < DOUBLE_TAP_MS - 100:
            break
    else:
        pytest.fail("five double taps in a row came down too far apart to be one")
    expect(page.locator("#named")).to_be_visible()
    assert choices(page) == {**before, "partners": name}
    expect(page.locator("#counter")).to_be_hidden()
    assert page.evaluate("document.activeElement.id") in ("rename", "")


def test_a_keyboard_goes_on_to_change_when_the_names_fold(page: Any, live_app: Flask,
                                                         live_server: str) -> None:
    open_form(live_app, page, live_server)
    page.locator("#picker input[value=Ann]").focus()
    page.keyboard.press("Space")
    page.locator("#partners input[value=Cat]").focus()
    page.keyboard.press("Space")
    expect(page.locator("#named")).to_be_visible()
    expect(page.locator("#rename")).to_be_focused()
    page.keyboard.press("Enter")  # Change: the rows open again
    expect(page.locator("#picker")).to_be_visible()
    expect(page.locator("#picker input[value=Ann]")).to_be_focused()
