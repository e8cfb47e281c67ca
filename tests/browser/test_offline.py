"""Keeping score with no network, in real Chromium: the app installs, its pages
open from the service worker's copies, hands saved offline wait on the phone
(IndexedDB) and land in order when the server answers again, and a hand that
waited while another phone changed the night is shown, not merged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.steps import record, screenshot, second_phone, start, tap

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def controlled(page: Any) -> None:
    """Wait until the service worker controls the page (and has kept its files).
    Bounded: when Chromium hasn't handed the page to the worker within 20 s
    (an install it dropped under load), the page is loaded once more, which
    registers the worker again; a worker that never takes control fails."""
    for _ in range(2):
        if page.evaluate("""() => new Promise((done) => {
                if (navigator.serviceWorker.controller) return done(true);
                navigator.serviceWorker.addEventListener("controllerchange", () => done(true));
                setTimeout(() => done(false), 20000);
            })"""):
            return
        page.reload()
    raise AssertionError("The service worker never took control of the page")


def go_offline(page: Any) -> None:
    """Lose the network, and wait for the page to notice (as a person would)."""
    page.context.set_offline(True)
    expect(page.locator("#net-status")).to_have_text("Offline")


def keep(page: Any, picker: str, partner: str, points: str) -> None:
    """Save a hand on the record form while the server can't be reached."""
    tap(page, "kind", "Someone picked")
    tap(page, "picker", picker)
    tap(page, "partners", partner)
    page.locator(f"button[data-points='{points}']").click()
    page.locator("#save").click()
    expect(page.locator("#sent")).to_contain_text("kept on this phone")


def descriptions(page: Any) -> list[str]:
    rows = page.locator("tbody.hand summary .what")
    return [rows.nth(i).inner_text() for i in range(rows.count())]


def test_three_hands_saved_offline_survive_a_closed_tab_and_land_in_order(
        page: Any, live_server: str) -> None:
    start(page, live_server, "called-ace")
    table_url = page.url.rsplit("/hand/new", 1)[0]
    controlled(page)
    record(page, picker="Ann", partners="Cat", points="61")
    page.goto(table_url)
    page.locator("nav.tabs a", has_text="Record").click()
    page.wait_for_selector("#hand-form")

    go_offline(page)
    for picker, partner, points in (("Bob", "Dan", "61"), ("Cat", "Eve", "90"),
                                    ("Dan", "Ann", "30")):
        keep(page, picker, partner, points)
    expect(page.locator("#waiting .badge.count")).to_have_text("3")
    expect(page.locator("main h1")).to_have_text("Hand 5")
    screenshot(page, "offline-waiting-form")

    context = page.context
    page.close()
    page = context.new_page()
    page.goto(table_url)
    expect(page.locator("#offline-copy")).to_contain_text(
        "Offline — showing the last saved state")
    expect(page.locator("#net-status")).to_have_text("Offline")
    expect(page.locator("#waiting .badge.count")).to_have_text("3")
    expect(page.locator("nav.tabs .waiting-count")).to_have_text("3")
    assert [li.split(" · kept")[0] for li in page.locator("#waiting li").all_inner_texts()] == [
        "Hand 2 Someone picked · Bob with Dan · 61 points",
        "Hand 3 Someone picked · Cat with Eve · 90 points",
        "Hand 4 Someone picked · Dan with Ann · 30 points"]
    screenshot(page, "offline-waiting-ledger")
    page.locator("nav.tabs a", has_text="Rules").click()  # never opened on this phone
    expect(page.locator("#offline-page h1")).to_have_text("Offline")
    page.goto(table_url)

    context.set_offline(False)
    expect(page.locator("#sent")).to_contain_text("3 waiting hands sent: hands 2, 3, 4.",
                                                  timeout=15000)
    expect(page.locator("#waiting")).to_be_hidden()
    assert descriptions(page) == [
        "1. Ann with Cat, 61 points · Ann dealt", "2. Bob with Dan, 61 points · Bob dealt",
        "3. Cat with Eve, 90 points · Cat dealt", "4. Dan with Ann, 30 points · Dan dealt"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_save_posted_as_the_server_vanished_is_kept_on_the_phone(
        page: Any, live_server: str) -> None:
    """The page believed the server was there: the post fails, and the page
    keeps the hand and readies the form for the next, saying so."""
    start(page, live_server, "called-ace")
    table_url = page.url.rsplit("/hand/new", 1)[0]
    controlled(page)
    page.reload()  # through the service worker, which keeps a copy of the form

    def unreachable(route: Any) -> None:
        if route.request.method == "POST":
            route.abort()
        else:
            route.continue_()
    page.context.route("**/hand/new*", unreachable)
    tap(page, "picker", "Bob")
    tap(page, "partners", "Dan")
    page.locator("button[data-points='61']").click()
    page.locator("#save").click()
    expect(page.locator("#sent")).to_contain_text(
        "Hand 1 kept on this phone: it waits to be sent "
        "(Someone picked · Bob with Dan · 61 points).")
    expect(page.locator("#waiting .badge.count")).to_have_text("1")

    # Leave the page while the server is still unreachable, so the page left
    # behind can't send the kept hand as the server comes back (its retry
    # timer could fire in that moment); the next page is the one that sends it.
    page.goto("about:blank")
    page.context.unroute("**/hand/new*")
    page.goto(table_url + "/hand/new")  # the server again: the kept hand is sent
    expect(page.locator("#sent")).to_contain_text("Hand 1 sent: Bob with Dan, 61 points.",
                                                  timeout=15000)
    page.goto(table_url)
    assert descriptions(page) == ["1. Bob with Dan, 61 points · Ann dealt"]


def test_a_hand_that_waited_while_another_phone_saved_is_shown_not_merged(
        page: Any, browser: Any, browser_context_args: dict[str, Any], live_server: str) -> None:
    start(page, live_server, "called-ace")
    table_url = page.url.rsplit("/hand/new", 1)[0]
    controlled(page)
    record(page, picker="Ann", partners="Cat", points="61")
    phone = second_phone(page, browser, browser_context_args, table_url)
    page.goto(table_url + "/hand/new")

    go_offline(page)
    keep(page, "Bob", "Dan", "61")
    keep(page, "Cat", "Eve", "90")
    record(phone, picker="Ann", partners="Bob", points="61")  # Bob's phone, still online
    page.context.set_offline(False)

    refused = page.locator("#waiting li.refused")
    expect(refused).to_contain_text(
        "Not sent: Meanwhile, Bob's phone: Recorded hand 2: Ann with Bob, 61 points.",
        timeout=15000)
    expect(refused).to_contain_text("Hand 2 Someone picked · Bob with Dan · 61 points")
    expect(page.locator("#waiting .badge.count")).to_have_text("2")  # the next one waits too
    screenshot(page, "offline-conflict")
    phone.goto(table_url)
    assert len(descriptions(phone)) == 2  # nothing was merged

    refused.locator("a.check-waiting").click()
    expect(page.locator("#waiting-review")).to_contain_text("Hand 2 waited on this phone")
    said = page.locator("#error-summary")  # the server's words, the keyboard on them
    expect(said).to_contain_text("Meanwhile, Bob's phone")
    expect(said).to_be_focused()
    assert page.title().startswith("Error: ")
    assert page.locator("#picker input[value=Bob]").is_checked()
    assert page.locator("#partners input[value=Dan]").is_checked()
    assert page.locator("#points").input_value() == "61"
    screenshot(page, "offline-conflict-review")
    page.locator("#save").click()
    expect(page.locator("#sent")).to_contain_text("2 waiting hands sent: hands 3, 4.",
                                                  timeout=15000)
    phone.goto(table_url)
    assert descriptions(phone) == [
        "1. Ann with Cat, 61 points · Ann dealt", "2. Ann with Bob, 61 points · Bob dealt",
        "3. Bob with Dan, 61 points · Cat dealt", "4. Cat with Eve, 90 points · Dan dealt"]
    phone.context.close()


def test_without_a_service_worker_hands_still_wait_and_a_refused_one_can_be_discarded(
        browser: Any, browser_context_args: dict[str, Any], live_server: str) -> None:
    """Plain HTTP on a LAN address has no service worker: the waiting hands
    still work while the page stays open."""
    context = browser.new_context(**browser_context_args, service_workers="block")
    page = context.new_page()
    start(page, live_server, "called-ace")
    table_url = page.url.rsplit("/hand/new", 1)[0]
    phone = second_phone(page, browser, browser_context_args, table_url)
    page.goto(table_url + "/hand/new")
    assert page.evaluate("navigator.serviceWorker.controller") is None

    go_offline(page)
    keep(page, "Bob", "Dan", "61")
    keep(page, "Cat", "Eve", "90")
    record(phone, picker="Ann", partners="Bob", points="61")
    context.set_offline(False)
    refused = page.locator("#waiting li.refused")
    expect(refused).to_contain_text("Hand 1 Someone picked · Bob with Dan", timeout=15000)

    page.on("dialog", lambda dialog: dialog.accept())
    refused.locator(".discard-waiting").click()
    # The next hand was made after the discarded one: it is refused in turn.
    expect(refused).to_contain_text("Hand 2 Someone picked · Cat with Eve")
    expect(refused).to_contain_text("Meanwhile, Bob's phone: Recorded hand 1")
    expect(page.locator("#waiting .badge.count")).to_have_text("1")
    refused.locator("a.check-waiting").click()
    # The form is filled from the kept hand once the page has loaded; only then save.
    expect(page.locator("#error-summary")).to_contain_text("Meanwhile, Bob's phone")
    expect(page.locator("#picker input[value=Cat]")).to_be_checked()
    page.locator("#save").click()
    expect(page.locator("#sent")).to_contain_text("Hand 2 sent: Cat with Eve, 90 points.",
                                                  timeout=15000)
    phone.goto(table_url)
    assert descriptions(phone) == ["1. Ann with Bob, 61 points · Ann dealt",
                                   "2. Cat with Eve, 90 points · Bob dealt"]
    phone.context.close()
    context.close()


def test_the_app_passes_chromiums_installability_checks(
        browser_type: Any, browser_type_launch_args: dict[str, Any],
        browser_context_args: dict[str, Any], live_server: str, tmp_path: Path) -> None:
    # A profile on disk: Chromium never offers to install from an incognito one,
    # which is what a new Playwright context is.
    context = browser_type.launch_persistent_context(
        tmp_path / "profile", **browser_type_launch_args, **browser_context_args)
    page = context.new_page()
    start(page, live_server, "called-ace")
    controlled(page)
    cdp = context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest") and manifest["errors"] == []
    for icon in page.request.get(live_server + "/manifest.webmanifest").json()["icons"]:
        image = page.request.get(live_server + icon["src"])
        assert image.ok, icon["src"]
        if icon["type"] == "image/png":  # the PNG's own width and height, from its header
            width = int.from_bytes(image.body()[16:20], "big")
            assert icon["sizes"] == f"{width}x{width}"
    apple = page.locator("link[rel=apple-touch-icon]").get_attribute("href")
    assert page.request.get(live_server + apple).ok
    assert page.locator("meta[name=theme-color]").get_attribute("content") == "#0b6e4f"
    context.close()


def test_a_viewer_whose_connection_drops_sees_when_the_scores_last_updated(
        page: Any, browser: Any, browser_context_args: dict[str, Any], live_server: str) -> None:
    start(page, live_server, "called-ace")
    record(page, picker="Ann", partners="Cat", points="61")
    page.locator("nav.tabs a", has_text="Share").click()
    share_url = page.locator("#share-url").input_value()
    viewer = browser.new_context(**browser_context_args).new_page()
    viewer.goto(share_url)
    controlled(viewer)
    viewer.reload()  # now through the service worker, which keeps a copy
    expect(viewer.locator("#live-status")).to_contain_text("Live")

    viewer.context.set_offline(True)
    status = viewer.locator("#live-status")
    expect(status).to_have_class("live-status offline", timeout=5000)
    expect(status).to_contain_text("Offline · last updated ")
    viewer.reload()
    expect(viewer.locator("#offline-copy")).to_contain_text(
        "Offline — showing the last saved state")
    expect(viewer.locator('#standings li[data-player="Ann"]')).to_have_attribute(
        "data-points", "2")
    expect(status).to_contain_text("Offline · last updated ")
    screenshot(viewer, "offline-viewer")

    record(page, picker="Bob", partners="Dan", points="61")
    viewer.context.set_offline(False)
    expect(viewer.locator('#standings li[data-player="Bob"]')).to_have_attribute(
        "data-points", "1", timeout=5000)
    expect(status).to_have_class("live-status")
    viewer.context.close()


def test_a_save_the_server_stops_answering_is_kept_and_arrives_once(
        page: Any, live_server: str) -> None:
    """The server takes the hand and stops before it answers (its answer never
    reaches the phone): within three seconds the page keeps the hand and says
    it waits, instead of the browser's "can't be reached"; sent again when the
    server is back, the same hand (its one-time submission) is one hand."""
    start(page, live_server, "called-ace")
    table_url = page.url.rsplit("/hand/new", 1)[0]
    held: list[Any] = []

    def reached_but_unanswered(route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        route.fetch()  # the server records the hand...
        held.append(route)  # ...and its answer is lost

    page.context.route("**/hand/new*", reached_but_unanswered)
    tap(page, "picker", "Bob")
    tap(page, "partners", "Dan")
    page.locator("button[data-points='61']").click()
    page.wait_for_selector("#summary-line li")
    page.locator("#save").click()
    expect(page.locator("#sent")).to_contain_text("Hand 1 kept on this phone: it waits to be sent",
                                                  timeout=6000)
    assert page.url == table_url + "/hand/new"  # the form, never the browser's error page
    expect(page.locator("#waiting .badge.count")).to_have_text("1")
    assert held  # the post reached the server (and the kept hand, sent at once, too)
    screenshot(page, "save-kept-server-stopped", full_page=False)

    page.goto("about:blank")
    page.context.unroute("**/hand/new*")
    page.goto(table_url + "/hand/new")  # the server answers again: the kept hand goes
    expect(page.locator("#sent")).to_contain_text("Hand 1 sent: Bob with Dan, 61 points.",
                                                  timeout=15000)
    page.goto(table_url)
    assert descriptions(page) == ["1. Bob with Dan, 61 points · Ann dealt"]
