"""Where a request's time goes: profiles one route on a night of N hands
with pyinstrument (``pip install pyinstrument``) and prints the call tree.

    .venv/bin/python bench/profile.py --hands 1000 --route share
"""

from __future__ import annotations

import argparse

from pyinstrument import Profiler

from bench.night import add_night, bench_app, hand_body

ROUTES = ("share", "ledger", "live", "record", "replay", "settle")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--route", choices=ROUTES, default="share")
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    app = bench_app()
    made = add_night(app, args.hands)
    client = app.test_client()
    with client.session_transaction() as session:
        session["editors"] = {str(made["id"]): made["browser_token"]}
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    base = f"/api/v1/tables/{made['id']}"

    def record() -> None:
        dealer = client.get(f"{base}/standings", headers=auth).get_json()["next_dealer"]
        client.post(f"{base}/hands", json=hand_body(1, dealer), headers=auth)

    def replay() -> None:
        from scorekeeper.services.nights.kept import NIGHTS
        NIGHTS.clear()
        client.get(f"/s/{made['view_token']}")

    calls = {"share": lambda: client.get(f"/s/{made['view_token']}"),
             "ledger": lambda: client.get(f"/t/{made['id']}"),
             "live": lambda: client.get(f"/s/{made['view_token']}/live"),
             "record": record, "replay": replay,
             "settle": lambda: client.get(f"/t/{made['id']}/settle")}
    call = calls[args.route]
    call()
    profiler = Profiler(interval=0.0005)
    profiler.start()
    for _ in range(args.repeat):
        call()
    profiler.stop()
    print(profiler.output_text(unicode=True, color=False, show_all=False))


if __name__ == "__main__":
    main()
