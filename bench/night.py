"""Building a long night quickly for the benchmarks and the profiler.

Recording 10,000 hands one request at a time would take longer than the
measurement, so the hands are worked out once by the engine and stored
directly, as the app stores them (same codec, positions and version).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from flask import Flask

from scorekeeper import create_app
from scorekeeper.db import codec
from scorekeeper.db.models import HandRow, db
from scorekeeper.rules import Hand, Rules, replay
from scorekeeper.services.grants import grants
from scorekeeper.services.nights.tables import create_table

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def hand_body(i: int, dealer: str) -> dict[str, Any]:
    """A varied, valid called-ace hand (API shape); the dealer sits out."""
    seat = PLAYERS.index(dealer)

    def at(offset: int) -> str:
        return PLAYERS[(seat + offset) % len(PLAYERS)]
    if i % 9 == 4:
        return {"kind": "leaster", "winner": at(2)}
    return {"picker": at(1), "partners": [at(3)], "points": (37 * i) % 121,
            "cracks": 1 if i % 3 == 0 else 0}


def hand(i: int) -> Hand:
    """Hand ``i`` (0-based) of the night: the deal passes left every hand."""
    body = hand_body(i, PLAYERS[i % len(PLAYERS)])
    return Hand(kind=body.get("kind", "picked"), picker=body.get("picker"),
                partners=tuple(body.get("partners", ())), points=body.get("points"),
                cracks=body.get("cracks", 0), winner=body.get("winner"),
                present=tuple(PLAYERS))


def bench_app(folder: Path | None = None, **config: Any) -> Flask:
    """The app on a fresh SQLite file (or ``SQLALCHEMY_DATABASE_URI`` in config)."""
    folder = folder or Path(tempfile.mkdtemp(prefix="scorekeeper-bench-"))
    settings = {"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.db'}"}
    settings.update(config)
    return create_app(settings)


def add_night(app: Flask, hands: int, name: str = "Bench") -> dict[str, Any]:
    """A called-ace table of six with ``hands`` hands; its id and tokens."""
    with app.app_context():
        table, token = create_table(name, PLAYERS, "called-ace")
        table_id, view_token = table.id, table.view_token
        night = replay(Rules.from_dict(table.rules), PLAYERS, [hand(i) for i in range(hands)])
        db.session.add_all(HandRow(table_id=table_id, position=r.number,
                                   data=codec.encode(r.hand)) for r in night.results)
        table.owner.version += hands
        db.session.commit()
        browser_token = grants.add_grant(grants.TABLE, table, "bench browser")
    return {"id": table_id, "edit_token": token, "view_token": view_token,
            "browser_token": browser_token}

