"""Benchmark: how much the busy pages cost compared with a trivial route.

Builds a table with a long night of hands (every page replays the whole
night), then times each route in-process with Flask's test client,
alternating every request with one to the trivial ``/healthz`` so both see
the same machine (this one is shared and noisy), and prints each route's
median and the ratio of the two medians.  Run it with::

    .venv/bin/python bench/pages.py [--hands 60] [--rounds 200]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from scorekeeper import create_app
from scorekeeper.services.tables import add_editor, get_table

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
#: What the hand form posts for its live preview while the points are typed.
PREVIEW = {"kind": "picked", "picker": "Bob", "partners": ["Dan"], "points": "75",
           "tricks": "some", "count_side": "picking", "cracks": "0", "blitzes": "0"}


def hand_body(i: int, dealer: str) -> dict[str, object]:
    """A varied, valid called-ace hand; the dealer sits out, so seat from him."""
    seat = PLAYERS.index(dealer)
    def at(offset: int) -> str:
        return PLAYERS[(seat + offset) % len(PLAYERS)]
    if i % 9 == 4:
        return {"kind": "leaster", "winner": at(2)}
    return {"picker": at(1), "partners": [at(3)], "points": (37 * i) % 121,
            "cracks": 1 if i % 3 == 0 else 0}


def build(hands: int) -> tuple[object, str, str, int]:
    """A table with ``hands`` hands recorded through the API."""
    folder = Path(tempfile.mkdtemp())
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.db'}"})
    client = app.test_client()
    made = client.post("/api/v1/tables", json={"name": "Bench", "players": PLAYERS,
                                                "preset": "called-ace"}).get_json()
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    base = f"/api/v1/tables/{made['id']}"
    for i in range(hands):
        dealer = client.get(f"{base}/standings", headers=auth).get_json()["next_dealer"]
        response = client.post(f"{base}/hands", json=hand_body(i, dealer), headers=auth)
        assert response.status_code == 201, response.get_json()
    with app.app_context():
        edit_token = add_editor(get_table(made["id"]), "bench browser")
    return app, edit_token, made["view_token"], made["id"]


def _ms(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1000


def alternate(call: Callable[[], object], trivial: Callable[[], object],
              rounds: int) -> tuple[float, float]:
    """Medians (route, trivial) of ``rounds`` requests each, taken in turn."""
    call()
    trivial()
    route_ms, trivial_ms = [], []
    for _ in range(rounds):
        route_ms.append(_ms(call))
        trivial_ms.append(_ms(trivial))
    return statistics.median(route_ms), statistics.median(trivial_ms)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()
    app, edit_token, view_token, table_id = build(args.hands)
    editor = app.test_client()  # type: ignore[attr-defined]
    with editor.session_transaction() as session:
        session["editors"] = {str(table_id): edit_token}
    viewer = app.test_client()  # type: ignore[attr-defined]
    routes: dict[str, Callable[[], object]] = {
        "/healthz (trivial)": lambda: viewer.get("/healthz"),
        "share page /s/<token>": lambda: viewer.get(f"/s/{view_token}"),
        "live fragment, changed": lambda: viewer.get(f"/s/{view_token}/live"),
        "ledger /t/<id>": lambda: editor.get(f"/t/{table_id}"),
        "record form /t/<id>/hand/new": lambda: editor.get(f"/t/{table_id}/hand/new"),
        "API standings": lambda: viewer.get(f"/api/v1/tables/{table_id}/standings",
                                            headers={"Authorization": f"Bearer {view_token}"}),
        "settle-up /t/<id>/settle": lambda: editor.get(f"/t/{table_id}/settle"),
        "hand preview (each keystroke)": lambda: editor.post(
            f"/t/{table_id}/hand/preview", data=PREVIEW),
    }
    etag = viewer.get(f"/s/{view_token}/live").headers.get("ETag")
    if etag:
        routes["live fragment, 304"] = lambda: viewer.get(
            f"/s/{view_token}/live", headers={"If-None-Match": etag})
    trivial = routes.pop("/healthz (trivial)")
    print(f"{args.hands} hands, 6 players, {args.rounds} rounds; "
          f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"{'route':34} {'median ms':>10} {'trivial ms':>11} {'× trivial':>10}")
    for name, call in routes.items():
        ms, base = alternate(call, trivial, args.rounds)
        print(f"{name:34} {ms:10.2f} {base:11.2f} {ms / base:10.1f}")


if __name__ == "__main__":
    main()
