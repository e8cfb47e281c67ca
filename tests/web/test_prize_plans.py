"""Prize plans through the API and the event form, paid to the cent.

Two sessions, ten players checked in, one withdrawn after session 1 and a
walk-in from session 2, a penalty, paper tickets whose totals go by seat,
ties on total shared (the tie rule "total only").  The prizes each plan
pays are worked out here from the plan's published words, not by the
app's engine: the cup ("1st a fixed $150 and the lowest total $10; what
is left goes to 2nd to 6th in shares of 5, 4, 3, 2 and 1; whole dollars,
what rounding leaves carried to the next prize; a withdrawn player wins
nothing") and the club final ("1st 50%, 2nd 30%, 3rd 20%, to the cent,
what rounding leaves added to 1st; only players there from session 1 and
not withdrawn win").  A plan mistyped is mended before the finish, with
the before and after in the history.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.db.models import AuditEntry, db
from tests.fixtures_app import words

API = "/api/v1"
ENTRY = 20_00
NAMES = ["Ann", "Bob", "Cal", "Dot", "Ed", "Fran", "Gus", "Hal", "Ida", "Jake"]
WALK_IN = "Kay"
#: Each session's ticket, by seat: the totals of a table of five.
BY_SEAT = {1: (30, 10, 10, -20, -30), 2: (25, 5, 0, -10, -20)}


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class Day:
    client: FlaskClient
    made: dict[str, Any]
    points: dict[int, dict[int, int]] = field(default_factory=dict)
    fined: dict[int, int] = field(default_factory=dict)
    withdrawn: set[int] = field(default_factory=set)
    walk_ins: set[int] = field(default_factory=set)
    entrants: set[int] = field(default_factory=set)

    @property
    def base(self) -> str:
        return f"{API}/events/{self.made['id']}"

    def post(self, path: str, body: dict[str, Any] | None = None, status: int = 200) -> Any:
        answer = self.client.post(self.base + path, json=body,
                                  headers=_auth(self.made["director_token"]))
        assert answer.status_code == status, (path, answer.get_json())
        return answer.get_json()

    def standings(self) -> dict[str, Any]:
        answer = self.client.get(f"{self.base}/standings",
                                 headers=_auth(self.made["view_token"]))
        assert answer.status_code == 200
        found: dict[str, Any] = answer.get_json()
        return found

    def play(self, session: int, seed: int) -> None:
        for table in self.post(f"/sessions/{session}/draw", {"seed": seed})["tables"]:
            assert len(table["numbers"]) == 5
            totals = dict(zip(table["players"], BY_SEAT[session], strict=True))
            self.post(f"/sessions/{session}/tables/{table['number']}/ticket",
                      {"totals": totals}, status=201)
            for number, p in zip(table["numbers"], BY_SEAT[session], strict=True):
                self.points.setdefault(number, {})[session] = p

    def totals(self) -> dict[int, int]:
        return {n: sum(self.points.get(n, {}).values()) - self.fined.get(n, 0)
                for n in self.entrants}


def _day(client: FlaskClient, made: dict[str, Any]) -> Day:
    """The day up to the finish: ten checked in, session 1, a withdrawal,
    a walk-in, session 2 and a penalty."""
    day = Day(client, made)
    listed = day.post("/players", {"checked_in": True,
                                   "players": [{"name": n} for n in NAMES]}, status=201)
    day.entrants.update(p["number"] for p in listed["players"])
    day.play(1, seed=3)
    gone = max(day.points, key=lambda n: day.points[n][1])  # session 1's best leaves
    day.post(f"/players/{gone}/withdraw", {"after": 1})
    day.withdrawn.add(gone)
    walk_in = day.post("/players", {"name": WALK_IN, "checked_in": True, "from_session": 2},
                       status=201)["players"][0]["number"]
    day.walk_ins.add(walk_in)
    day.entrants.add(walk_in)
    day.play(2, seed=4)
    fined = min(n for n in day.points if 2 in day.points[n])
    day.post("/penalties", {"number": fined, "session": 2, "points": 5,
                            "reason": "Slow play"}, status=201)
    day.fined[fined] = 5
    return day


def _groups(totals: dict[int, int], who: set[int]) -> list[list[int]]:
    """``who`` best total first, players level on total together."""
    ordered = sorted(who, key=lambda n: (-totals[n], n))
    return [list(g) for _, g in itertools.groupby(ordered, key=lambda n: totals[n])]


def _cup(day: Day) -> list[tuple[str, list[int], int]]:
    """The cup's words: 1st $150 and the lowest $10 fixed; the rest of the
    whole pot in 15 shares (whole cents, the cents the fractions add up to
    to the largest fractions) to 2nd to 6th; tied players split the places
    they cover; whole dollars each, the rounding carried on; the withdrawn
    win nothing."""
    pot, totals = len(day.entrants) * ENTRY, day.totals()
    rest = pot - 150_00 - 10_00
    exact = [Fraction(rest * w, 15) for w in (5, 4, 3, 2, 1)]
    shares = [int(x) for x in exact]
    for k in sorted(range(5), key=lambda k: (-(exact[k] - shares[k]), k))[:rest - sum(shares)]:
        shares[k] += 1
    worth = {1: 150_00, **{place: c for place, c in zip(range(2, 7), shares, strict=True)}}
    eligible = day.entrants - day.withdrawn
    won, placed, position, carry = [], set(), 1, 0

    def paying(label: str, numbers: list[int], cents: int) -> None:
        nonlocal carry
        cents += carry
        each = cents // (100 * len(numbers)) * 100
        carry = cents - each * len(numbers)
        won.append((label + (" (tie)" if len(numbers) > 1 else ""), sorted(numbers), each))

    for group in _groups(totals, eligible):
        covered = [worth[p] for p in range(position, position + len(group)) if p in worth]
        if covered:
            paying(f"{position}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(position, 'th') }", group,
                   sum(covered))
            placed.update(group)
        position += len(group)
    last = _groups(totals, eligible - placed)[-1]
    paying("Consolation", last, 10_00)
    return won


def _club_final(day: Day) -> list[tuple[str, list[int], int]]:
    """50/30/20 % of the whole pot to the cent (a tie's share: the places'
    percents added, then split); what the split leaves goes to 1st; the
    withdrawn and the walk-ins win nothing."""
    pot, totals = len(day.entrants) * ENTRY, day.totals()
    percent = {1: 50, 2: 30, 3: 20}
    eligible = day.entrants - day.withdrawn - day.walk_ins
    won: list[tuple[str, list[int], Fraction]] = []
    position = 1
    for group in _groups(totals, eligible):
        covered = [percent[p] for p in range(position, position + len(group)) if p in percent]
        if covered:
            label = f"{position}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(position, 'th') }"
            won.append((label + (" (tie)" if len(group) > 1 else ""), sorted(group),
                        Fraction(pot * sum(covered), 100)))
        position += len(group)
    left = sum(c - int(c / len(n)) * len(n) for _, n, c in won[1:])
    label, numbers, cents = won[0]
    won[0] = (label, numbers, cents + left)
    return [(label, numbers, int(cents / len(numbers))) for label, numbers, cents in won]


def _prizes(standings: dict[str, Any]) -> list[tuple[str, list[int], int]]:
    return [(z["label"], z["numbers"], z["each_cents"]) for z in standings["prizes"]]


def _new_event(client: FlaskClient, prize_plan: object) -> dict[str, Any]:
    made = client.post(f"{API}/events", json={
        "name": "Parish Cup", "preset": "called-ace", "sessions": 2, "rounds": 1,
        "entry_cents": ENTRY, "tie_breaks": ["total"], "prize_plan": prize_plan})
    assert made.status_code == 201, made.get_json()
    found: dict[str, Any] = made.get_json()
    return found


def test_the_cup_pays_its_fixed_prizes_its_shares_and_its_consolation(
        client: FlaskClient) -> None:
    day = _day(client, _new_event(client, "cup"))
    standings = day.standings()
    assert standings["pot_cents"] == 11 * ENTRY
    assert _prizes(standings) == _cup(day)
    assert any("(tie)" in label for label, _, _ in _cup(day))  # the seats make ties
    assert not {n for _, numbers, _ in _cup(day) for n in numbers} & day.withdrawn
    gone = next(iter(day.withdrawn))  # keeps his points, and would have placed
    line = next(p for p in standings["players"] if p["number"] == gone)
    assert line["total"] == 30 and line["rank"] <= 6
    assert standings["house_cents"] == 0  # everything is paid out
    paid = sum(z["cents"] for z in standings["prizes"])
    assert paid + standings["rounding_cents"] == standings["pot_cents"]
    shown = client.get(f"{API}/events/{day.made['id']}",
                       headers=_auth(day.made["director_token"])).get_json()["prize_plan"]
    assert shown["prizes"][0] == {"kind": "place", "place": 1, "cents": 150_00}
    assert (shown["share"], shown["remainder"], shown["withdrawn_win"]) == (100, "next", False)


def test_the_club_final_pays_to_the_cent_and_only_those_there_from_the_start(
        client: FlaskClient) -> None:
    day = _day(client, _new_event(client, {
        "prizes": [{"kind": "place", "place": k, "percent": p}
                   for k, p in ((1, 50), (2, 30), (3, 20))],
        "share": 100, "rounding": "cent", "remainder": "first", "withdrawn_win": False,
        "walk_ins_win": False}))
    standings = day.standings()
    assert _prizes(standings) == _club_final(day)
    assert not {n for _, numbers, _ in _club_final(day) for n in numbers} & (
        day.withdrawn | day.walk_ins)
    paid = sum(z["cents"] for z in standings["prizes"])
    assert paid + standings["rounding_cents"] + standings["house_cents"] \
        == standings["pot_cents"]


def test_a_mistyped_plan_is_mended_before_the_finish_on_the_record(
        app: Flask, client: FlaskClient) -> None:
    made = _new_event(client, "club_final")
    day = _day(client, made)
    director = _auth(made["director_token"])
    changed = client.patch(day.base, headers=director, json={"prize_plan": "cup"})
    assert changed.status_code == 200, changed.get_json()
    said = changed.get_json()["changed"]
    assert said == [
        "Prizes: 1st $150.00 fixed; 2nd 5 shares of the rest; 3rd 4 shares of the rest; "
        "4th 3 shares of the rest; 5th 2 shares of the rest; 6th 1 share of the rest; "
        "Consolation $10.00 fixed; 100% paid out (was: 1st 50% of the pot; 2nd 30% of "
        "the pot; 3rd 20% of the pot; 100% paid out)"]
    assert _prizes(day.standings()) == _cup(day)
    again = client.patch(day.base, headers=director, json={"prize_plan": "cup"})
    assert again.status_code == 409 and "nothing to change" in again.get_json()["error"]
    with app.app_context():
        kept = [entry.summary for entry in db.session.scalars(select(AuditEntry))]
    assert said[0] in kept  # the history has the before and the after
    day.post("/finish")
    late = client.patch(day.base, headers=director, json={"prize_plan": "club_final"})
    assert late.status_code == 409


@pytest.mark.parametrize(("plan", "said"), [
    ("lottery", "prize_plan is a plan or one of: kohler_falls, vfb_mantel, lerau, cup, club_final"),
    ({"prizes": [{"kind": "place", "percent": 60}, {"kind": "session_high",
                                                    "percent": 20}], "share": 90},
     r"100% of the pot, more than the 90% paid out"),
    ({"prizes": [{"kind": "place", "cents": 100, "weight": 2}]}, "pays one way"),
    ({"prizes": [], "rounding": "nickel"}, "rounding must be one of: dollar, cent"),
])
def test_a_plan_that_cant_be_paid_is_refused_and_nothing_made(
        client: FlaskClient, plan: object, said: str) -> None:
    answer = client.post(f"{API}/events", json={
        "name": "Parish Cup", "preset": "called-ace", "sessions": 2, "rounds": 1,
        "entry_cents": ENTRY, "prize_plan": plan})
    assert answer.status_code in (400, 422), answer.get_json()
    assert re.search(said, answer.get_json()["error"]), answer.get_json()
    assert client.get(f"{API}/events/1", headers=_auth("x")).status_code in (401, 403, 404)


def test_a_session_high_counts_once_a_session_against_the_share() -> None:
    """70 % to 1st and 15 % to each of two sessions' highs is all of it."""
    from scorekeeper.services.events.plan import check_plan

    fits = check_plan("Cup", sessions=2, prize_plan={
        "prizes": [{"kind": "place", "percent": 70},
                   {"kind": "session_high", "percent": 15}], "share": 100})
    assert fits.prize_plan is not None and fits.share == 100


def test_the_event_form_starts_a_cup_and_the_board_shows_its_arithmetic(
        client: FlaskClient) -> None:
    page = client.get("/e/new")
    assert "A cup with a fixed first prize and a consolation prize" in page.text
    answer = client.post("/e/new", data={
        "name": "Parish Cup", "preset": "called-ace", "played_on": "2026-10-04",
        "sessions": "2", "length": "rounds", "rounds": "1", "entry": "20",
        "prize_plan": "cup", "places": "30, 15, 10, 10, 10", "session_high": "5",
        "share": "90", "odd": "byes", "ties": "total"}, follow_redirects=True)
    assert answer.status_code == 200, words(answer)
    assert "<title>Parish Cup · players" in answer.text
    found = re.search(r'(/e/s/[A-Za-z0-9_-]+)', answer.text)
    assert found, words(answer)
    board = client.get(found.group(1))
    assert board.status_code == 200
    assert "$150.00 fixed" in board.text and "shares of the rest" in board.text
    assert "Consolation" in board.text and "carried to the next prize" in board.text


def test_session_highs_after_penalties_take_the_sessions_penalties_off(
        client: FlaskClient) -> None:
    day = _day(client, _new_event(client, {
        "prizes": [{"kind": "session_high", "percent": 10}], "share": 100,
        "highs_after_penalties": True}))
    top = max(p[2] for p in day.points.values() if 2 in p)
    for number in [n for n, p in day.points.items() if p.get(2) == top]:
        day.post("/penalties", {"number": number, "session": 2, "points": 30,
                                "reason": "Renege"}, status=201)
        day.fined[number] = day.fined.get(number, 0) + 30
    after = {n: p[2] - day.fined.get(n, 0) for n, p in day.points.items() if 2 in p}
    best = max(after.values())
    highs = {h["session"]: h for h in day.standings()["session_high"]}
    assert highs[2]["numbers"] == sorted(n for n, p in after.items() if p == best)
    assert highs[2]["points"] == best < top
    assert highs[1]["numbers"] == sorted(  # session 1 had no penalty
        n for n, p in day.points.items() if p.get(1) == max(q.get(1, -99) for q in
                                                            day.points.values()))


def test_after_the_finish_the_board_opens_on_the_prizes_with_the_tie_notes_folded(
        client: FlaskClient) -> None:
    day = _day(client, _new_event(client, "cup"))
    link = day.made["view_url"].split("://", 1)[-1].split("/", 1)[1]
    before = client.get(f"/{link}").text
    assert before.index('id="standings-panel"') < before.index('id="prizes"')
    day.post("/finish")
    after = client.get(f"/{link}").text
    assert after.index('id="prizes"') < after.index('id="standings-panel"')
    folded = re.search(r'<details class="tie-notes-fold" id="ties-fold"><summary>(.*?)'
                       r'</summary>\s*<ul class="tie-notes muted" id="tie-notes">', after, re.S)
    assert folded and folded.group(1).startswith("How the ties on total were settled")
    assert after.index('id="standings"') < after.index('id="ties-fold"')
