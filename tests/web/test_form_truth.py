"""The record form says one hand: a POST whose fields contradict each other is
refused next to the field at fault, in the preview's own words and once, the
form showing what was sent and nothing stored (never "fixed" quietly);
the live preview refuses the same entries in the same words; and a hand that
agrees with itself is stored as the preview paid it."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db import codec
from scorekeeper.db.models import HandRow, db
from scorekeeper.rules import Hand, Tricks
from tests.fixtures_app import start_table, words
from tests.refusals import FIELD_ERROR, summary_of, without_summary

BASE = {"kind": "picked", "tricks": "some", "count_side": "picking", "cracks": "0",
        "blitzes": "0"}
SIX = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]

#: (what contradicts, preset, options, entries, field at fault, the refusal)
CONTRADICTIONS: list[tuple[str, str, dict[str, str], dict[str, Any], str, str]] = [
    ("every trick but 100", "called-ace", {},
     {"picker": "Cat", "partners": "Dan", "tricks": "all", "points": "100"}, "points",
     "A picking side that took every trick has 120 points, not 100"),
    ("no trick but 50", "called-ace", {},
     {"picker": "Cat", "partners": "Dan", "tricks": "none", "points": "50"}, "points",
     "A picking side that took no trick has only its bury, at most 22 points, not 50"),
    ("every trick, the defense counted 20", "called-ace", {},
     {"picker": "Cat", "partners": "Dan", "tricks": "all", "points": "20",
      "count_side": "defense"}, "points",
     "A picking side that took every trick has 120 points, not 100"),
    ("more points than the deck", "called-ace", {},
     {"picker": "Cat", "partners": "Dan", "points": "130"}, "points",
     "Points must be a whole number from 0 to 120"),
    ("no points", "called-ace", {}, {"picker": "Cat", "partners": "Dan"}, "points",
     "Enter the picking side's points (0 to 120)"),
    ("no picker", "called-ace", {}, {"partners": "Dan", "points": "61"}, "picker",
     "Name the picker"),
    ("alone with a partner", "called-ace", {},
     {"picker": "Cat", "partners": "Dan", "alone": "y", "points": "61"}, "partners",
     "Cat went alone, so there is no partner"),
    ("the picker his own partner", "called-ace", {},
     {"picker": "Cat", "partners": "Cat", "points": "61"}, "partners",
     "Cat can't be both picker and partner"),
    ("no partner and not alone", "called-ace", {}, {"picker": "Cat", "points": "61"},
     "partners", "Name the partner (who held the called card), or mark the picker alone"),
    ("two partners at a one-partner table", "jack-of-diamonds", {},
     {"picker": "Cat", "partners": ["Dan", "Eve"], "points": "61"}, "partners",
     "There is only one partner at this table"),
    ("a thief with a partner", "sheephead-4", {},
     {"picker": "Ann", "partners": "Cat", "stolen_from": "Bob", "points": "61"}, "partners",
     "A player who steals the blind plays alone: no partner"),
    ("a steal from himself", "sheephead-4", {},
     {"picker": "Ann", "stolen_from": "Ann", "points": "61"}, "stolen_from",
     "Ann can't steal the blind from himself"),
    ("a no-trick picker who didn't pick", "sheephead-4", {},
     {"picker": "Ann", "partners": "Cat", "no_trick_pickers": "Bob", "points": "61"},
     "no_trick_pickers", "Bob didn't pick: only the picker (or the player robbed of the "
     "blind) can owe the no-trick-pick penalty"),
    ("every trick alone, yet no trick himself", "sheephead-4", {},
     {"picker": "Ann", "alone": "y", "tricks": "all", "points": "120", "no_trick_pickers": "Ann"},
     "no_trick_pickers", "Ann took every trick alone, so did take a trick"),
    ("a forced pick not the dealer's", "called-ace", {"nobody_picks": "forced-pick"},
     {"picker": "Cat", "partners": "Dan", "forced": "y", "points": "61"}, "forced",
     "A forced pick is the dealer's: Ann was last to pick"),
    ("a leaster without a winner", "called-ace", {}, {"kind": "leaster"}, "winner",
     "Name the leaster winner"),
    ("the winner also second", "called-ace", {"leaster_second_winner": "true"},
     {"kind": "leaster", "winner": "Dan", "second_winner": "Dan"}, "second_winner",
     "Dan can't be both the winner and the second winner (option leaster_second_winner)"),
    ("a renege without who reneged", "called-ace", {},
     {"kind": "renege", "picker": "Cat", "partners": "Dan"}, "offender", "Name who reneged"),
    ("everyone a schwanzer loser", "called-ace", {"nobody_picks": "schwanzer"},
     {"kind": "schwanzer", "losers": ["Ann", "Bob", "Cat", "Dan", "Eve"]}, "losers",
     "A schwanzer needs someone to be paid: not every player can lose "
     "(option nobody_picks = schwanzer)"),
    ("payments that don't add up", "called-ace", {},
     {"kind": "adjustment", "adjust-0": "4", "adjust-1": "-2", "note": "three kings"},
     "adjust-0", "The payments must add up to zero; these add up to +2"),
    ("a payment without a note", "called-ace", {},
     {"kind": "adjustment", "adjust-0": "4", "adjust-1": "-4"}, "note",
     "Say what the payment is for (a note, e.g. 'three kings')"),
    ("more cracks than the table plays", "called-ace", {},
     {"picker": "Cat", "partners": "Dan", "points": "61", "cracks": "3"}, "cracks",
     "Cracks must be 0 to 2 here"),
    ("a kind the table doesn't play", "called-ace", {}, {"kind": "no-pick"}, "kind",
     "This table plays a leaster when nobody picks"),
    ("four seats ticked at a five-handed table", "called-ace", {},
     {"picker": "Bob", "partners": "Cat", "points": "61",
      "seated": ["Bob", "Cat", "Dan", "Eve"]}, "seated",
     "Exactly 5 players play each hand, not 4"),
]


def stored(app: Flask) -> list[Hand]:
    with app.app_context():
        return [codec.decode(row.data) for row in
                db.session.scalars(db.select(HandRow).order_by(HandRow.position))]


def part_of_form(page: str, field: str) -> str:
    """The part of the form that holds ``field``'s box: its section (one
    ``data-kinds`` block, or the dealer's details) up to the next one."""
    at = page.index(f'name="{field}"')
    start = max(page.rfind("data-kinds=", 0, at), page.rfind("<details", 0, at))
    start = at if start == -1 else start  # the kind of hand: before every section
    ends = [i for i in (page.find("data-kinds=", at), page.find('class="save-bar"', at))
            if i != -1]
    return page[start:min(ends)]


def said_next_to(page: str, field: str, message: str) -> bool:
    part = html.unescape(re.sub(r"</?bdi>", "", part_of_form(page, field)))
    return re.search(FIELD_ERROR + re.escape(message), part) is not None


def shows_chosen(page: str, data: dict[str, Any]) -> list[str]:
    """The choices sent that the refused form doesn't show chosen again."""
    missing = []
    for name in ("picker", "partners", "tricks", "alone", "forced", "no_trick_pickers",
                 "winner", "second_winner", "losers", "count_side"):
        values = data.get(name, [])
        for value in values if isinstance(values, list) else [values]:
            if not re.search(f'name="{name}" value="{re.escape(value)}" [^>]*checked', page):
                missing.append(f"{name}={value}")
    return missing


@pytest.mark.parametrize(("case", "preset", "options", "entries", "field", "message"),
                         CONTRADICTIONS, ids=[c[0] for c in CONTRADICTIONS])
def test_a_hand_that_contradicts_itself_is_refused_next_to_its_field_and_never_stored(
        app: Flask, client: FlaskClient, case: str, preset: str, options: dict[str, str],
        entries: dict[str, Any], field: str, message: str) -> None:
    six = field == "seated"
    table_id = start_table(client, preset,
                           SIX if six else ["Ann", "Bob", "Cat", "Dan"]
                           if preset == "sheephead-4" else None, **options)
    data = {**BASE, **entries}
    saved = client.post(f"/t/{table_id}/hand/new", data=data)
    page = saved.get_data(as_text=True)
    assert saved.status_code == 400, case
    assert said_next_to(page, field, message), (case, words(saved)[-3000:])
    # once where it belongs, and once in the summary at the top, its link to the field
    assert html.unescape(without_summary(words(saved))).count(message) == 1
    assert html.unescape(summary_of(words(saved))).count(message) == 1
    assert "Not saved: fix what is marked above" in page
    assert shows_chosen(page, data) == []
    assert stored(app) == []
    preview = client.post(f"/t/{table_id}/hand/preview", data=data)
    assert f"Not complete yet: {message}" in html.unescape(words(preview))


def test_a_flag_the_table_doesnt_play_is_refused_at_the_top(app: Flask,
                                                            client: FlaskClient) -> None:
    table_id = start_table(client)
    page = client.post(f"/t/{table_id}/hand/new", data={
        **BASE, "picker": "Cat", "partners": "Dan", "points": "61", "blitzes": "1"})
    assert page.status_code == 400
    assert re.search(r'<p class="error" id="[^"]+">This table doesn&#39;t play blitzes</p>',
                     without_summary(page.get_data(as_text=True)))
    assert stored(app) == []


@pytest.mark.parametrize(("preset", "entries", "kept"), [
    # no trick with ten points buried is a hand of its own, not "some tricks"
    ("called-ace", {"picker": "Cat", "partners": "Dan", "tricks": "none", "points": "10"},
     {"tricks": Tricks.NONE, "points": 10}),
    ("called-ace", {"picker": "Cat", "partners": "Dan", "tricks": "all", "points": "120"},
     {"tricks": Tricks.ALL, "points": 120}),
    ("called-ace", {"picker": "Cat", "alone": "y", "points": "91"},
     {"alone": True, "partners": ()}),
    # the engine's own choices: the picker of a side that took no trick took none
    ("sheephead-4", {"picker": "Ann", "partners": "Cat", "tricks": "none", "points": "0"},
     {"no_trick_pickers": ("Ann",)}),
])
def test_a_hand_that_agrees_with_itself_is_stored_as_the_preview_paid_it(
        app: Flask, client: FlaskClient, preset: str, entries: dict[str, Any],
        kept: dict[str, Any]) -> None:
    table_id = start_table(client, preset,
                           ["Ann", "Bob", "Cat", "Dan"] if preset == "sheephead-4" else None)
    data = {**BASE, **entries}
    preview = words(client.post(f"/t/{table_id}/hand/preview", data=data))
    paid = dict(re.findall(r"<span>(\w+)</span> <strong[^>]*>([^<]+)</strong>", preview))
    assert paid and "Not complete" not in preview
    saved = client.post(f"/t/{table_id}/hand/new", data=data)
    assert saved.status_code == 302
    [hand] = stored(app)
    assert {name: getattr(hand, name) for name in kept} == kept
    ledger = words(client.get(f"/t/{table_id}/hand/new"))
    for name, amount in paid.items():
        if amount != "0":
            assert f"{name} {amount}" in ledger  # "Hand 1 saved: … Cat +4, …"


def test_the_engine_s_own_choices_come_back_for_the_form_to_show(
        client: FlaskClient) -> None:
    """Six-handed: the player on the picker's right is always a partner; the
    preview names him for the form to tick, so it shows the hand that is paid."""
    table_id = start_table(client, "six-handed", SIX)
    preview = client.post(f"/t/{table_id}/hand/preview", data={
        **BASE, "picker": "Cat", "partners": "Eve", "points": "70"})
    filled = re.search(r'data-filled="([^"]+)"', preview.get_data(as_text=True))
    assert filled is not None
    assert html.unescape(filled.group(1)) == '{"partners": ["Eve", "Bob"]}'
