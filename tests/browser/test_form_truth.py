"""One truth for a hand on the record form, on a 390 px phone in real
Chromium: for every field the preview checks, entries that contradict each
other either visibly change the choice they contradict, or the preview says
why not and Save is refused in the same words, next to the field, with
nothing stored; and what Save stores is what the preview on screen paid."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from playwright.sync_api import expect

from tests.browser.steps import save_hand, screenshot, wait_until
from tests.conftest import PLAYERS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

FOUR = PLAYERS[:4]
SIX = [*PLAYERS, "Fay"]

#: Kept in the page's session storage, before any script of the page sees the
#: tap: the preview's words on screen at the tap on Save (atSave), and when the
#: form finally went (atLeave: the same, unless Save waited for the preview).
WATCH_SAVE = """
window.addEventListener("submit", (event) => {
  if (event.target.id !== "hand-form") return;
  const line = document.getElementById("summary-line");
  const words = line ? line.innerText : "(no preview)";
  if (!sessionStorage.getItem("atSave")) sessionStorage.setItem("atSave", words);
  sessionStorage.setItem("atLeave", words);
}, true);
// when the last entry was made (a tap, a key): the preview waits out typing from it
for (const kind of ["input", "change"]) {
  window.addEventListener(kind, () => { window.lastEntry = performance.now(); }, true);
}
"""


@dataclass
class Table:
    """A table started through the API, with its edit token for reading back."""

    id: int
    url: str
    api: FlaskClient
    auth: dict[str, str]

    def hands(self) -> list[dict[str, Any]]:
        answer = self.api.get(f"/api/v1/tables/{self.id}/hands", headers=self.auth)
        assert answer.status_code == 200
        return list(answer.get_json())


def open_form(app: Flask, page: Any, base: str, preset: str = "called-ace",
              players: list[str] | None = None, **options: Any) -> Table:
    """A table started through the API, this phone its scorekeeper, on its form."""
    api = app.test_client()
    body: dict[str, Any] = {"name": "Thu", "players": players or PLAYERS, "preset": preset}
    if options:
        body["options"] = options
    made = api.post("/api/v1/tables", json=body).get_json()
    with api.session_transaction() as session:
        session["editors"] = {str(made["id"]): made["edit_token"]}
    cookie = api.get_cookie("session")
    assert cookie is not None
    page.context.add_cookies([{"name": "session", "value": cookie.value, "url": base}])
    page.add_init_script(WATCH_SAVE)
    table = Table(made["id"], f"{base}/t/{made['id']}", api,
                  {"Authorization": f"Bearer {made['edit_token']}"})
    page.goto(table.url + "/hand/new")
    return table


def tap(page: Any, group: str, name: str) -> None:
    page.locator(f"#{group} label", has_text=name).first.click()


def chip(page: Any, points: str) -> None:
    page.locator(f"button[data-points='{points}']").click()


def preview(page: Any) -> Any:
    return page.locator("#summary-line")


def settled(page: Any) -> None:
    """The preview has caught up with the entries (no request on its way, none
    waiting out the typing delay: the form's longest is 400 ms from the last
    entry)."""
    wait_until(page, "() => performance.now() - (window.lastEntry || 0) > 450"
                     " && !document.getElementById('hand-form').classList"
                     ".contains('htmx-request')")


def paid_on_screen(page: Any) -> dict[str, int]:
    items = preview(page).locator("li")
    return {items.nth(i).locator("span").inner_text():
            int(items.nth(i).locator("strong").inner_text().replace("\u2212", "-"))
            for i in range(items.count())}


def save_as_previewed(page: Any, table: Table, shot: str = "") -> dict[str, Any]:
    """Tap Save once the preview is current: the hand stored is the one its
    words paid, player by player (those sitting out are paid nothing)."""
    settled(page)
    expect(preview(page).locator("li").first).to_be_visible()
    on_screen = paid_on_screen(page)
    if shot:
        screenshot(page, shot, full_page=False)
    page.evaluate("sessionStorage.removeItem('atSave')")
    count = len(table.hands())
    save_hand(page)
    said = page.evaluate("sessionStorage.getItem('atSave')")
    hands = table.hands()
    assert len(hands) == count + 1
    stored = hands[-1]
    assert {n: p for n, p in stored["payouts"].items() if n in stored["seated"]} == on_screen
    for name, points in on_screen.items():  # what was on screen at the tap
        assert f"{name} {points:+d}".replace("-", "\u2212").replace("+0", "0") in said
    return stored


def refused_as_previewed(page: Any, table: Table, message: str, field: str,
                         shot: str = "") -> None:
    """The preview says why the hand can't be saved; Save is refused in the
    same words, next to the field (on the phone's width), and nothing is
    stored; the preview's bar says it was not saved."""
    expect(preview(page)).to_have_text(f"Not complete yet: {message}")
    settled(page)
    page.locator("#save").click()
    error = page.locator(f"{field} ~ .field-error", has_text=message).first
    expect(error).to_be_visible()
    error.scroll_into_view_if_needed()
    box = error.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    expect(preview(page)).to_have_text("Not saved: fix what is marked above, then save again.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    if shot:
        screenshot(page, shot, full_page=False)
    assert table.hands() == []


def test_every_trick_then_100_typed_is_refused_as_the_preview_says(
        page: Any, live_app: Flask, live_server: str) -> None:
    table = open_form(live_app, page, live_server)
    tap(page, "picker", "Cat")
    tap(page, "partners", "Dan")
    tap(page, "tricks", "Every trick")
    expect(page.locator("#points")).to_have_value("120")
    page.locator("#points").fill("100")
    expect(page.locator("input[name=tricks][value=all]")).to_be_checked()  # still chosen
    refused_as_previewed(page, table, "A picking side that took every trick has 120 points, "
                         "not 100", ".points-row", shot="truth-every-trick-100")
    expect(page.locator("input[name=tricks][value=all]")).to_be_checked()
    expect(page.locator("#points")).to_have_value("100")


def test_no_trick_then_50_typed_is_refused_as_the_preview_says(
        page: Any, live_app: Flask, live_server: str) -> None:
    table = open_form(live_app, page, live_server)
    tap(page, "picker", "Cat")
    tap(page, "partners", "Dan")
    tap(page, "tricks", "No trick")
    page.locator("#points").fill("50")
    expect(page.locator("input[name=tricks][value=none]")).to_be_checked()
    refused_as_previewed(page, table, "A picking side that took no trick has only its bury, "
                         "at most 22 points, not 50", ".points-row")


def test_save_tapped_while_the_preview_is_still_coming_waits_for_it(
        page: Any, live_app: Flask, live_server: str) -> None:
    """Typed and saved at once: Save waits for the preview of what was typed,
    so the page never leaves on words about another hand."""
    table = open_form(live_app, page, live_server)
    tap(page, "picker", "Cat")
    tap(page, "partners", "Dan")
    chip(page, "61")
    expect(preview(page)).to_contain_text("Cat +2")
    page.locator("#points").fill("91")
    save_hand(page)  # within the typing delay
    assert "Cat +4" in page.evaluate("sessionStorage.getItem('atLeave')")
    assert table.hands()[-1]["points"] == 91
    tap(page, "picker", "Cat")
    tap(page, "partners", "Dan")
    tap(page, "tricks", "Every trick")
    page.locator("#points").fill("100")
    page.locator("#save").click()  # the same, for a hand Save refuses
    expect(page.locator(".points-row ~ .field-error")).to_contain_text(
        "A picking side that took every trick has 120 points, not 100")
    assert len(table.hands()) == 1


def test_a_chip_that_disagrees_with_every_trick_visibly_chooses_some(
        page: Any, live_app: Flask, live_server: str) -> None:
    table = open_form(live_app, page, live_server)
    tap(page, "picker", "Cat")
    tap(page, "partners", "Dan")
    tap(page, "tricks", "Every trick")
    chip(page, "91")
    expect(page.locator("input[name=tricks][value=some]")).to_be_checked()
    stored = save_as_previewed(page, table)
    assert (stored["tricks"], stored["points"]) == ("some", 91)


def test_no_trick_with_its_bury_typed_stays_no_trick(
        page: Any, live_app: Flask, live_server: str) -> None:
    table = open_form(live_app, page, live_server)
    tap(page, "picker", "Cat")
    tap(page, "partners", "Dan")
    tap(page, "tricks", "No trick")
    page.locator("#points").fill("10")  # two buried cards: a ten and a king... of sorts
    expect(page.locator("input[name=tricks][value=none]")).to_be_checked()
    stored = save_as_previewed(page, table)
    assert (stored["tricks"], stored["points"]) == ("none", 10)


def test_bury_points_typed_before_no_trick_stay_typed(
        page: Any, live_app: Flask, live_server: str) -> None:
    table = open_form(live_app, page, live_server)
    tap(page, "picker", "Cat")
    tap(page, "partners", "Dan")
    page.locator("#points").fill("14")  # the bury, typed first
    tap(page, "tricks", "No trick")
    expect(page.locator("#points")).to_have_value("14")
    stored = save_as_previewed(page, table)
    assert (stored["tricks"], stored["points"]) == ("none", 14)


def test_every_trick_counted_for_the_defense_fills_its_zero(
        page: Any, live_app: Flask, live_server: str) -> None:
    table = open_form(live_app, page, live_server)
    tap(page, "picker", "Cat")
    tap(page, "partners", "Dan")
    tap(page, "count-side", "Defense")
    tap(page, "tricks", "Every trick")
    expect(page.locator("#points")).to_have_value("0")
    stored = save_as_previewed(page, table)
    assert (stored["tricks"], stored["points"]) == ("all", 120)


def test_going_alone_visibly_clears_the_partner_and_a_partner_clears_alone(
        page: Any, live_app: Flask, live_server: str) -> None:
    table = open_form(live_app, page, live_server)
    tap(page, "picker", "Cat")
    tap(page, "partners", "Dan")
    page.locator("#rename").click()  # the names' rows folded when done: open them again
    tap(page, "alone", "Picker went alone")
    expect(page.locator("#partners input[value=Dan]")).not_to_be_checked()
    page.locator("#rename").click()
    tap(page, "partners", "Eve")
    expect(page.locator("input[name=alone]")).not_to_be_checked()
    page.locator("#rename").click()
    tap(page, "alone", "Picker went alone")
    expect(page.locator("#partners input:checked")).to_have_count(0)
    expect(page.locator("input[name=alone]")).to_be_checked()
    chip(page, "91")
    stored = save_as_previewed(page, table, shot="truth-alone")
    assert stored["alone"] is True and stored["partners"] == []


@pytest.mark.parametrize(("preset", "options", "players", "steps", "message", "field"), [
    ("called-ace", {}, None, [("tap", "partners", "Dan"), ("chip", "61")],
     "Name the picker", "#picker"),
    ("called-ace", {}, None, [("tap", "picker", "Cat"), ("chip", "61")],
     "Name the partner (who held the called card), or mark the picker alone", "#partners"),
    ("called-ace", {}, None, [("tap", "picker", "Cat"), ("tap", "partners", "Dan")],
     "Enter the picking side's points (0 to 120)", ".points-row"),
    ("called-ace", {}, None, [("tap", "picker", "Cat"), ("tap", "partners", "Dan"),
                              ("fill", "#points", "130")],
     "Points must be a whole number from 0 to 120", ".points-row"),
    ("sheephead-4", {}, FOUR, [("tap", "picker", "Ann"), ("tap", "partners", "Cat"),
                               ("select", "select[name=stolen_from]", "Bob"), ("chip", "61")],
     "A player who steals the blind plays alone: no partner", "#partners"),
    ("sheephead-4", {}, FOUR, [("tap", "picker", "Ann"), ("tap", "partners", "Cat"),
                               ("tap", "no_trick_pickers", "Bob"), ("chip", "61")],
     "Bob didn't pick: only the picker (or the player robbed of the blind) can owe the "
     "no-trick-pick penalty", "#no_trick_pickers"),
    ("called-ace", {"nobody_picks": "forced-pick"}, None,
     [("tap", "picker", "Cat"), ("tap", "partners", "Dan"), ("tap", "forced", "forced"),
      ("chip", "61")], "A forced pick is the dealer's: Ann was last to pick", "#forced"),
    ("called-ace", {}, SIX, [("tap", "picker", "Bob"), ("tap", "partners", "Cat"),
                             ("open", "details summary"), ("tap", "seated", "Bob"),
                             ("tap", "seated", "Cat"), ("tap", "seated", "Dan"),
                             ("tap", "seated", "Eve"), ("chip", "61")],
     "Exactly 5 players play each hand, not 4", "#seated"),
    ("called-ace", {}, None, [("tap", "kind", "Leaster")], "Name the leaster winner",
     "#winner"),
    ("called-ace", {"leaster_second_winner": True}, None,
     [("tap", "kind", "Leaster"), ("tap", "winner", "Dan"), ("tap", "second_winner", "Dan")],
     "Dan can't be both the winner and the second winner (option leaster_second_winner)",
     "#second_winner"),
    ("called-ace", {}, None, [("tap", "kind", "Renege"), ("tap", "picker", "Cat"),
                              ("tap", "partners", "Dan")], "Name who reneged", "#offender"),
    ("called-ace", {"nobody_picks": "schwanzer"}, None,
     [("tap", "kind", "Schwanzer"), *[("tap", "losers", p) for p in PLAYERS]],
     "A schwanzer needs someone to be paid: not every player can lose (option "
     "nobody_picks = schwanzer)", "#losers"),
    ("called-ace", {}, None, [("tap", "kind", "Other payment"), ("fill", "#adjust-0", "4"),
                              ("fill", "#adjust-1", "-2"), ("fill", "#note", "three kings")],
     "The payments must add up to zero; these add up to +2", "#adjust-sum"),
    ("called-ace", {}, None, [("tap", "kind", "Other payment"), ("fill", "#adjust-0", "4"),
                              ("fill", "#adjust-1", "-4")],
     "Say what the payment is for (a note, e.g. 'three kings')", "label:has(#note)"),
], ids=["picker", "partners", "points-missing", "points-range", "stolen_from",
        "no_trick_pickers", "forced", "seated", "winner", "second_winner", "offender",
        "losers", "payouts", "note"])
def test_each_field_the_preview_checks_is_refused_by_save_in_its_words(
        page: Any, live_app: Flask, live_server: str, preset: str, options: dict[str, Any],
        players: list[str] | None, steps: list[tuple[str, ...]], message: str,
        field: str) -> None:
    table = open_form(live_app, page, live_server, preset, players, **options)
    for action, where, *more in steps:
        what = more[0] if more else ""
        if action == "tap":
            tap(page, where, what)
        elif action == "chip":
            chip(page, where)
        elif action == "fill":
            page.locator(where).fill(what)
        elif action == "select":
            page.select_option(where, what)
        else:
            page.locator(where).click()
    refused_as_previewed(page, table, message, field)


def test_a_dealer_who_seats_the_picker_out_visibly_unticks_him(
        page: Any, live_app: Flask, live_server: str) -> None:
    table = open_form(live_app, page, live_server, players=SIX)
    tap(page, "picker", "Bob")
    tap(page, "partners", "Cat")
    chip(page, "61")
    page.locator("details summary").click()
    page.select_option("select[name=dealer]", "Bob")  # Bob deals, so Bob sits out
    expect(page.locator("#picker input[value=Bob]")).not_to_be_checked()
    expect(page.locator("#picker input[value=Bob]")).to_be_disabled()
    refused_as_previewed(page, table, "Name the picker", "#picker")


def test_the_engines_own_choices_show_on_the_form_before_save(
        page: Any, live_app: Flask, live_server: str) -> None:
    """Six-handed: the player on the picker's right is always his partner; the
    form ticks him as soon as the preview names him."""
    table = open_form(live_app, page, live_server, "six-handed", SIX)
    tap(page, "picker", "Cat")
    tap(page, "partners", "Eve")
    chip(page, "61")
    expect(page.locator("#partners input[value=Bob]")).to_be_checked()  # on Cat's right
    stored = save_as_previewed(page, table, shot="truth-right-partner")
    assert sorted(stored["partners"]) == ["Bob", "Eve"]


def test_a_side_with_no_trick_ticks_its_picker_for_the_penalty(
        page: Any, live_app: Flask, live_server: str) -> None:
    table = open_form(live_app, page, live_server, "sheephead-4", FOUR)
    tap(page, "picker", "Ann")
    tap(page, "partners", "Cat")
    tap(page, "tricks", "No trick")
    expect(page.locator("#no_trick_pickers input[value=Ann]")).to_be_checked()
    stored = save_as_previewed(page, table)
    assert stored["no_trick_pickers"] == ["Ann"] and stored["tricks"] == "none"


def test_a_picker_alone_who_took_no_trick_shows_his_side_took_none(
        page: Any, live_app: Flask, live_server: str) -> None:
    table = open_form(live_app, page, live_server, "sheephead-4", FOUR)
    tap(page, "picker", "Ann")
    tap(page, "alone", "Picker went alone")
    tap(page, "no_trick_pickers", "Ann")
    chip(page, "0")
    expect(page.locator("input[name=tricks][value=none]")).to_be_checked()
    stored = save_as_previewed(page, table)
    assert stored["tricks"] == "none" and stored["no_trick_pickers"] == ["Ann"]


def test_cracks_and_blitzes_are_stored_as_the_preview_counted_them(
        page: Any, live_app: Flask, live_server: str) -> None:
    table = open_form(live_app, page, live_server, "imsa")
    tap(page, "picker", "Cat")
    tap(page, "partners", "Dan")
    chip(page, "61")
    tap(page, "cracks", "Re-crack")
    tap(page, "blitzes", "1")
    tap(page, "declared_doubler", "Declared doubler")
    stored = save_as_previewed(page, table)
    assert (stored["cracks"], stored["blitzes"], stored["declared_doubler"]) == (2, 1, True)
