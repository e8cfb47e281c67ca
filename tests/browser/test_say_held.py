"""A name the words box can't place, in real headless Chromium at phone size:
"Fran with Gus 70" at a jack-of-diamonds table with no Gus says which name
it couldn't place, offers this table's players (and "Alone") as Fran's
partner, and holds Save, with the reason next to it, until a partner is
picked; never a silent loner.  And the box's example names this table's
own players."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.steps import save_hand, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NO_GUS = ["Fran", "Hank", "Ida", "Joe", "Kim"]


def start_at(page: Any, base: str, preset: str, names: list[str]) -> None:
    page.goto(base + "/")
    for i, name in enumerate(names):
        page.locator("input[name=players]").nth(i).fill(name)
    page.locator(f"input[name=preset][value={preset}]").check()
    page.locator("form#new-table button", has_text="Start the table").click()
    page.wait_for_url("**/hand/new")


def say(page: Any, text: str) -> Any:
    box = page.locator("#say-text")
    box.fill(text)
    box.press("Enter")
    return page.locator("#say-heard")


def inside_the_phone(page: Any, selector: str) -> None:
    for i in range(page.locator(selector).count()):
        edges = page.locator(selector).nth(i).bounding_box()
        assert edges is not None and edges["x"] >= 0 and edges["x"] + edges["width"] <= 390
        assert edges["height"] >= 40
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_name_not_placed_holds_save_until_a_partner_is_picked(page: Any,
                                                                live_server: str) -> None:
    complaints: list[str] = []
    page.on("pageerror", lambda e: complaints.append(str(e)))
    start_at(page, live_server, "jack-of-diamonds", NO_GUS)
    expect(page.locator("#say-text")).to_have_attribute("placeholder",
                                                        "Say it: Fran with Ida 75")
    screenshot(page, "say-table-example", full_page=False)

    expect(say(page, "Fran with Gus 70")).to_have_text("I didn't catch 'Gus'.")
    asked = page.locator("#say-open")
    expect(asked).to_be_visible()
    expect(asked.locator("#say-ask")).to_have_text("Fran's partner:")
    expect(asked.locator("button")).to_have_text(["Hank", "Ida", "Joe", "Kim", "Alone"])
    expect(page.locator("#picker input[value=Fran]")).to_be_checked()
    expect(page.locator("#points")).to_have_value("70")
    save = page.locator("#save")
    expect(save).to_be_disabled()
    expect(page.locator("#summary-line")).to_contain_text(
        "I couldn't place 'Gus': who was Fran's partner, or did Fran go alone?")
    inside_the_phone(page, "#say-open button")
    screenshot(page, "say-held", full_page=False)

    # Enter in a box, or any other way to the form's submit, is refused too.
    page.locator("#hand-form").evaluate("form => form.requestSubmit()")
    expect(save).to_be_disabled()
    assert page.url.endswith("/hand/new") and not page.locator(".flash.saved").count()

    asked.locator("button", has_text="Hank").click()
    expect(page.locator("#partners input[value=Hank]")).to_be_checked()
    expect(save).to_be_enabled()
    expect(asked).to_be_hidden()
    expect(page.locator("#say-heard")).to_have_text("Answered: check the preview, then Save.")
    expect(page.locator("#summary-line")).to_contain_text("Fran +2")
    screenshot(page, "say-held-answered", full_page=False)

    # Unticked on the form, the partner is open again; "Picker went alone" answers it.
    page.locator("#rename").click()  # the names' rows folded once answered
    page.locator("#partners label", has_text="Hank").click()
    expect(save).to_be_disabled()
    page.locator("#alone label").click()
    expect(save).to_be_enabled()
    page.locator("#rename").click()
    page.locator("#partners label", has_text="Hank").click()  # a partner clears "alone"
    save_hand(page)
    expect(page.locator(".flash.saved")).to_contain_text(
        "Hand 1 saved: Fran with Hank, 70 points")

    expect(say(page, "Hank 61")).to_have_text("Who was Hank's partner, or did Hank go alone?")
    expect(save).to_be_disabled()
    say(page, "Hank with Kim 61")
    expect(page.locator("#say-heard")).to_contain_text("Heard: Hank with Kim, 61 points")
    expect(save).to_be_enabled()
    assert complaints == []


def test_a_save_the_server_holds_asks_the_open_role_again_on_the_page_it_answers(
        page: Any, live_server: str) -> None:
    """A Save that reaches the server while the words leave Fran's partner
    open (past the page's own hold) is refused next to the partner, and the
    page it answers asks the role again with its players, Save held, without
    the words being said again."""
    start_at(page, live_server, "jack-of-diamonds", NO_GUS)
    expect(say(page, "Fran with Gus 70")).to_have_text("I didn't catch 'Gus'.")
    expect(page.locator("#save")).to_be_disabled()
    with page.expect_navigation():  # form.submit() fires no submit event: no page hold
        page.locator("#hand-form").evaluate("form => HTMLFormElement.prototype.submit.call(form)")
    expect(page.locator(".field-error", has_text="I couldn't place 'Gus'")).to_be_visible()
    asked = page.locator("#say-open")
    expect(asked).to_be_visible()
    expect(asked.locator("button")).to_have_text(["Hank", "Ida", "Joe", "Kim", "Alone"])
    expect(page.locator("#save")).to_be_disabled()
    expect(page.locator("#say-text")).to_have_value("Fran with Gus 70")
    screenshot(page, "say-held-refused", full_page=False)
    asked.locator("button", has_text="Ida").click()
    expect(page.locator("#save")).to_be_enabled()
    save_hand(page)
    expect(page.locator(".flash.saved")).to_contain_text("Hand 1 saved: Fran with Ida, 70 points")
