"""Every piece of free text the app keeps and shows again (names, a note, a
penalty's reason, a contact, a device's name, what an imported file says)
refuses a mark that turns the text right to left, in the words a name's
refusal uses, and nothing of it is stored: one check
(:func:`scorekeeper.services.checks.free_text`) answers for all of them."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask

from scorekeeper.db.models import Event, GameTable, db
from scorekeeper.rules import Hand
from scorekeeper.services import ServiceError
from scorekeeper.services.events import draws as event_draws
from scorekeeper.services.events import event as events
from scorekeeper.services.events import exports as event_exports
from scorekeeper.services.events import penalties as event_penalties
from scorekeeper.services.grants import grants, handovers
from scorekeeper.services.groups import group as groups
from scorekeeper.services.nights import exports, hands, tables
from scorekeeper.services.nights.state import TableState

RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE
PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]
TURNS = "turns the text right to left: type it again without it"


def _table() -> TableState:
    table, _ = tables.create_table("Friday", PLAYERS, "called-ace")
    return TableState.load(db.session.get_one(GameTable, table.id), cacheable=False)


def _event() -> Event:
    event, _ = events.create_event("Oktoberfest", "called-ace", sessions=2)
    events.register(event, ["Ann, 555-0100", *PLAYERS[1:]])
    db.session.expire_all()
    return db.session.get_one(Event, event.id)


def _table_export(**audit: object) -> dict[str, Any]:
    data = exports.export_table(_table())
    data["audit"] = [{"at": data["created_at"], "action": "create", "hand_number": None,
                      "summary": "Started Friday", "before": None, "after": None,
                      "by": "Scorekeeper", **audit}]
    return data


def _event_export(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    event = _event()
    events.check_in(event, [p.number for p in event.players])
    event_draws.draw(event, 1, seed=1)
    event_penalties.penalty(event, 2, 1, 3, "Late", by="Director")
    db.session.expire_all()
    data = event_exports.export_event(db.session.get_one(Event, event.id))
    change(data)
    return data


def _claim(label: str) -> None:
    state = _table()
    code = handovers.start_handover(grants.TABLE, state.table)
    handovers.claim_handover(grants.TABLE, code, label)


def case(what: str, field: str, write: Callable[[], object], *marks: Any) -> Any:
    """A free-text field: what it is, the field the refusal names, and the
    write that carries the text with a right-to-left override in it."""
    return pytest.param(what, field, write, id=what, marks=marks)


FIELDS = [
    case("a table's name", "name",
         lambda: tables.create_table(f"Fri{RLO}day", PLAYERS, "called-ace")),
    case("a player's name", "players",
         lambda: tables.create_table("Friday", [f"A{RLO}nn", *PLAYERS[1:]], "called-ace")),
    case("a group's name", "name", lambda: groups.create_group(f"Thurs{RLO}day", PLAYERS)),
    case("an event's name", "name",
         lambda: events.create_event(f"Okto{RLO}berfest", "called-ace")),
    case("an event player's contact", "players",
         lambda: events.register(_event(), f"Fay, 555{RLO}-0199")),
    case("a penalty's reason", "reason",
         lambda: event_penalties.penalty(_event(), 2, 1, 3, f"Talked {RLO}across the table")),
    case("an adjustment's note", "note",
         lambda: hands.record_hand(_table(), Hand(
             kind="adjustment", payouts={"Ann": 5, "Bob": -5}, note=f"three {RLO}kings"))),
    case("a device's name", "label", lambda: _claim(f"Ann's {RLO}phone")),
    case("an imported night's history: who", "audit",
         lambda: exports.import_table(_table_export(by=f"Ann's {RLO}phone"))),
    case("an imported night's history: what", "audit",
         lambda: exports.import_table(_table_export(summary=f"Started {RLO}Friday"))),
    case("an imported night's history: a change", "audit",
         lambda: exports.import_table(_table_export(after={"note": f"three {RLO}kings"}))),
    case("an imported event's contact", "players",
         lambda: event_exports.import_event(_event_export(
             lambda d: d["players"][0].update(contact=f"555{RLO}-0100")))),
    case("an imported penalty's reason", "reason",
         lambda: event_exports.import_event(_event_export(
             lambda d: d["penalties"][0].update(reason=f"La{RLO}te")))),
    case("an imported penalty's device", "by",
         lambda: event_exports.import_event(_event_export(
             lambda d: d["penalties"][0].update(by=f"Direc{RLO}tor")))),
]


def stored_anywhere(text: str) -> list[str]:
    """Where ``text`` is kept in the database: every row of every model,
    its text columns and its JSON columns."""
    found = []
    for mapper in db.Model.registry.mappers:
        model = mapper.class_
        for row in db.session.scalars(sa.select(model)):
            for column in mapper.columns:
                value = getattr(row, column.key)
                shown = value if isinstance(value, str) else \
                    json.dumps(value, ensure_ascii=False) if isinstance(value, dict | list) \
                    else ""
                if text in shown:
                    found.append(f"{model.__name__}.{column.key}")
    return found


@pytest.mark.parametrize(("what", "field", "write"), FIELDS)
def test_a_right_to_left_override_is_refused_in_every_free_text_and_nothing_is_kept(
        app: Flask, what: str, field: str, write: Callable[[], object]) -> None:
    with app.app_context():
        with pytest.raises(ServiceError) as refused:
            write()
        db.session.rollback()
        assert TURNS in refused.value.message, (what, refused.value.message)
        assert refused.value.field == field, (what, refused.value.field)
        assert "U+" not in refused.value.message
        assert stored_anywhere(RLO) == []
