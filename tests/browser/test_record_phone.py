"""The record form on a phone (390 × 844) in real headless Chromium, on the
first hand of a night and on the twentieth, just after a save: the picker's
buttons, the partner's, a points chip, Save and the preview's one-line summary
are each wholly on screen when tapped, with no scroll; and the form's quick
fills (tricks and points agree, one partner or two, a minus for who pays)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from scorekeeper.rules.cards import TOTAL_POINTS
from tests.browser.steps import api_night, screenshot, start
from tests.conftest import PLAYERS

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def in_view(page: Any, locator: Any) -> None:
    """Wholly inside the 390 × 844 screen, not under the bar at the bottom, and
    the page not scrolled to get it there."""
    found = locator.bounding_box()
    assert found is not None, "not on the page"
    assert page.evaluate("window.scrollY") == 0, "the page was scrolled"
    assert found["x"] >= 0 and found["x"] + found["width"] <= 390, found
    assert found["y"] >= 0 and found["y"] + found["height"] <= 844, found
    assert locator.evaluate("""el => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return el.contains(hit) || hit.contains(el) || el.closest('label') === hit.closest('label');
    }"""), "something covers it"


def tap_in_view(page: Any, locator: Any) -> None:
    in_view(page, locator)
    locator.click()
    assert page.evaluate("window.scrollY") == 0, "tapping scrolled the page"


def four_taps(page: Any, picker: str, partner: str, points: str,
              players: list[str] = PLAYERS, shot: str = "") -> None:
    """Every name the picker and partner could be, then the picker, the partner, a
    points chip, the preview's line and Save: each on screen when it is tapped."""
    for name in players:
        if page.locator(f"#picker input[value={name}]").is_enabled():
            in_view(page, page.locator("#picker label", has_text=name))
    tap_in_view(page, page.locator("#picker label", has_text=picker))
    for name in players:
        if page.locator(f"#partners input[value={name}]").is_enabled():
            in_view(page, page.locator("#partners label", has_text=name))
    tap_in_view(page, page.locator("#partners label", has_text=partner))
    for chip in page.locator("[data-points]").all():
        in_view(page, chip)
    tap_in_view(page, page.locator(f"button[data-points='{points}']"))
    page.wait_for_selector("#summary-line li")
    in_view(page, page.locator("#summary-line"))
    if shot:
        screenshot(page, shot, full_page=False)
    in_view(page, page.locator("#save"))
    page.locator("#save").click()  # the page then goes to the next hand's form


def deals(page: Any) -> str:
    """The dealer the top of the form names, checked against the dealer box."""
    said = page.locator("#deals").inner_text()
    assert said == page.locator("select[name=dealer]").input_value() + " deals"
    in_view(page, page.locator("#deals"))
    return said


def test_the_first_hand_is_four_taps_on_one_screen(page: Any, live_server: str) -> None:
    start(page, live_server, "called-ace")
    assert deals(page) == "Ann deals"
    screenshot(page, "record-hand-1", full_page=False)
    four_taps(page, "Ann", "Cat", "61", shot="record-hand-1-filled")
    page.wait_for_selector(".flash.saved:has-text('Hand 1 saved')")
    assert deals(page) == "Bob deals"


def test_the_twentieth_hand_is_four_taps_on_one_screen(page: Any, live_app: Flask,
                                                        live_server: str) -> None:
    hands = [{"picker": PLAYERS[i % 5], "partners": [PLAYERS[(i + 2) % 5]], "points": 61 + i}
             for i in range(18)]
    page.goto(api_night(live_app, page, live_server, PLAYERS, "called-ace", hands) + "/hand/new")
    four_taps(page, "Dan", "Bob", "91")
    page.wait_for_selector(".flash.saved:has-text('Hand 19 saved')")
    assert page.locator("h1").inner_text() == "Hand 20"
    assert page.locator("#undo button").is_visible()
    assert deals(page) == "Eve deals"
    screenshot(page, "record-hand-20", full_page=False)
    four_taps(page, "Eve", "Ann", "30", shot="record-hand-20-filled")
    page.wait_for_selector(".flash.saved:has-text('Hand 20 saved')")


def test_a_six_player_night_with_one_sitting_out_fits_too(page: Any, live_app: Flask,
                                                          live_server: str) -> None:
    six = [*PLAYERS, "Fay"]
    hands = [{"picker": six[(i + 1) % 6], "partners": [six[(i + 3) % 6]], "points": 70}
             for i in range(18)]
    page.goto(api_night(live_app, page, live_server, six, "called-ace", hands) + "/hand/new")
    four_taps(page, "Bob", "Cat", "61", six)
    page.wait_for_selector(".flash.saved:has-text('Hand 19 saved')")
    assert page.locator("#sitting-out").inner_text().startswith("Sitting out: ")
    deals(page)
    screenshot(page, "record-six-hand-20", full_page=False)
    four_taps(page, "Dan", "Eve", "90", six, shot="record-six-hand-20-filled")
    page.wait_for_selector(".flash.saved:has-text('Hand 20 saved')")


def test_the_top_bar_keeps_the_online_dot_on_its_line(page: Any, live_app: Flask,
                                                        live_server: str) -> None:
    for name in ("Fri", "Friday night", "The long Friday night game at Bob's"):
        page.goto(api_night(live_app, page, live_server, PLAYERS, "called-ace", [], name=name)
                  + "/hand/new")
        bar = page.locator("header.topbar").bounding_box()
        dot = page.locator("#net-status .dot").bounding_box()
        brand = page.locator("header.topbar .brand").bounding_box()
        assert bar is not None and dot is not None and brand is not None
        assert bar["height"] < 50, f"the top bar wraps with {name!r}"
        assert brand["y"] <= dot["y"] and dot["y"] + dot["height"] <= brand["y"] + brand["height"]
        assert dot["x"] + dot["width"] <= 390
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "record-top-bar")


def test_a_greyed_out_name_shows_no_stray_dot(page: Any, live_app: Flask,
                                              live_server: str) -> None:
    """The radio itself stays invisible when it is disabled (Pico greys disabled
    inputs to half opacity, which drew it as a dot in the button's corner)."""
    page.goto(api_night(live_app, page, live_server, PLAYERS + ["Fay"], "called-ace", [])
              + "/hand/new")
    away = page.locator("#picker input[value=Ann]")
    assert away.is_disabled()
    assert away.evaluate("box => getComputedStyle(box).opacity") == "0"
    screenshot(page, "record-sitting-out")


def test_no_trick_and_every_trick_fill_the_points_and_a_chip_that_disagrees_undoes_them(
        page: Any, live_server: str) -> None:
    start(page, live_server, "called-ace")
    tap_in_view(page, page.locator("#picker label", has_text="Ann"))
    tap_in_view(page, page.locator("#partners label", has_text="Cat"))
    points, tricks = page.locator("#points"), page.locator("input[name=tricks]:checked")
    page.locator("#tricks label", has_text="No trick").click()
    assert points.input_value() == "0" and tricks.input_value() == "none"
    assert page.locator(".chips [aria-pressed=true]").inner_text() == "0"
    page.wait_for_selector("#summary-line:has-text('Ann −12')")  # the side was schwarz
    page.locator("#tricks label", has_text="Every trick").click()
    assert points.input_value() == str(TOTAL_POINTS) and tricks.input_value() == "all"
    page.wait_for_selector("#summary-line:has-text('Ann +6')")
    page.locator("button[data-points='91']").click()  # took 91: not every trick after all
    assert tricks.input_value() == "some"
    page.wait_for_selector("#summary-line:has-text('Ann +4')")
    page.locator("#tricks label", has_text="No trick").click()
    page.locator("#count-side label", has_text="Defense").click()  # counted the other way
    assert points.input_value() == str(TOTAL_POINTS) and tricks.input_value() == "none"
    page.locator("button[data-points='30']").click()
    assert tricks.input_value() == "some"
    screenshot(page, "record-tricks-fill", full_page=False)


def test_one_partner_is_one_choice_and_the_picker_is_never_his_own_partner(
        page: Any, live_server: str) -> None:
    start(page, live_server, "called-ace")
    partner = {name: page.locator(f"#partners input[value={name}]") for name in PLAYERS}
    tap_in_view(page, page.locator("#picker label", has_text="Ann"))
    assert partner["Ann"].is_disabled() and partner["Bob"].is_enabled()
    page.locator("#partners label", has_text="Ann").click(force=True)  # a tap does nothing
    assert not partner["Ann"].is_checked()
    page.locator("#partners label", has_text="Dan").click()
    assert "Partner Dan" in page.locator("#named").inner_text()  # the names' rows fold
    page.locator("#rename").click()  # Dan was a slip: Change opens them again
    page.locator("#partners label", has_text="Eve").click()
    assert [n for n, box in partner.items() if box.is_checked()] == ["Eve"]
    page.locator("button[data-points='61']").click()
    page.wait_for_selector("#summary-line:has-text('Eve +1')")
    assert "Dan −1" in page.locator("#summary-line").inner_text()
    screenshot(page, "record-one-partner", full_page=False)
    # Eve picked after all: greyed out (and unticked) as partner, and Ann is free again
    page.locator("#rename").click()
    page.locator("#picker label", has_text="Eve").click()
    assert partner["Eve"].is_disabled() and not partner["Eve"].is_checked()
    assert partner["Ann"].is_enabled()


def test_two_partner_tables_keep_several_partner_choices(page: Any, live_app: Flask,
                                                        live_server: str) -> None:
    six = [*PLAYERS, "Fay"]
    page.goto(api_night(live_app, page, live_server, six, "six-handed", []) + "/hand/new")
    page.locator("#picker label", has_text="Bob").click()
    page.locator("#partners label", has_text="Cat").click()
    page.locator("#partners label", has_text="Dan").click()
    assert page.locator("#partners input:checked").count() == 2
    assert page.locator("#partners input[value=Bob]").is_disabled()


def test_an_other_payment_takes_a_minus_from_a_number_pad_and_previews_as_the_note_is_typed(
        page: Any, live_server: str) -> None:
    start(page, live_server, "called-ace")
    page.locator("#kind label", has_text="Other payment").click()
    ann, bob = page.locator("#adjust-0"), page.locator("#adjust-1")
    assert ann.get_attribute("inputmode") == "numeric"  # the number pad, minus or not
    ann.fill("4")
    bob.fill("4")
    page.locator("[data-flip=adjust-1]").click()  # ± : Bob pays
    assert bob.input_value() == "-4"
    assert page.locator("#adjust-sum").inner_text() == "Adds up to 0: ready to save."
    page.locator("[data-flip=adjust-2]").click()  # ± on an empty box starts a minus
    assert page.locator("#adjust-2").input_value() == "-"
    page.keyboard.type("0")
    page.locator("[data-flip=adjust-2]").click()
    assert page.locator("#adjust-2").input_value() == "0"
    page.wait_for_selector("#summary-line:has-text('Say what the payment is for')")
    page.locator("#note").click()
    page.keyboard.type("three kings", delay=20)
    # still typing (no blur): the preview follows the note
    page.wait_for_selector("#summary-line:has-text('Ann +4')")
    assert page.evaluate("document.activeElement.id") == "note"
    assert "Bob −4" in page.locator("#summary-line").inner_text()
    screenshot(page, "record-other-payment", full_page=False)
    page.locator("#save").click()
    page.wait_for_selector(".flash.saved:has-text('Hand 1 saved')")
