"""The published prize plans a director picks by name, each through a whole
day (ten players, one withdrawn after session 1, a walk-in from session 2,
a penalty, ties on total shared), checked to the cent against the test's
own reading of the plan's published words: VfB Mantel's (1st 150, 2nd 100,
3rd 70; the lowest total a keg of beer and a sausage) through the API, and
the Lerau fire brigade's (1st 150, 2nd 75, 3rd a deer; the lowest a case
of beer) through the event form.  Kohler Falls has its own day
(tests/web/test_kohler_falls.py)."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from tests.web.test_prize_plans import ENTRY, Day, _day, _groups, _new_event

#: Each published plan in its own words: money by place, goods by place, the lowest's goods.
MANTEL = ({1: 150_00, 2: 100_00, 3: 70_00}, {}, "a 5-litre keg of beer and a sausage")
LERAU = ({1: 150_00, 2: 75_00}, {3: "a deer"}, "a case of beer and a snack")


def _published(day: Day, words: tuple[dict[int, int], dict[int, str], str]
               ) -> list[tuple[str, list[int], int, str]]:
    """Places paid in money (tied players split what their places pay, each
    rounded down to a dollar, the rest the house's) or in goods (tied
    players share them); the lowest total of those who placed nowhere gets
    the consolation's goods; everyone may win."""
    money, goods, lowest = words
    totals, everyone = day.totals(), set(day.entrants)
    won, placed, position = [], set(), 1
    for group in _groups(totals, everyone):
        places = range(position, position + len(group))
        cents = sum(money.get(p, 0) for p in places)
        given = " + ".join(goods[p] for p in places if p in goods)
        if cents or given:
            label = f"{position}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(position, 'th') }"
            won.append((label + (" (tie)" if len(group) > 1 else ""), sorted(group),
                        cents // (100 * len(group)) * 100, given))
            placed.update(group)
        position += len(group)
    last = _groups(totals, everyone - placed)[-1]
    won.append(("Consolation" + (" (tie)" if len(last) > 1 else ""), sorted(last), 0, lowest))
    return won


def _tie(day: Day, place: int) -> None:
    """A penalty that brings the player at ``place`` down level with the
    one after him (the prize places then shared)."""
    totals = day.totals()
    ordered = sorted(day.entrants, key=lambda n: (-totals[n], n))
    ahead, behind = ordered[place - 1], ordered[place]
    points = totals[ahead] - totals[behind]
    if points:
        day.post("/penalties", {"number": ahead, "session": max(day.points[ahead]),
                                "points": points,
                                "reason": "Reneged"}, status=201)
        day.fined[ahead] = day.fined.get(ahead, 0) + points


def _paid(standings: dict[str, Any]) -> list[tuple[str, list[int], int, str]]:
    return [(z["label"], z["numbers"], z["each_cents"], z.get("goods", ""))
            for z in standings["prizes"]]


def _house(day: Day, words: tuple[dict[int, int], dict[int, str], str],
           won: list[tuple[str, list[int], int, str]]) -> int:
    """The entries less the money paid (a negative house adds the rest)."""
    return len(day.entrants) * ENTRY - sum(each * len(n) for _, n, each, _ in won)


def test_vfb_mantel_pays_its_fixed_prizes_and_gives_its_keg(client: FlaskClient) -> None:
    day = _day(client, _new_event(client, "vfb_mantel"))
    _tie(day, 1)  # 1st and 2nd share $250
    expected = _published(day, MANTEL)
    assert expected[0][0] == "1st (tie)" and expected[0][2] == 125_00
    day.post("/finish")
    standings = day.standings()
    assert _paid(standings) == expected
    assert standings["house_cents"] + standings["rounding_cents"] == _house(day, MANTEL,
                                                                            expected)
    assert standings["house_cents"] == len(day.entrants) * ENTRY - 320_00 \
        - standings["rounding_cents"]
    board = client.get(f"/e/s/{day.made['view_token']}").get_data(as_text=True)
    assert "a 5-litre keg of beer and a sausage" in board


def test_lerau_through_the_event_form_gives_its_deer_and_pays_to_the_cent(
        client: FlaskClient) -> None:
    answer = client.post("/e/new", data={
        "name": "Lerau Preisschafkopf", "preset": "called-ace", "played_on": "2026-11-14",
        "sessions": "2", "length": "rounds", "rounds": "1", "entry": "20",
        "prize_plan": "lerau", "places": "30, 15, 10, 10, 10", "session_high": "5",
        "share": "90", "odd": "byes", "ties": "total"})
    assert answer.status_code == 302, answer.get_data(as_text=True)
    with client.session_transaction() as cookie:
        ((event_id, token),) = cookie["events"].items()
    shown = client.get(f"/api/v1/events/{event_id}",
                       headers={"Authorization": f"Bearer {token}"}).get_json()
    assert shown["prize_plan"]["prizes"][2] == {"kind": "place", "place": 3,
                                                "goods": "a deer"}
    board_link = re.search(r"/e/s/([A-Za-z0-9_-]+)", client.get(f"/e/{event_id}").text)
    assert board_link is not None
    made = {"id": int(event_id), "director_token": token, "view_token": board_link[1]}
    day = _day(client, made)
    _tie(day, 2)  # 2nd and 3rd share $75 (each $37, a dollar's rounding) and the deer
    expected = _published(day, LERAU)
    assert expected[1][0] == "2nd (tie)" and expected[1][2:] == (37_00, "a deer")
    board = client.get(f"/e/s/{made['view_token']}").get_data(as_text=True)
    assert "a deer" in board and "in kind" in board  # before the finish: the plan
    day.post("/finish")
    standings = day.standings()
    assert _paid(standings) == expected
    assert standings["house_cents"] + standings["rounding_cents"] == _house(day, LERAU,
                                                                            expected)
