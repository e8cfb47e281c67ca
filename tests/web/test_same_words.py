"""Every page says a hand in the engine's words: the ledger, the share page,
the big screen, the summary and the API show the same line and the same
badges (rules.words) for every kind of hand and every flag."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.web.api_helpers import ApiTable, api_table

FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]

#: (preset, options, hands): between them every kind and every badge.
NIGHTS: list[tuple[str, dict[str, Any], list[dict[str, Any]]]] = [
    ("imsa", {}, [
        {"picker": "Ann", "partners": ["Cat"], "points": 75, "cracks": 2},
        {"picker": "Bob", "alone": True, "points": 0, "tricks": "none"},
        {"kind": "no-pick"},
        {"picker": "Cat", "partners": ["Dan"], "points": 95, "blitzes": 1,
         "declared_doubler": True},
        {"kind": "misdeal"},
        {"kind": "renege", "offender": "Eve"},
        {"kind": "void"},
        {"picker": "Dan", "partners": ["Ann"], "points": 61, "cracks": 3},
    ]),
    ("called-ace", {}, [
        {"kind": "leaster", "winner": "Bob"},
        {"kind": "called-ace-buried", "picker": "Cat"},
        {"picker": "Dan", "partners": ["Eve"], "points": 120, "tricks": "all"},
        {"picker": "Eve", "alone": True, "points": 91},
    ]),
    ("called-ace", {"called_ace_buried": "redeal"}, [
        {"kind": "called-ace-buried", "picker": "Ann"},
    ]),
    ("three-handed", {}, [
        {"picker": "Ann", "points": 75},
    ]),
    ("called-ace", {"nobody_picks": "schwanzer", "steal_blind": True,
                    "last_round_doubled": True, "makes_doubler": ["schwanzer"]}, [
        {"kind": "schwanzer", "losers": ["Ann"]},
        {"picker": "Bob", "stolen_from": "Cat", "points": 70},
        {"picker": "Dan", "partners": ["Eve"], "points": 65, "last_round": True},
        {"kind": "adjustment", "payouts": {"Ann": -3, "Bob": 3}, "note": "three kings"},
    ]),
]

BADGE = re.compile(r'<span class="badge[^"]*"[^>]*>([^<]+)</span>')


def _badges(html: str) -> list[str]:
    return BADGE.findall(html)


def _part(html: str, start: str, end: str) -> str:
    assert start in html, start
    return html.split(start, 1)[1].split(end, 1)[0]


def _plain(html: str) -> str:
    return re.sub(r"</?bdi>", "", html)


def _night(client: FlaskClient, preset: str, options: dict[str, Any],
           hands: list[dict[str, Any]]) -> tuple[ApiTable, list[dict[str, Any]]]:
    players = FIVE[:3] if preset == "three-handed" else FIVE
    table = api_table(client, preset, players=players, options=options)
    results = []
    for body in hands:
        answer = table.add(body)
        assert answer.status_code == 201, (body, answer.get_json())
        result = answer.get_json()
        results.append(result)
        # the share page and the big screen show the latest hand first
        for path in (f"/s/{table.view_token}", f"/s/{table.view_token}/tv"):
            page = _plain(client.get(path).get_data(as_text=True))
            item = _part(page, f'id="recent-{result["number"]}"', "</li>")
            assert result["said"] in item, (path, result["said"])
            assert _badges(item) == result["badges"], (path, result["number"])
    return table, results


@pytest.mark.parametrize(("preset", "options", "hands"), NIGHTS,
                         ids=[f"{p}-{i}" for i, (p, _, _) in enumerate(NIGHTS)])
def test_every_page_says_each_hand_in_the_engines_words(
        client: FlaskClient, preset: str, options: dict[str, Any],
        hands: list[dict[str, Any]]) -> None:
    table, results = _night(client, preset, options, hands)
    ledger = _plain(client.get(f"/s/{table.view_token}").get_data(as_text=True))
    assert ledger  # the share page opens
    closed = table.send("POST", "/close", {})
    assert closed.status_code == 200, closed.get_json()
    summary = _plain(client.get(f"/s/{table.view_token}/summary").get_data(as_text=True))
    assert "which-hand" in summary or not any(r["payouts"][p] for r in results
                                               for p in r["payouts"])
    for result in results:
        shown = table.get(f"/hands/{result['number']}").get_json()
        assert (shown["said"], shown["badges"]) == (result["said"], result["badges"])
        for found in re.finditer(rf'data-hand="{result["number"]}">(.*?)</small>', summary):
            assert result["said"] in found.group(1)
            assert _badges(found.group(1)) == result["badges"]


def test_the_ledger_shows_the_apis_words_for_every_hand(client: FlaskClient) -> None:
    start = client.post("/", data={"name": "Friday", "players": FIVE, "preset": "imsa",
                                   "stake_cents": "25"})
    table_id = int(start.headers["Location"].split("/")[2])
    for body in NIGHTS[0][2]:
        data = {"kind": "picked", "tricks": "some", "count_side": "picking", "cracks": "0",
                "blitzes": "0", **{k: v for k, v in body.items() if v is not True},
                **{k: "y" for k, v in body.items() if v is True}}
        assert client.post(f"/t/{table_id}/hand/new", data=data).status_code == 302, body
    ledger = _plain(client.get(f"/t/{table_id}").get_data(as_text=True))
    fresh = api_table(client, "imsa", players=FIVE)
    for number, body in enumerate(NIGHTS[0][2], start=1):
        result = fresh.add(body).get_json()
        part = _part(ledger, f'id="hand-{number}"', "</tbody>")
        assert result["said"] in part
        assert _badges(_part(part, "<summary>", "</summary>")) == result["badges"]


def test_the_badges_name_what_each_crack_and_flag_made(client: FlaskClient) -> None:
    _, results = _night(client, *NIGHTS[0])
    said = {r["number"]: r["badges"] for r in results}
    assert said[1] == ["×4: re-crack"]
    assert said[2][0].startswith("×") and "alone" in said[2][0] and "no trick" in said[2][0]
    assert said[3] == ["throw-in"]
    assert "×16: doubled, declared doubler, blitz, schneider" in said[4]
    assert any(b.startswith("doubled by 3") for b in said[4])
    assert said[5] == ["misdeal"] and said[7] == ["void"]
    assert "penalty" in said[6]
    assert any(b.startswith("×") and "triple crack" in b for b in said[8]), said[8]


def test_a_table_without_partners_never_says_alone(client: FlaskClient) -> None:
    _, results = _night(client, *NIGHTS[3])
    assert results[0]["said"] == "Ann, 75 points" and "alone" not in results[0]["badges"]


def test_a_redealt_buried_ace_says_redeal(client: FlaskClient) -> None:
    _, results = _night(client, *NIGHTS[2])
    assert results[0]["badges"] == ["redeal"]


@pytest.mark.parametrize(("options", "option"), [
    ({"opt-jd_in_pickers_hand": "call-up-jh"}, "jd_in_pickers_hand"),
    ({"opt-max_cracks": "9"}, "max_cracks"),
])
def test_a_refused_house_rule_is_said_next_to_the_option_the_engine_names(
        client: FlaskClient, options: dict[str, str], option: str) -> None:
    page = client.post("/", data={"name": "Friday", "players": FIVE, "preset": "called-ace",
                                  "stake_cents": "25", **options})
    assert page.status_code == 400
    row = page.get_data(as_text=True).split(f'name="opt-{option}', 1)[1].split('name="opt-')[0]
    assert 'class="field-error"' in row and option in row
