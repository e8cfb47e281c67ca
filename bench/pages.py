"""Benchmark: what the busy routes cost on nights of 10 to 10,000 hands,
as a ratio to a trivial route of the same app.

For each night size a table of six players is built (hands worked out by the
engine and stored as the app stores them), then each route is timed
in-process with Flask's test client, alternating every request with one to
the trivial ``/healthz`` so both see the same machine (this one is shared
and noisy); it prints each route's median, the trivial route's median in the
same run, and their ratio.  Routes that need a change first (the first
viewer after a save) get one, untimed, before every timed request.  Then the
engine alone: replaying the stored night from scratch, and adding a hand.

    .venv/bin/python -m bench.pages [--sizes 10,100,1000,10000] [--rounds 100]
"""

from __future__ import annotations

import argparse
import itertools
import platform
import statistics
import time
from collections.abc import Callable
from typing import Any

from bench.night import PLAYERS, add_night, bench_app, hand, hand_body
from scorekeeper.db.models import GameTable, db
from scorekeeper.rules import Rules, replay
from scorekeeper.services.nights import hands as hand_service

Call = Callable[[], object]


def _ms(call: Call) -> float:
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1000


def alternate(call: Call, trivial: Call, rounds: int,
              before: Call | None = None) -> tuple[float, float]:
    """Medians (route, trivial) of ``rounds`` requests each, taken in turn;
    ``before`` runs untimed ahead of each timed request of the route."""
    if before is not None:
        before()
    call()
    trivial()
    route_ms, trivial_ms = [], []
    for _ in range(rounds):
        if before is not None:
            before()
        route_ms.append(_ms(call))
        trivial_ms.append(_ms(trivial))
    return statistics.median(route_ms), statistics.median(trivial_ms)


class Night:
    """One benchmark table and the clients that use it."""

    def __init__(self, app: Any, hands: int) -> None:
        self.app, made = app, add_night(app, hands)
        self.id, self.view = made["id"], made["view_token"]
        self.hands = hands
        self.auth = {"Authorization": f"Bearer {made['edit_token']}"}
        self.editor = app.test_client()
        with self.editor.session_transaction() as session:
            session["editors"] = {str(self.id): made["browser_token"]}
        self.viewer = app.test_client()
        self.keys = itertools.count()

    def _next_body(self) -> dict[str, Any]:
        body = hand_body(self.hands, PLAYERS[self.hands % len(PLAYERS)])
        self.hands += 1
        return body

    def record_api(self) -> None:
        response = self.viewer.post(f"/api/v1/tables/{self.id}/hands", json=self._next_body(),
                                    headers={**self.auth,
                                             "Idempotency-Key": f"bench-{next(self.keys):012d}"})
        assert response.status_code == 201, response.get_json()

    def record_form(self) -> None:
        body = self._next_body()
        form = {"kind": body.get("kind", "picked"), "tricks": "some", "count_side": "picking",
                "cracks": str(body.get("cracks", 0)), "blitzes": "0",
                "submission": f"bench-form-{next(self.keys):012d}"}
        for key in ("picker", "winner"):
            if key in body:
                form[key] = body[key]
        if "points" in body:
            form["points"] = str(body["points"])
        if "partners" in body:
            form["partners"] = body["partners"]
        response = self.editor.post(f"/t/{self.id}/hand/new", data=form)
        assert response.status_code == 302, response.get_data(as_text=True)[:2000]

    def routes(self) -> dict[str, tuple[Call, Call | None]]:
        """name → (timed request, untimed change before it or None)."""
        view, tid = self.view, self.id
        etag = self.viewer.get(f"/s/{view}/live").headers["ETag"]
        return {
            "record a hand (API)": (self.record_api, None),
            "record a hand (form)": (self.record_form, None),
            "ledger (latest 50 hands)": (lambda: self.editor.get(f"/t/{tid}"), None),
            "share page": (lambda: self.viewer.get(f"/s/{view}"), None),
            "share page, first after a save": (lambda: self.viewer.get(f"/s/{view}"),
                                               self.record_api),
            "live fragment, changed": (lambda: self.viewer.get(f"/s/{view}/live"),
                                       self.record_api),
            "live fragment, 304": (lambda: self.viewer.get(
                f"/s/{view}/live", headers={"If-None-Match": self.etag}),
                lambda: self._etag(etag)),
            "hand preview (each keystroke)": (lambda: self.editor.post(
                f"/t/{tid}/hand/preview", data=self._preview()), None),
            "settle-up": (lambda: self.editor.get(f"/t/{tid}/settle"), None),
            "API standings": (lambda: self.viewer.get(
                f"/api/v1/tables/{tid}/standings", headers=self.auth), None),
        }

    def _preview(self) -> dict[str, Any]:
        """What the record form posts for its live preview while points are typed."""
        body = hand_body(self.hands, PLAYERS[self.hands % len(PLAYERS)])
        picker = body.get("picker") or PLAYERS[(self.hands + 1) % len(PLAYERS)]
        partner = (body.get("partners") or [PLAYERS[(self.hands + 3) % len(PLAYERS)]])[0]
        return {"kind": "picked", "picker": picker, "partners": [partner], "points": "75",
                "tricks": "some", "count_side": "picking", "cracks": "0", "blitzes": "0"}

    def _etag(self, first: str) -> None:
        """The live fragment's current ETag (the night moves on as hands are recorded)."""
        with self.app.app_context():
            version = db.session.get(GameTable, self.id).version  # type: ignore[union-attr]
        self.etag = first.replace(first.split("-")[0], f'"v{version}', 1)



def print_ratios(app: Any, routes: dict[str, tuple[Call, Call | None]], rounds: int) -> None:
    """Each route's median alternated with the trivial ``/healthz`` in one run,
    and their ratio, one line a route."""
    trivial_client = app.test_client()

    def trivial() -> object:
        return trivial_client.get("/healthz")
    print(f"{'route':38}{'median ms':>12}{'trivial ms':>12}{'ratio':>8}")
    for name, (call, before) in routes.items():
        ms, base = alternate(call, trivial, rounds, before)
        print(f"{name:38}{ms:>12.2f}{base:>12.2f}{ms / base:>7.1f}×")
    print(f"(median of {rounds}; the trivial route is timed right after each request)")

def engine(hands: int, repeat: int = 5) -> tuple[float, float, float]:
    """Milliseconds (best of ``repeat``): replaying ``hands`` stored hands from
    scratch, the same with every check (as for hands never stored), and
    adding one hand to the replayed night."""
    rules = Rules.from_dict(_rules())
    stored = [r.hand for r in replay(rules, PLAYERS, [hand(i) for i in range(hands)]).results]
    night = replay(rules, PLAYERS, stored, trusted=range(hands))
    more = [*stored, hand(hands)]

    def best(call: Call) -> float:
        return min(_ms(call) for _ in range(repeat))
    return (best(lambda: replay(rules, PLAYERS, stored, trusted=range(hands))),
            best(lambda: replay(rules, PLAYERS, stored)),
            best(lambda: replay(rules, PLAYERS, more, trusted=range(hands), since=night,
                                start=hands)))


def _rules() -> dict[str, Any]:
    from scorekeeper.rules import make_rules
    return make_rules("called-ace", {}).to_dict()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="10,100,1000,10000")
    parser.add_argument("--rounds", type=int, default=100)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    # the routes record hands as they go: let a 10,000-hand night take a few more
    hand_service.MAX_HANDS = max(sizes) + 20 * args.rounds
    print(f"Six players, called-ace; {args.rounds} alternating rounds per route; "
          f"{platform.machine()}, Python {platform.python_version()}, in-process "
          "(Flask test client, SQLite)")
    app = bench_app()
    trivial_client = app.test_client()

    def trivial() -> object:
        return trivial_client.get("/healthz")
    results: dict[str, dict[int, tuple[float, float]]] = {}
    for size in sizes:
        night = Night(app, size)
        for name, (call, before) in night.routes().items():
            results.setdefault(name, {})[size] = alternate(call, trivial, args.rounds, before)
    header = f"{'route (median ms / × trivial)':34}" + "".join(
        f"{f'{size:,} hands':>20}" for size in sizes)
    print(header)
    for name, by_size in results.items():
        cells = "".join(f"{f'{ms:.2f} / {ms / base:.1f}×':>20}"
                        for ms, base in (by_size[s] for s in sizes))
        print(f"{name:34}{cells}")
    trivials = [base for by_size in results.values() for _, base in by_size.values()]
    print(f"{'trivial route /healthz (median)':34}{statistics.median(trivials):>20.2f}")
    print()
    print(f"{'engine (best of 5, ms)':34}" + "".join(f"{f'{s:,} hands':>20}" for s in sizes))
    timings = [engine(size) for size in sizes]
    for label, k in (("replay stored night", 0), ("replay, checking every hand", 1),
                     ("add a hand to the night", 2)):
        print(f"{label:34}" + "".join(f"{t[k]:>20.2f}" for t in timings))


if __name__ == "__main__":
    main()
