"""A group on a phone: start it, play its first night and carry it to the
tab, then start the second night in two taps from the group's page, and
settle the tab; the group's share page shows the season to a stranger."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.steps import record, screenshot, start_group

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_groups_second_night_starts_in_two_taps(page: Any, live_server: str) -> None:
    start_group(page, live_server, "Thursday regulars", "Ann\nBob\nCat\nDan\nEve\nFay")
    page.wait_for_selector("#next-night")
    screenshot(page, "group-new-home")

    page.click("#next-night")
    page.wait_for_selector("#regulars, #start")
    names = page.locator("input[name=players]").evaluate_all("els => els.map(e => e.value)")
    assert names == ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
    page.locator("input[name=players]").nth(5).fill("")  # Fay stays home tonight
    page.click("#start")
    page.wait_for_url("**/hand/new")
    record(page, picker="Ann", partners="Cat", points="61")
    page.locator("nav.tabs a", has_text="Settle up").click()
    page.goto(page.url.replace("/settle", "/close"))
    page.locator("#settled-how label", has_text="Carry it").click()
    screenshot(page, "group-close-carry")
    page.click("#confirm-close")
    page.click("#group-link")
    page.wait_for_selector("#tab")
    screenshot(page, "group-home-tab")

    # The second night: two taps from the group's page.
    page.click("#next-night")
    page.wait_for_selector("#start")
    assert page.locator("input[name=players]").evaluate_all(
        "els => els.map(e => e.value)") == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    assert page.locator("#regulars").inner_text().count("Fay") == 1
    screenshot(page, "group-next-night-form")
    page.click("#start")
    page.wait_for_url("**/hand/new")
    assert "Ann deals first" in page.locator(".flash").first.inner_text()

    group_home = page.url.split("/t/")[0]
    page.goto(group_home + "/")
    page.locator("#my-groups a").first.click()
    page.locator("nav.tabs a", has_text="Settle up").click()
    page.wait_for_selector("#transfers")
    assert "Ann" in page.locator("#transfers").inner_text()
    screenshot(page, "group-settle")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#mark-paid button")
    page.wait_for_selector(".flash")
    assert "1 carried night settled" in page.locator(".flash").first.inner_text()

    page.locator("nav.tabs a", has_text="Season").click()
    page.wait_for_selector("#season-table")
    assert "Ann" in page.locator("#season-table").inner_text()
    screenshot(page, "group-season")
    page.locator("nav.tabs a", has_text="Share").click()
    share_url = page.locator("#share-url").input_value()

    stranger = page.context.browser.new_context(viewport={"width": 390, "height": 844})
    viewer = stranger.new_page()
    viewer.goto(share_url)
    viewer.wait_for_selector("#season-table")
    assert "Ann" in viewer.locator("#season-table").inner_text()
    assert viewer.locator("form[method=post]").count() == 0
    screenshot(viewer, "group-viewer-season")
    viewer.locator("#season-table a", has_text="Ann").click()
    viewer.wait_for_selector("#player-stats")
    assert "Picked" in viewer.locator("#player-stats").inner_text()
    screenshot(viewer, "group-viewer-player")
    stranger.close()


def test_a_night_played_without_a_group_starts_one_in_a_tap(page: Any, live_server: str
                                                             ) -> None:
    from tests.browser.steps import start
    start(page, live_server, "called-ace")
    record(page, picker="Ann", partners="Cat", points="61")
    page.goto(page.url.replace("/hand/new", "/summary"))
    button = page.locator("#start-group-button")
    box = button.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
    button.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot(page, "night-start-group")).replace(
        ".png", "-viewport.png"))
    button.click()
    page.wait_for_selector("#next-night")
    screenshot(page, "group-from-night-home")
    page.click("#next-night")
    page.wait_for_selector("#filled-in")
    assert "the players still at the table at its end" in page.locator("#filled-in").inner_text()


def test_a_regular_left_off_tonight_taps_in_on_the_players_page(page: Any, live_server: str
                                                                 ) -> None:
    start_group(page, live_server, "Thursday regulars", "Ann\nBob\nCat\nDan\nEve\nFay")
    page.click("#next-night")
    assert "first night" in page.locator("#filled-in").inner_text()
    screenshot(page, "group-first-night-start")
    page.locator("button[value=remove-5]").click()  # Fay stays home tonight
    page.wait_for_selector("#regulars")
    assert page.locator("#regulars button").all_inner_texts() == ["+ Fay"]
    page.click("#start")
    page.wait_for_url("**/hand/new")
    page.goto(page.url.replace("/hand/new", "/players"))
    tap = page.locator("#regulars button", has_text="Fay")
    box = tap.bounding_box()
    assert box and box["x"] + box["width"] <= 390
    screenshot(page, "players-regulars")
    tap.click()
    page.wait_for_selector(".flash")
    assert page.locator("#regulars").count() == 0
