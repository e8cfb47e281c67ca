"""A whole night driven through the JSON API equals the same night entered
through the scorekeeper's pages: every hand (payouts, dealer, seats,
doublers) and the standings and settlement, after every single step.

Each step is applied to two tables: one through ``/api/v1``, one through the
hand form (``/t/<id>/hand/new``), the edit and insert confirmations
(``/t/<id>/hand/confirm``) and the delete button.
"""

from __future__ import annotations

import html
import json
import re
from itertools import count
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.fixtures_app import start_table
from tests.web.api_helpers import ApiTable, api_table

Step = tuple[Any, ...]
_submissions = count()

FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]
SIX = [*FIVE, "Fay"]
FOUR = ["Ann", "Bob", "Cat", "Dan"]

# imsa: no-pick doubles the next hand, misdeals too, renege costs 8 to each.
IMSA_NIGHT: list[Step] = [
    ("add", {"picker": "Ann", "partners": ["Cat"], "points": 75}),
    ("add", {"kind": "no-pick"}),
    ("add", {"picker": "Bob", "partners": [], "alone": True, "points": 91, "cracks": 1}),
    ("add", {"kind": "misdeal"}),
    ("add", {"kind": "renege", "offender": "Dan"}),
    ("add", {"picker": "Eve", "partners": ["Ann"], "points": 45, "blitzes": 1,
             "declared_doubler": True}),
    ("add", {"kind": "void"}),
    ("add", {"picker": "Cat", "partners": ["Dan"], "points": 120, "tricks": "all"}),
    ("add", {"kind": "no-pick"}),
    ("add", {"picker": "Dan", "partners": ["Bob"], "points": 30, "cracks": 3}),
    ("edit", 3, {"picker": "Bob", "partners": ["Eve"], "points": 55}),
    ("insert", 5, {"kind": "no-pick"}),
    ("delete", 2),
    ("edit", 1, {"kind": "no-pick"}),
    ("add", {"picker": "Eve", "partners": ["Cat"], "points": 0, "tricks": "none"}),
    ("delete", 9),
]

# called-ace, six players: the dealer sits out; leasters when all pass.
CALLED_ACE_NIGHT: list[Step] = [
    ("add", {"picker": "Bob", "partners": ["Cat"], "points": 75}),
    ("add", {"kind": "leaster", "winner": "Dan"}),
    ("add", {"picker": "Dan", "partners": [], "alone": True, "points": 95, "cracks": 2}),
    ("add", {"kind": "called-ace-buried", "picker": "Eve"}),
    ("add", {"kind": "renege", "offender": "Fay", "picker": "Ann", "partners": ["Bob"]}),
    ("add", {"kind": "misdeal"}),
    ("add", {"picker": "Bob", "partners": ["Fay"], "points": 60}),
    ("add", {"kind": "leaster", "winner": "Bob", "dealer": "Cat",
             "seated": ["Ann", "Bob", "Dan", "Eve", "Fay"]}),
    ("edit", 2, {"kind": "leaster", "winner": "Eve"}),
    ("insert", 1, {"picker": "Fay", "partners": ["Eve"], "points": 31}),
    ("delete", 7),
    ("add", {"picker": "Cat", "partners": ["Bob"], "points": 88, "dealer": "Ann"}),
]

# sheephead-4: hands and rounds of doubles, stealing the blind, no-trick picks.
SHEEPHEAD_4_NIGHT: list[Step] = [
    ("add", {"picker": "Ann", "partners": ["Cat"], "points": 95}),
    ("add", {"kind": "no-pick"}),
    ("add", {"picker": "Bob", "partners": [], "alone": True, "points": 70}),
    ("add", {"picker": "Cat", "partners": ["Dan"], "points": 60}),
    ("add", {"picker": "Dan", "stolen_from": "Ann", "partners": [], "points": 80,
             "no_trick_pickers": ["Ann"]}),
    ("add", {"kind": "no-pick", "king_of_diamonds_cut": True}),
    ("add", {"picker": "Ann", "partners": ["Bob"], "points": 70, "no_trick_pickers": ["Ann"]}),
    ("add", {"kind": "renege", "offender": "Cat", "picker": "Bob", "partners": ["Dan"]}),
    ("add", {"picker": "Cat", "partners": ["Ann"], "points": 0, "tricks": "none",
             "no_trick_pickers": ["Cat"]}),
    ("edit", 4, {"picker": "Cat", "partners": ["Dan"], "points": 61}),
    ("insert", 2, {"kind": "misdeal"}),
    ("insert", 2, {"picker": "Bob", "partners": ["Ann"], "points": 100,
                   "king_of_diamonds_cut": True}),
    ("delete", 1),
]

NIGHTS = [("imsa", FIVE, IMSA_NIGHT), ("called-ace", SIX, CALLED_ACE_NIGHT),
          ("sheephead-4", FOUR, SHEEPHEAD_4_NIGHT)]


# --- the pages, as a phone would post them -----------------------------------

def form_fields(hand: dict[str, Any]) -> dict[str, Any]:
    """The hand form's fields (templates/hands/form.html) for an API hand body."""
    data: dict[str, Any] = {"kind": hand.get("kind", "picked"), "count_side": "picking",
                            "tricks": hand.get("tricks", "some"),
                            "cracks": str(hand.get("cracks", 0)),
                            "blitzes": str(hand.get("blitzes", 0)),
                            "submission": f"night-{next(_submissions)}"}
    for key in ("picker", "winner", "offender", "dealer", "stolen_from"):
        if hand.get(key):
            data[key] = hand[key]
    for key in ("partners", "no_trick_pickers", "seated"):
        if hand.get(key):
            data[key] = list(hand[key])
    for key in ("alone", "declared_doubler", "forced", "king_of_diamonds_cut"):
        if hand.get(key):
            data[key] = "y"
    if hand.get("points") is not None:
        data["points"] = str(hand["points"])
    return data


def confirm(client: FlaskClient, table_id: int, page: Any) -> None:
    """Press Save on a confirmation page (the hand travels in its hidden fields)."""
    text = page.get_data(as_text=True)
    assert page.status_code == 200, text

    def hidden(name: str) -> str:
        match = re.search(rf'name="{name}" value="([^"]*)"', text)
        assert match, f"no {name} on the confirmation page"
        return html.unescape(match.group(1))

    json.loads(hidden("hand_json"))
    response = client.post(f"/t/{table_id}/hand/confirm", data={
        name: hidden(name) for name in ("mode", "hand_id", "version", "hand_json")})
    assert response.status_code == 302


def through_pages(client: FlaskClient, table: ApiTable, step: Step) -> None:
    """The step on the pages, which name a hand by its id (read from the API)."""
    action, *args = step
    table_id = table.id
    ids = [h["id"] for h in table.get("/hands").get_json()]
    if action != "add":
        args[0] = ids[args[0] - 1]
    base = f"/t/{table_id}/hand"
    if action == "add":
        response = client.post(f"{base}/new", data=form_fields(args[0]))
        assert response.status_code == 302, response.get_data(as_text=True)
    elif action == "insert":
        confirm(client, table_id, client.post(f"{base}/new?before={args[0]}",
                                              data=form_fields(args[1])))
    elif action == "edit":
        confirm(client, table_id, client.post(f"{base}/{args[0]}/edit",
                                              data=form_fields(args[1])))
    else:
        assert client.post(f"{base}/{args[0]}/delete").status_code == 302


def through_api(table: ApiTable, step: Step) -> None:
    action, *args = step
    if action == "add":
        response = table.add(args[0])
    elif action == "insert":
        response = table.add(args[1], before=args[0])
    elif action == "edit":
        response = table.send("PUT", f"/hands/{args[0]}", args[1])
    else:
        response = table.send("DELETE", f"/hands/{args[0]}")
    assert response.status_code in (200, 201, 204), response.get_json()


def view(table: ApiTable, token: str) -> tuple[Any, ...]:
    """What both tables must agree on (hand ids differ between two tables)."""
    hands, standings, settlement = (table.get(path, token=token).get_json()
                                    for path in ("/hands", "/standings", "/settlement"))
    return [{k: v for k, v in h.items() if k != "id"} for h in hands], standings, settlement


@pytest.mark.parametrize(("preset", "players", "steps"), NIGHTS,
                         ids=[night[0] for night in NIGHTS])
def test_a_night_through_the_api_equals_the_same_night_through_the_pages(
        client: FlaskClient, preset: str, players: list[str], steps: list[Step]) -> None:
    by_api = api_table(client, preset=preset, players=players)
    page_id = start_table(client, preset=preset, players=players)
    with client.session_transaction() as session:
        page_token = session["editors"][str(page_id)]
    by_pages = ApiTable(client, {"id": page_id, "edit_token": page_token,
                                 "view_token": ""})
    for number, step in enumerate(steps, start=1):
        through_api(by_api, step)
        through_pages(client, by_pages, step)
        api_view, page_view = view(by_api, by_api.edit_token), view(by_pages, page_token)
        assert api_view == page_view, f"after step {number}: {step}"
    hands, standings, _ = view(by_api, by_api.edit_token)
    kinds = {h["kind"] for h in hands}
    assert len(hands) >= 8 and len(kinds) >= 4
    assert standings["hands"] == len(hands)
    if "no-pick" in kinds:
        assert any(h["doubled"] for h in hands)
    assert any(p != 0 for p in standings["balances"].values())
    for hand in hands:
        assert set(hand["payouts"]) == set(players) and sum(hand["payouts"].values()) == 0
