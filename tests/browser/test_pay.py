"""Pay with one tap, in real headless Chromium at 390x844: payment handles
saved from the Players page, then the settle-up's buttons that open the
payee's app, measured against the phone's screen."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.steps import record, screenshot, start, start_group

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def save_handle(page: Any, name: str, service: str, handle: str) -> None:
    page.locator("nav.tabs a", has_text="Players").click()
    page.locator(f"a.pay-handle[href$='/players/{name}/pay']").click()
    page.wait_for_selector("#pay-form")
    page.locator("#service label", has_text=service).click()
    page.locator("#handle").fill(handle)
    page.locator("#save-handle").click()
    page.wait_for_selector(".flash")


def test_settle_up_payments_open_the_payees_app_with_one_tap(page: Any,
                                                             live_server: str) -> None:
    start(page, live_server, "called-ace")
    record(page, picker="Ann", partners="Cat", points="61")
    save_handle(page, "Ann", "Venmo", "@ann-smith")
    page.locator("#pay-form").count()  # back on the Players page
    screenshot(page, "players-with-handles")

    page.locator("a.pay-handle[href$='/players/Cat/pay']").click()
    page.locator("#service label", has_text="PayPal").click()
    page.locator("#handle").fill("cat-pays")
    page.locator("#save-handle").click()
    error = page.locator("#handle-error")
    assert "PayPal.Me name is up to 20 letters or digits" in error.inner_text()
    field, said = page.locator("#handle").bounding_box(), error.bounding_box()
    assert 0 <= said["y"] - (field["y"] + field["height"]) < 40  # right under its box
    screenshot(page, "pay-handle-refused")
    page.locator("#service label", has_text="Cash App").click()
    page.locator("#handle").fill("$catcash")
    page.locator("#save-handle").click()
    page.wait_for_selector(".flash")

    page.locator("nav.tabs a", has_text="Settle up").click()
    page.wait_for_selector("#transfers .pay-link")
    buttons = page.locator("#transfers .pay-link")
    words = [buttons.nth(i).inner_text().strip() for i in range(buttons.count())]
    assert words and all(w.startswith(("Pay Ann $", "Pay Cat $")) for w in words)
    for i in range(buttons.count()):
        button = buttons.nth(i)
        href = button.get_attribute("href")
        assert href.startswith(("https://venmo.com/ann-smith?txn=pay&amount=",
                                "https://cash.app/$catcash/"))
        box = button.bounding_box()
        assert 44 <= box["height"] <= 46, words[i]
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, words[i]
    assert "Sheepshead" in buttons.first.get_attribute("href") or \
        buttons.first.get_attribute("href").startswith("https://cash.app/")
    first = buttons.first.bounding_box()
    assert first["y"] + first["height"] <= 844  # the first one without a scroll
    screenshot(page, "settle-up-pay-links")

    page.locator("#leaving a", has_text="Bob settles").click()
    page.wait_for_selector("#confirm-leave")
    leaver = page.locator("#transfers .pay-link")
    assert leaver.count() == 1 and leaver.inner_text().startswith("Pay Ann $")
    assert 44 <= leaver.bounding_box()["height"] <= 46
    screenshot(page, "leaver-pay-link")


def test_a_group_members_handle_pays_them_at_the_groups_nights(page: Any,
                                                                live_server: str) -> None:
    start_group(page, live_server, "Thursday regulars", "Ann\nBob\nCat\nDan\nEve")
    page.wait_for_selector("#next-night")
    group = page.url
    page.goto(group + "/players/Cat")
    page.locator("#pay-handle a").click()
    page.wait_for_selector("#pay-form")
    page.locator("#service label", has_text="PayPal").click()
    page.locator("#handle").fill("paypal.me/CatPays")
    page.locator("#save-handle").click()
    page.wait_for_selector("#pay-handle")
    assert "Cat is paid at PayPal paypal.me/CatPays." in page.locator(".flash").inner_text()
    screenshot(page, "group-member-handle")

    page.goto(group)
    page.click("#next-night")
    page.wait_for_selector("#start")
    page.click("#start")
    page.wait_for_url("**/hand/new")
    record(page, picker="Cat", partners="Ann", points="61")
    page.locator("nav.tabs a", has_text="Settle up").click()
    page.wait_for_selector("#transfers")
    buttons = page.locator("#transfers .pay-link")
    assert buttons.count() >= 1
    assert all(buttons.nth(i).get_attribute("href").startswith("https://paypal.me/CatPays/")
               for i in range(buttons.count()))
