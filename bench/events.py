"""Benchmark: an event's public pages and a table's save at festival size,
as a ratio to a trivial route of the same app, measured alternately
request by request (this machine is shared and noisy).

The event is built through the services (registration, check-in, the
session's draw: one night per table with its grant); most tables' hands
are worked out by the engine and stored as the app stores them (same
codec, positions and versions), and the rest are still playing: a save
is a hand recorded at one of them through the API with its own grant.
"Changed" routes get a hand saved, untimed, before every timed request,
so they show what a change costs for the first watcher after it.

    .venv/bin/python -m bench.events [--tables 200] [--hands 20] [--rounds 100]

Not measured here: 1,000 watchers polling one process while the tables save
(``bench.festival`` does).
"""

from __future__ import annotations

import argparse
import itertools
import platform
from typing import Any

from bench.night import bench_app
from bench.pages import Call, print_ratios
from scorekeeper.db import codec
from scorekeeper.db.models import Event, GameTable, HandRow, db
from scorekeeper.rules import Hand, Rules, replay
from scorekeeper.services.events import draws as event_draws
from scorekeeper.services.events import event as events

SEATS = 5


def five_handed(i: int, players: list[str]) -> dict[str, Any]:
    """A varied, valid called-ace hand at a table of five (API shape)."""
    def at(offset: int) -> str:
        return players[(i + offset) % len(players)]
    if i % 9 == 4:
        return {"kind": "leaster", "winner": at(2)}
    return {"picker": at(1), "partners": [at(3)], "points": (37 * i) % 121}


def _hand(i: int, players: list[str]) -> Hand:
    body = five_handed(i, players)
    return Hand(kind=body.get("kind", "picked"), picker=body.get("picker"),
                partners=tuple(body.get("partners", ())), points=body.get("points"),
                winner=body.get("winner"), present=tuple(players))


def build_event(app: Any, tables: int, hands: int) -> dict[str, Any]:
    """An event of ``tables`` × five players, session 1 drawn; every table
    but the last quarter has played ``hands`` hands.  Its view token and the
    playing tables (night, players, edit token)."""
    with app.app_context():
        event, _ = events.create_event("Bench festival", "called-ace", rounds=hands // SEATS,
                                       entry_cents=2500, places=[30, 15, 10, 10, 10],
                                       session_high=5)
        event_id, view = event.id, event.view_token
        events.register(event, [f"Player {n:04d}" for n in range(1, tables * SEATS + 1)],
                        checked_in=True)
        drawn = event_draws.draw(event, 1, seed=7)
        playing = []
        for k, table in enumerate(drawn.tables):
            players = list(table.players)
            if k >= tables - max(tables // 4, 1):
                playing.append({"night": table.night, "players": players,
                                "token": table.edit_token, "hands": 0})
                continue
            night = db.session.get_one(GameTable, table.night)
            rules = Rules.from_dict(night.rules)
            result = replay(rules, players, [_hand(i, players) for i in range(hands)])
            db.session.add_all(HandRow(table_id=night.id, position=r.number,
                                       data=codec.encode(r.hand)) for r in result.results)
            night.owner.version += hands
        db.session.get_one(Event, event_id).owner.version += 1
        db.session.commit()
    return {"view": view, "playing": playing, "due": hands}


def routes(app: Any, made: dict[str, Any]) -> dict[str, tuple[Call, Call | None]]:
    """name → (timed request, untimed change before it or None)."""
    view = made["view"]
    watcher = app.test_client()
    saver = app.test_client()
    turns = itertools.cycle(made["playing"])
    etag = watcher.get(f"/e/s/{view}/live").headers["ETag"]

    def save() -> Any:
        table = next(turns)
        if table["hands"] >= made["due"]:
            raise SystemExit("Every playing table has its hands: ask for fewer --rounds")
        response = saver.post(f"/api/v1/tables/{table['night']}/hands",
                              json=five_handed(table["hands"], table["players"]),
                              headers={"Authorization": f"Bearer {table['token']}"})
        assert response.status_code == 201, response.get_json()
        table["hands"] += 1
        return response

    def ok(response: Any) -> Any:
        assert response.status_code in (200, 304), response.status_code
        return response

    def fresh_etag() -> None:
        nonlocal etag
        etag = watcher.get(f"/e/s/{view}/live").headers["ETag"]

    return {
        "leaderboard": (lambda: ok(watcher.get(f"/e/s/{view}")), None),
        "big screen": (lambda: ok(watcher.get(f"/e/s/{view}/tv")), None),
        "live fragment, 304": (lambda: ok(watcher.get(
            f"/e/s/{view}/live", headers={"If-None-Match": etag})), fresh_etag),
        "seat lookup (name)": (lambda: ok(watcher.get(f"/e/s/{view}/seat?q=player+0517")),
                               None),
        "seat lookup (number)": (lambda: ok(watcher.get(f"/e/s/{view}/seat?q=517")), None),
        "table's save (API)": (save, None),
        "live fragment, changed": (lambda: ok(watcher.get(
            f"/e/s/{view}/live", headers={"If-None-Match": etag})), save),
        "leaderboard, first after a save": (lambda: ok(watcher.get(f"/e/s/{view}")), save),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=100)
    args = parser.parse_args()
    print(f"An event of {args.tables} tables × {SEATS} players at {args.hands} hands, "
          f"called-ace; {args.rounds} alternating rounds per route; "
          f"{platform.platform()}, {platform.machine()}, Python "
          f"{platform.python_version()}, in-process (Flask test client, SQLite)")
    app = bench_app()
    made = build_event(app, args.tables, args.hands)
    print_ratios(app, routes(app, made), args.rounds)


if __name__ == "__main__":
    main()
