"""The Kohler Falls festival through the JSON API, and its prizes to the cent.

Three sessions of four rounds of the deal, $25 entry, places 30/15/10/10/10 %
and 5 % for each session's high, 90 % paid out: sixteen players pasted and
checked in (and one registered who never came), a walk-in from session 2
and a withdrawal after session 1, three draws, one table scored hand by
hand by its own phone (a void among them), the others from their paper
tickets, a penalty given and withdrawn and one kept, Finish, the writes it
refuses, Reopen, a change and Finish again.

The payout the director signs is worked out here from the plan's words, not
from the app's engine: the pot is every entrant's $25 (the checked-in
players, the walk-in and the withdrawn one among them); each place pays its
percent of the pot and each session high its 5 %, every winner's share
rounded down to whole dollars; players tied on every tie-break split the
places they cover; what rounding leaves is a line of its own and the house
keeps the rest.  The scores are arranged so that two players tie for a paid
place and two share a session high, once with the default tie-breaks (the
tie falls to the first draw's table, then seat, never the player number)
and once without the draw among them (the tied players split the prize).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.policy.acl import FINISHED_WORDS

API = "/api/v1"
ENTRY_CENTS = 2500
PLACES = (30, 15, 10, 10, 10)
SESSION_HIGH = 5
SHARE = 90
ALL_TIE_BREAKS = ("total", "best_session", "fewer_penalties", "drawn")
WITHOUT_THE_DRAW = ("total", "best_session", "fewer_penalties")
PASTED = ["Ann Schmidt", "Bob Kohler", "Cal Wagner", "Dot Becker", "Ed Hoffmann",
          "Fran Krueger", "Gus Lemke", "Hal Nowak", "Ida Peters", "Jake Ziegler",
          "Kay Vogel", "Lou Brandt", "Mae Fischer", "Ned Olson", "Otto Kramer", "Pat Rausch"]
WALK_IN = "Quinn Baumann"
NO_SHOW = "Rex Vogt"
#: The arranged players' session points: the leader, two level on total, best
#: session and penalties (2nd and 3rd), the two who share session 2's high
#: (one of them 4th), and two more level on everything but the draw (5th).
ARRANGED = {"leader": (40, 10, 10), "a": (20, 15, 5), "b": (5, 20, 15),
            "e": (0, 30, 0), "c": (10, 10, 5), "d": (5, 10, 10), "f": (-15, 30, 0)}


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


# --- the payout, from the plan's words ---------------------------------------------------

def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"


@dataclass(frozen=True)
class Prize:
    label: str
    numbers: tuple[int, ...]
    each_cents: int
    exact: Fraction  # the prize's percent of the pot, before whole dollars

    @property
    def cents(self) -> int:
        return self.each_cents * len(self.numbers)


def _prize(label: str, numbers: Sequence[int], pot: int, percent: int) -> Prize:
    """``percent`` of the pot split evenly among ``numbers``, each share
    rounded down to whole dollars."""
    exact = Fraction(pot * percent, 100)
    each = int(exact / len(numbers) // 100) * 100
    return Prize(label, tuple(sorted(numbers)), each, exact)


@dataclass
class Book:
    """What the test itself knows of the day: each player's points per
    session played (by number), penalties kept, the first draw's seat of each
    player, and the entrants."""

    tie_breaks: tuple[str, ...]
    points: dict[int, dict[int, int]] = field(default_factory=dict)
    penalties: dict[int, int] = field(default_factory=dict)
    first_seat: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    entrants: set[int] = field(default_factory=set)

    def sessions(self, number: int) -> list[int]:
        return [self.points.get(number, {}).get(s, 0) for s in (1, 2, 3)]

    def total(self, number: int) -> int:
        return sum(self.sessions(number)) - self.penalties.get(number, 0)

    def key(self, number: int) -> tuple[Any, ...]:
        """Better first: more points, a better best session (of the sessions
        played: a session missed is no 0 to count), fewer penalty points,
        then the first draw's table and seat."""
        played = self.points.get(number, {}).values()
        said = {"total": -self.total(number), "best_session": -max(played, default=0),
                "fewer_penalties": self.penalties.get(number, 0),
                "drawn": self.first_seat[number],
                "last_session": -self.sessions(number)[-1]}
        return tuple(said[t] for t in self.tie_breaks)

    def ranks(self) -> dict[int, int]:
        ranked, place = {}, 1
        for _, tied in itertools.groupby(sorted(self.entrants, key=self.key), key=self.key):
            group = list(tied)
            ranked.update({n: place for n in group})
            place += len(group)
        return ranked

    @property
    def pot(self) -> int:
        return len(self.entrants) * ENTRY_CENTS

    def prizes(self) -> list[Prize]:
        """The places by rank (a tie splits the places it covers, labelled
        "(tie)"), then each session's high."""
        won: list[Prize] = []
        by_rank: dict[int, list[int]] = {}
        for number, place in self.ranks().items():
            by_rank.setdefault(place, []).append(number)
        for place, numbers in sorted(by_rank.items()):
            covered = PLACES[place - 1:place - 1 + len(numbers)]
            if covered:
                label = _ordinal(place) + (" (tie)" if len(numbers) > 1 else "")
                won.append(_prize(label, numbers, self.pot, sum(covered)))
        for session in (1, 2, 3):
            sat = {n: p[session] for n, p in self.points.items() if session in p}
            if sat:
                top = max(sat.values())
                won.append(_prize(f"Session {session} high",
                                  [n for n, p in sat.items() if p == top], self.pot,
                                  SESSION_HIGH))
        return won

    def rounding(self) -> int:
        left = sum(z.exact - z.cents for z in self.prizes())
        assert left.denominator == 1  # $25 entries: every percent is whole cents
        return int(left)

    def house(self) -> int:
        return self.pot - sum(z.cents for z in self.prizes()) - self.rounding()

    def plan(self) -> list[tuple[str, int, int]]:
        """The published plan: every prize as it pays one winner."""
        labels = [(_ordinal(k), pct) for k, pct in enumerate(PLACES, 1)]
        labels += [(f"Session {s} high", SESSION_HIGH) for s in (1, 2, 3)]
        return [(label, pct, _prize(label, [0], self.pot, pct).each_cents)
                for label, pct in labels]


def _as_app_says(z: Prize, names: dict[int, str]) -> str:
    return (", ".join(f"#{n} {names[n]}" for n in z.numbers)
            + f" (${z.cents // 100}.{z.cents % 100:02d})")


def _moved(before: list[Prize], after: list[Prize], names: dict[int, str]) -> set[str]:
    """Each prize whose winners or amount changed, as a finish reports it
    (each winner by number and name): a place's prize is the same prize
    tied or not ("2nd" and "2nd (tie)")."""
    def place(z: Prize) -> str:
        return z.label.removesuffix(" (tie)")

    old, new = {place(z): z for z in before}, {place(z): z for z in after}
    return {f"{(new.get(key) or old[key]).label}: "
            f"{_as_app_says(old[key], names) if key in old else 'nobody'} → "
            f"{_as_app_says(new[key], names) if key in new else 'nobody'}"
            for key in old.keys() | new.keys()
            if key not in old or key not in new
            or (old[key].numbers, old[key].cents) != (new[key].numbers, new[key].cents)}


# --- the day ------------------------------------------------------------------------------

@dataclass
class Day:
    client: FlaskClient
    made: dict[str, Any]
    book: Book
    by_hand: dict[str, Any] = field(default_factory=dict)

    @property
    def base(self) -> str:
        return f"{API}/events/{self.made['id']}"

    @property
    def director(self) -> dict[str, str]:
        return _auth(self.made["director_token"])

    def post(self, path: str, body: dict[str, Any] | None = None, status: int = 200) -> Any:
        answer = self.client.post(self.base + path, headers=self.director, json=body)
        assert answer.status_code == status, (path, answer.get_json())
        return answer.get_json()

    def standings(self) -> dict[str, Any]:
        answer = self.client.get(f"{self.base}/standings", headers=_auth(self.made["view_token"]))
        assert answer.status_code == 200
        found: dict[str, Any] = answer.get_json()
        return found

    def draw(self, session: int, seed: int) -> list[dict[str, Any]]:
        tables: list[dict[str, Any]] = self.post(f"/sessions/{session}/draw",
                                                 {"seed": seed})["tables"]
        for t in tables:
            for seat, number in enumerate(t["numbers"], start=1):
                self.book.first_seat.setdefault(number, (session, t["number"], seat))
        return tables

    def ticket(self, session: int, table: dict[str, Any], arranged: dict[int, int]) -> None:
        """The table's paper ticket: the arranged players' points, nothing for
        the others but the first of them, who takes what makes it sum to zero."""
        free = [n for n in table["numbers"] if n not in arranged]
        assert free, f"session {session}, table {table['number']}: nobody to balance the ticket"
        totals = {n: arranged.get(n, 0) for n in table["numbers"]}
        totals[free[0]] = -sum(arranged.get(n, 0) for n in table["numbers"])
        names = dict(zip(table["numbers"], table["players"], strict=True))
        self.post(f"/sessions/{session}/tables/{table['number']}/ticket",
                  {"totals": {names[n]: p for n, p in totals.items()}}, status=201)
        for n, p in totals.items():
            self.book.points.setdefault(n, {})[session] = p


def _roles(tables: list[dict[str, Any]], hand_table: dict[str, Any]) -> dict[str, int]:
    """The arranged players, all from session 1's ticket tables: ``a`` sits at
    an earlier table than ``b`` with a higher number, ``c`` in an earlier
    seat than ``d`` at one table with a higher number, and each ticket table
    keeps a player free to balance it."""
    low, high = [t for t in tables if t is not hand_table]
    seated = {n: t["number"] for t in (low, high) for n in t["numbers"]}
    for a, b in itertools.product(low["numbers"], high["numbers"]):
        if a < b:
            continue
        for t in (low, high):
            for c, d in itertools.combinations(t["numbers"], 2):
                if c < d or {c, d} & {a, b}:
                    continue
                rest = [n for n in seated if n not in (a, b, c, d)]
                for leader, e, f in itertools.permutations(rest, 3):
                    taken = {a, b, c, d, leader, e, f}
                    if all(set(x["numbers"]) - taken for x in (low, high)):
                        return {"a": a, "b": b, "c": c, "d": d, "leader": leader, "e": e,
                                "f": f}
    raise AssertionError("session 1's draw leaves no such players: choose another seed")


def _play_by_hands(day: Day, table: dict[str, Any]) -> None:
    """Table ``table`` of session 1 scored hand by hand by its own phone (the
    table's edit token): twenty deals, four rounds at five, and a void after
    the seventh, dealt again.  The first fifteen deals go round (the picker,
    the next player his partner, 61 points: nobody gains over five deals),
    then the first player picks five times with the second: he ends +10, his
    partner +5, the others -5 each."""
    phone = _auth(table["edit_token"])
    seats = table["players"]
    night = f"{API}/tables/{table['night']}/hands"

    def hand(body: dict[str, Any]) -> Any:
        return day.client.post(night, headers=phone, json=body)

    for deal in range(20):
        if deal == 7:
            void = hand({"kind": "void"})
            assert void.status_code == 201 and void.get_json()["payouts"] == dict.fromkeys(
                seats, 0)
        picker, partner = (deal % 5, (deal + 1) % 5) if deal < 15 else (0, 1)
        assert hand({"picker": seats[picker], "partners": [seats[partner]],
                     "points": 61}).status_code == 201, deal
    progress = day.client.get(f"{day.base}/sessions/1", headers=day.director).get_json()
    shown = next(t for t in progress["tables"] if t["number"] == table["number"])
    assert (shown["hands"], shown["due"], shown["done"]) == (20, 20, True)
    late = hand({"picker": seats[2], "partners": [seats[3]], "points": 61})
    assert late.status_code == 409 and "corrections are the director's" in late.get_json()[
        "error"]
    for number, points in zip(table["numbers"], (10, 5, -5, -5, -5), strict=True):
        day.book.points.setdefault(number, {})[1] = points


def _kohler_falls(client: FlaskClient, tie_breaks: tuple[str, ...]) -> tuple[Day, dict[str, int]]:
    """The day up to the moment the director may finish it."""
    plan: dict[str, Any] = {"name": "Kohler Falls", "preset": "called-ace", "sessions": 3,
                            "rounds": 4, "entry_cents": ENTRY_CENTS, "places": list(PLACES),
                            "session_high": SESSION_HIGH, "share": SHARE}
    if tie_breaks != ALL_TIE_BREAKS:
        plan["tie_breaks"] = list(tie_breaks)
    made = client.post(f"{API}/events", json=plan)
    assert made.status_code == 201
    day = Day(client, made.get_json(), Book(tie_breaks))
    listed = day.post("/players", {"checked_in": True, "players": [
        {"name": name, "contact": f"920-555-{k:04d}"} for k, name in enumerate(PASTED)]},
        status=201)["players"]
    assert [p["number"] for p in listed] == list(range(1, 17))
    day.book.entrants.update(range(1, 17))
    no_show = day.post("/players", {"name": NO_SHOW}, status=201)["players"][0]["number"]
    assert no_show == 17  # registered, never checked in: no entry, no seat

    # Session 1: one table of five by its phone, the other two from tickets.
    first = day.draw(1, seed=11)
    assert sorted(len(t["numbers"]) for t in first) == [5, 5, 6]
    by_hand = day.by_hand = next(t for t in first if len(t["numbers"]) == 5)
    roles = _roles(first, by_hand)
    _play_by_hands(day, by_hand)
    withdrawn, fined = by_hand["numbers"][4], by_hand["numbers"][2]
    arranged = {roles[who]: points[0] for who, points in ARRANGED.items()}
    for table in first:
        if table is not by_hand:
            day.ticket(1, table, arranged)
    given = day.post("/penalties", {"number": roles["a"], "session": 1, "points": 5,
                                    "reason": "Slow play"}, status=201)
    assert _line(day.standings(), roles["a"])["penalties"] == 5
    assert client.delete(f"{day.base}/penalties/{given['id']}",
                         headers=day.director).status_code == 200

    # Between sessions: a walk-in and a withdrawal.
    assert day.post(f"/players/{withdrawn}/withdraw", {"after": 1})["players"][0][
        "withdrawn_after"] == 1
    walk_in = day.post("/players", {"name": WALK_IN, "checked_in": True, "from_session": 2},
                       status=201)["players"][0]["number"]
    assert walk_in == 18
    day.book.entrants.add(walk_in)

    for session, seed in ((2, 12), (3, 13)):
        tables = day.draw(session, seed)
        seated = [n for t in tables for n in t["numbers"]]
        assert walk_in in seated and withdrawn not in seated and len(seated) == 16
        arranged = {roles[who]: points[session - 1] for who, points in ARRANGED.items()}
        for table in tables:
            day.ticket(session, table, arranged)
        if session == 2:
            day.post("/penalties", {"number": fined, "session": 2, "points": 3,
                                    "reason": "Peeked while sitting out"}, status=201)
            day.book.penalties[fined] = 3
    return day, {**roles, "withdrawn": withdrawn, "walk_in": walk_in, "fined": fined}


def _line(standings: dict[str, Any], number: int) -> dict[str, Any]:
    found: dict[str, Any] = next(p for p in standings["players"] if p["number"] == number)
    return found


def _holds_to_the_cent(standings: dict[str, Any], book: Book) -> None:
    """The standings say what the test worked out: every player's line, the
    prizes, the rounding, the house and the published plan."""
    ranks = book.ranks()
    for line in standings["players"]:
        n = line["number"]
        assert (line["sessions"], line["penalties"], line["total"], line["rank"]) == (
            book.sessions(n), book.penalties.get(n, 0), book.total(n), ranks[n]), line
    assert sorted(p["number"] for p in standings["players"]) == sorted(book.entrants)
    assert standings["pot_cents"] == book.pot
    assert [(z["label"], z["numbers"], z["cents"], z["each_cents"])
            for z in standings["prizes"]] == [
        (z.label, list(z.numbers), z.cents, z.each_cents) for z in book.prizes()]
    assert standings["rounding_cents"] == book.rounding()
    assert standings["house_cents"] == book.house()
    paid = sum(z["cents"] for z in standings["prizes"])
    assert paid + standings["rounding_cents"] + standings["house_cents"] == standings["pot_cents"]
    assert all(z["each_cents"] % 100 == 0 for z in standings["prizes"])
    plan = standings["plan"]
    assert [(z["label"], z["percent"], z["cents"]) for z in plan["prizes"]] == book.plan()
    planned = sum(c for _, _, c in book.plan())
    assert plan["rounding_cents"] == sum(book.pot * pct for _, pct, _ in book.plan()) // 100 \
        - planned
    assert plan["house_cents"] == book.pot - planned - plan["rounding_cents"]
    assert plan["house_cents"] == book.pot * (100 - SHARE) // 100


@pytest.fixture(params=[ALL_TIE_BREAKS, WITHOUT_THE_DRAW], ids=["ties-to-the-draw", "ties-split"])
def tie_breaks(request: pytest.FixtureRequest) -> Iterator[tuple[str, ...]]:
    yield request.param


def test_the_prizes_are_the_published_plan_to_the_cent(client: FlaskClient,
                                                        tie_breaks: tuple[str, ...]) -> None:
    day, who = _kohler_falls(client, tie_breaks)
    book = day.book
    standings = day.standings()
    assert standings["all_tables_done"] is True and standings["final"] is False
    assert [h["numbers"] for h in standings["session_high"]] == [
        [who["leader"]], sorted([who["e"], who["f"]]), [who["b"]]]
    shared = standings["session_high"][1]
    assert shared["cents"] == 2 * shared["each_cents"] == 2000  # $21.25 each, down to $10
    _holds_to_the_cent(standings, book)
    assert standings["pot_cents"] == 17 * ENTRY_CENTS  # sixteen and the walk-in, no no-show
    ranks = {p["number"]: p["rank"] for p in standings["players"]}
    if tie_breaks == ALL_TIE_BREAKS:
        # level on total, best session and penalties: the first draw decides,
        # the earlier table and then the earlier seat, whatever the numbers
        assert who["a"] > who["b"] and who["c"] > who["d"]
        assert (ranks[who["a"]], ranks[who["b"]], ranks[who["c"]], ranks[who["d"]]) == (
            2, 3, 5, 6)
        assert _line(standings, who["a"])["first_seat"]["table"] < _line(
            standings, who["b"])["first_seat"]["table"]
    else:
        assert (ranks[who["a"]], ranks[who["b"]], ranks[who["c"]], ranks[who["d"]]) == (
            2, 2, 5, 5)
        labels = {z["label"]: z for z in standings["prizes"]}
        assert labels["2nd (tie)"]["each_cents"] == 5300  # 25 % of $425 is $106.25 for two
        assert labels["5th (tie)"]["each_cents"] == 2100  # the 5th place's 10 % for two
        assert "3rd" not in labels and "6th" not in labels


def test_finish_signs_the_prizes_and_reopening_reports_the_prize_that_moved(
        client: FlaskClient, tie_breaks: tuple[str, ...]) -> None:
    day, who = _kohler_falls(client, tie_breaks)
    money = ("prizes", "session_high", "rounding_cents", "house_cents", "pot_cents", "plan")
    signed = day.standings()
    finished = day.post("/finish")
    assert (finished["stage"], finished["since"], finished["moved"]) == ("finished", [], [])
    final = day.standings()
    assert final["final"] is True and final["stage"] == "finished"
    assert {k: final[k] for k in money} == {k: signed[k] for k in money}
    version = client.get(day.base, headers=day.director).get_json()["version"]

    table = day.by_hand
    night = f"{API}/tables/{table['night']}/hands"
    hand = {"picker": table["players"][1], "partners": [table["players"][0]], "points": 61}
    listed = client.get(f"{day.base}/penalties", headers=day.director).get_json()["penalties"]
    kept = [p for p in listed if not p["withdrawn"]]
    assert [(p["number"], p["points"]) for p in kept] == [(who["fined"], 3)]
    assert len(listed) == 2  # the withdrawn one stays on the record
    refused = {
        "penalty": client.post(f"{day.base}/penalties", headers=day.director, json={
            "number": who["leader"], "session": 3, "points": 25, "reason": "Marked cards"}),
        "registration": client.post(f"{day.base}/players", headers=day.director,
                                    json={"name": "Late Larry", "checked_in": True}),
        "the director's hand": client.post(night, headers=day.director, json=hand),
        "the phone's hand": client.post(night, headers=_auth(table["edit_token"]), json=hand),
        "withdrawing a penalty": client.delete(f"{day.base}/penalties/{kept[0]['id']}",
                                               headers=day.director),
    }
    for what, answer in refused.items():
        assert answer.status_code == 409, (what, answer.get_json())
        assert answer.get_json()["error"] == FINISHED_WORDS, what
    assert client.get(day.base, headers=day.director).get_json()["version"] == version
    after = day.standings()
    assert {k: after[k] for k in money} == {k: signed[k] for k in money}
    _holds_to_the_cent(after, day.book)
    assert after["pot_cents"] == 17 * ENTRY_CENTS

    reopened = day.post("/reopen")
    assert (reopened["stage"], reopened["since"]) == ("sessions", [])
    assert day.standings()["final"] is False and day.standings()["all_tables_done"] is True
    before = day.book.prizes()
    day.post("/penalties", {"number": who["leader"], "session": 3, "points": 25,
                            "reason": "Marked cards"}, status=201)
    day.book.penalties[who["leader"]] = 25
    again = day.post("/finish")
    assert len(again["since"]) == 1 and again["since"][0].startswith(
        f"Penalty: 25 points off #{who['leader']} ")
    after_prizes = day.book.prizes()
    names = {p["number"]: p["name"] for p in day.standings()["players"]}
    assert set(again["moved"]) == _moved(before, after_prizes, names)
    assert len(again["moved"]) == len(set(again["moved"]))
    leader = f": #{who['leader']} {names[who['leader']]} ($127.00) → "
    assert any(m.startswith("1st") and leader in m for m in again["moved"])
    final = day.standings()
    assert final["final"] is True
    _holds_to_the_cent(final, day.book)
    assert final["pot_cents"] == 17 * ENTRY_CENTS
    assert _line(final, who["leader"])["rank"] == 3
