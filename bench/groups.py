"""Benchmark: a group's pages and answers for a group of 50 nights of 60
hands (a weekly game for a year), as a ratio to a trivial route of the same
app, measured alternately request by request (this machine is shared and
noisy).

The nights are built as the app stores them (hands worked out by the engine);
then each route is timed in-process with Flask's test client, and the
trivial ``/healthz`` right after each request.  "First after a save" routes
get a hand recorded in the group's open night, untimed, before every timed
request, so they show what a change costs (one night read again, the rest
from memory).

    .venv/bin/python -m bench.groups [--nights 50] [--hands 60] [--rounds 100]
"""

from __future__ import annotations

import argparse
import itertools
import platform
from datetime import date, timedelta
from typing import Any

from bench.night import PLAYERS, bench_app, hand, hand_body
from bench.pages import Call, print_ratios
from scorekeeper.db import codec
from scorekeeper.db.models import HandRow, db
from scorekeeper.rules import Rules, replay
from scorekeeper.services.grants import grants
from scorekeeper.services.groups.group import create_group, get_group, joining
from scorekeeper.services.nights.tables import create_table, get_table


def build_group(app: Any, nights: int, hands: int) -> dict[str, Any]:
    """A group of six with ``nights`` weekly nights of ``hands`` hands, the
    last still open; its ids and tokens."""
    with app.app_context():
        group, group_token = create_group("Bench regulars", PLAYERS)
        group_id, view = group.id, group.view_token
        night_token: str | None = ""
        night_id = 0
        for k in range(nights):
            day = date.today() - timedelta(days=7 * (nights - 1 - k))
            table, night_token = create_table("Bench", PLAYERS, "called-ace",
                                              joins=joining(get_group(group_id)), played_on=day)
            night_id = table.id
            rules = Rules.from_dict(table.rules)
            night = replay(rules, PLAYERS, [hand(i) for i in range(hands)])
            db.session.add_all(HandRow(table_id=table.id, position=r.number,
                                       data=codec.encode(r.hand)) for r in night.results)
            table.owner.version += hands
            if k < nights - 1:
                table.closed_at = table.created_at
                table.settled = "carried" if k % 3 == 0 else "table"
            db.session.commit()
        browser_token = grants.add_grant(grants.TABLE, get_table(night_id), "bench browser")
    return {"group": group_id, "group_token": group_token, "view": view,
            "night": night_id, "night_token": night_token, "browser_token": browser_token,
            "hands": hands}


def routes(app: Any, made: dict[str, Any]) -> dict[str, tuple[Call, Call | None]]:
    """name → (timed request, untimed change before it or None)."""
    gid, view = made["group"], made["view"]
    editor = app.test_client()
    with editor.session_transaction() as session:
        session["groups"] = {str(gid): made["group_token"]}
    viewer = app.test_client()
    group_auth = {"Authorization": f"Bearer {made['group_token']}"}
    night_auth = {"Authorization": f"Bearer {made['night_token']}"}
    count = itertools.count(made["hands"])  # the open night goes on from its last hand
    etag = viewer.get(f"/gs/{view}/live").headers["ETag"]

    def save() -> None:
        i = next(count)
        response = viewer.post(f"/api/v1/tables/{made['night']}/hands", headers=night_auth,
                               json=hand_body(i, PLAYERS[i % len(PLAYERS)]))
        assert response.status_code == 201, response.get_json()

    def ok(response: Any) -> Any:
        assert response.status_code in (200, 304), response.status_code
        return response

    return {
        "group home": (lambda: ok(editor.get(f"/g/{gid}")), None),
        "season page (this year)": (lambda: ok(editor.get(f"/g/{gid}/season")), None),
        "season page (all time)": (lambda: ok(editor.get(f"/g/{gid}/season?season=all")),
                                   None),
        "share page": (lambda: ok(viewer.get(f"/gs/{view}?season=all")), None),
        "live fragment, 304": (lambda: ok(viewer.get(
            f"/gs/{view}/live", headers={"If-None-Match": etag})), None),
        "API standings (all time)": (lambda: ok(viewer.get(
            f"/api/v1/groups/{gid}/standings?season=all", headers=group_auth)), None),
        "API player (all time)": (lambda: ok(viewer.get(
            f"/api/v1/groups/{gid}/players/Ann?season=all", headers=group_auth)), None),
        "season page, first after a save": (
            lambda: ok(editor.get(f"/g/{gid}/season?season=all")), save),
        "API standings, first after a save": (lambda: ok(viewer.get(
            f"/api/v1/groups/{gid}/standings?season=all", headers=group_auth)), save),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nights", type=int, default=50)
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=100)
    args = parser.parse_args()
    print(f"A group of six: {args.nights} nights × {args.hands} hands, called-ace; "
          f"{args.rounds} alternating rounds per route; {platform.machine()}, Python "
          f"{platform.python_version()}, in-process (Flask test client, SQLite)")
    app = bench_app()
    made = build_group(app, args.nights, args.hands)
    print_ratios(app, routes(app, made), args.rounds)


if __name__ == "__main__":
    main()
