"""The shapes of the events API's requests and answers (JSON Schema, OpenAPI
3.0 flavour), merged into :data:`scorekeeper.views.api.schemas.SCHEMAS`.
The field names are the contract; the bounds come from
:mod:`scorekeeper.limits` and the engine."""

from __future__ import annotations

from typing import Any

from scorekeeper.ledger import prize_data, prize_presets, prizes
from scorekeeper.ledger.event_draw import ODD_CHOICES
from scorekeeper.ledger.events import TIE_BREAK_NAMES
from scorekeeper.limits import (
    EVENT_CONTACT,
    EVENT_NAME,
    MAX_ENTRY_CENTS,
    MAX_EVENT_PENALTY,
    MAX_EVENT_PLAYERS,
    MAX_PHOTOS_AT_ONCE,
    MAX_ROUNDS,
    MAX_ROW_ID,
    MAX_SEED,
    MAX_SESSION_HANDS,
    MAX_SESSIONS,
    MAX_TICKET_POINTS,
    PENALTY_REASON,
    PLAYER_NAME,
)
from scorekeeper.policy.acl import EventStage
from scorekeeper.rules import PRESETS
from scorekeeper.services.events.photos import STATES as PHOTO_STATES
from scorekeeper.services.events.signatures import STATUSES as SIGNING_STATUSES
from scorekeeper.views.api.rules_schema import RULES_REF

INT: dict[str, Any] = {"type": "integer"}
TEXT: dict[str, Any] = {"type": "string"}
PERCENT = {"type": "integer", "minimum": 0, "maximum": 100}
SEED = {"type": "integer", "minimum": 0, "maximum": MAX_SEED}
TICKET_POINTS = {"type": "integer", "minimum": -MAX_TICKET_POINTS, "maximum": MAX_TICKET_POINTS}
NAME = {"type": "string", "minLength": 1, "maxLength": PLAYER_NAME}
NAMES = {"type": "array", "items": TEXT}
NUMBERS = {"type": "array", "items": INT}
CONTACT = {"type": "string", "maxLength": EVENT_CONTACT, "nullable": True}
#: Why a penalty is given or a ticket corrected.
REASON = {"type": "string", "minLength": 1, "maxLength": PENALTY_REASON}


STAGE = {"type": "string", "enum": [str(s) for s in EventStage]}


def _object(required: list[str], properties: dict[str, Any], closed: bool = False
            ) -> dict[str, Any]:
    found: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        found["required"] = required
    if closed:
        found["additionalProperties"] = False
    return found


def _array(item: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": item}


ENTRY = _object(["name"], {"name": NAME, "contact": CONTACT}, closed=True)
#: The keys of a prize plan's side pots.
SIDE_POT_KEYS = {"type": "array", "maxItems": prize_data.MAX_SIDE_POTS, "uniqueItems": True,
                 "items": {"type": "string", "pattern": prize_data.SIDE_POT_KEY.pattern}}
STATUS = _object(["number", "name", "checked_in", "from_session", "withdrawn_after"], {
    "number": INT, "name": TEXT, "checked_in": {"type": "boolean"}, "from_session": INT,
    "withdrawn_after": {**INT, "nullable": True}, "side_pots": SIDE_POT_KEYS,
    "duplicate_of": {**INT, "nullable": True}})
TABLE = {"number": INT, "players": NAMES, "numbers": NUMBERS, "night": INT}
PENALTY = _object(["id", "number", "name", "session", "points", "reason", "by", "at",
                   "withdrawn"], {
    "id": INT, "number": INT, "name": TEXT, "session": INT, "points": INT, "reason": TEXT,
    "by": {"type": "string", "nullable": True}, "at": {"type": "string", "format": "date-time"},
    "withdrawn": {**_object(["by", "at", "why"], {
        "by": {"type": "string", "nullable": True},
        "at": {"type": "string", "format": "date-time"},
        "why": {"type": "string", "nullable": True}}), "nullable": True}})

#: A prize plan's own terms (:mod:`scorekeeper.ledger.prizes`), its side pots' alike.
PLAN_TERMS = {
    "prizes": {"type": "array", "maxItems": prizes.MAX_PRIZES, "items": _object(["kind"], {
        "kind": {"type": "string", "enum": list(prizes.KINDS)},
        "place": {"type": "integer", "minimum": 1},
        "cents": {"type": "integer", "minimum": 0}, "percent": PERCENT,
        "weight": {"type": "integer", "minimum": 0},
        "goods": {"type": "string", "maxLength": prizes.GOODS}}, closed=True)},
    "share": PERCENT, "rounding": {"type": "string", "enum": list(prizes.UNITS)},
    "remainder": {"type": "string", "enum": list(prizes.REMAINDERS)},
    **{flag: {"type": "boolean"} for flag in prizes.FLAGS}}
#: A side pot: its key, name, entry and its own plan's terms.
SIDE_POT = _object(["key", "name", "entry_cents", "prizes"], {
    "key": SIDE_POT_KEYS["items"], "drawing": {"type": "boolean"},
    "name": {"type": "string", "minLength": 1, "maxLength": prize_data.SIDE_POT_NAME},
    "entry_cents": {"type": "integer", "minimum": 1,
                    "maximum": prize_data.MAX_SIDE_ENTRY_CENTS},
    **PLAN_TERMS}, closed=True)
#: A prize plan as data (:mod:`scorekeeper.ledger.prize_data`).
PRIZE_PLAN = _object(["prizes"], {
    **PLAN_TERMS, "side_pots": {"type": "array", "maxItems": prize_data.MAX_SIDE_POTS,
                                "items": SIDE_POT}}, closed=True)
#: A prize plan as a new event or a change names it: a preset's name, or the plan.
PRIZE_PLAN_GIVEN = {"oneOf": [{"type": "string", "enum": list(prize_presets.PRESETS)}, PRIZE_PLAN]}

#: A pot's prizes won (or who would win now) and its plan at the pot so far.
POT_PRIZES = {
    "prizes": _array(_object(["label", "numbers", "names", "cents", "each_cents"], {
        "label": TEXT, "numbers": NUMBERS, "names": NAMES, "cents": INT, "each_cents": INT,
        "goods": TEXT})),
    "plan": _object(["prizes", "house_cents", "rounding_cents"], {
        "prizes": _array(_object(["label", "terms", "percent", "cents"], {
            "label": TEXT, "terms": TEXT, "percent": INT, "cents": INT, "goods": TEXT})),
        "house_cents": INT, "rounding_cents": INT})}

#: A photo of a paper ticket and what was read from it (:mod:`.photos`).
TICKET_PHOTO = _object(["id", "session", "table", "state", "reason", "filename", "version",
                        "reading", "ticket"], {
    "id": INT, "session": INT, "table": {**INT, "nullable": True},
    "state": {"type": "string", "enum": list(PHOTO_STATES)},
    "reason": {**TEXT, "nullable": True}, "filename": TEXT, "version": INT,
    "reading": {**_object(["rows", "asked"], {
        "rows": _array(_object(["seat", "name", "total", "confidence", "asked", "box"], {
            "seat": INT, "name": TEXT, "total": {**INT, "nullable": True},
            "confidence": {"type": "number"}, "asked": {**TEXT, "nullable": True},
            "box": NUMBERS})),
        "asked": NAMES}), "nullable": True},
    "ticket": {**INT, "nullable": True}})
#: The photo's version a confirmation or a setting aside was made on.
PHOTO_VERSION = {"type": "integer", "minimum": 1, "maximum": MAX_ROW_ID}

EVENT_SCHEMAS: dict[str, Any] = {
    "PhotoUpload": _object(["photos"], {"photos": {
        "type": "array", "minItems": 1, "maxItems": MAX_PHOTOS_AT_ONCE,
        "items": {"type": "string", "format": "binary"},
        "description": "JPEG, PNG or WebP, one ticket a photo"}}),
    "TicketPhoto": TICKET_PHOTO,
    "TicketPhotos": _object(["photos"], {"photos": _array(TICKET_PHOTO)}),
    "PhotoConfirm": _object(["version"], {
        "version": PHOTO_VERSION,
        "totals": {"type": "object", "additionalProperties": TICKET_POINTS},
        "reason": REASON}, closed=True),
    "PhotoAside": _object(["version", "reason"], {"version": PHOTO_VERSION, "reason": REASON},
                          closed=True),
    "NewEvent": _object(["name", "preset"], {
        "name": {"type": "string", "minLength": 1, "maxLength": EVENT_NAME},
        "preset": {"type": "string", "enum": list(PRESETS)},
        "options": {"type": "object", "nullable": True},
        "played_on": {"type": "string", "format": "date"},
        "sessions": {"type": "integer", "minimum": 1, "maximum": MAX_SESSIONS},
        "rounds": {"type": "integer", "minimum": 1, "maximum": MAX_ROUNDS},
        "hands": {"type": "integer", "minimum": 1, "maximum": MAX_SESSION_HANDS},
        "entry_cents": {"type": "integer", "minimum": 0, "maximum": MAX_ENTRY_CENTS},
        "places": {"type": "array", "items": PERCENT, "maxItems": MAX_EVENT_PLAYERS},
        "session_high": PERCENT, "share": PERCENT,
        "tie_breaks": {"type": "array", "minItems": 1, "uniqueItems": True,
                       "items": {"type": "string", "enum": list(TIE_BREAK_NAMES)}},
        "odd": {"type": "string", "enum": list(ODD_CHOICES)},
        "signatures": {"type": "boolean"}, "prize_plan": PRIZE_PLAN_GIVEN}, closed=True),
    "EventCreated": _object(["id", "director_token", "view_token", "view_url"], {
        "id": INT, "director_token": TEXT, "view_token": TEXT, "view_url": TEXT}),
    "Event": _object(["id", "name", "played_on", "preset", "rules", "sessions", "rounds",
                      "hands", "entry_cents", "places", "session_high", "share", "tie_breaks",
                      "prize_plan", "finished", "stage", "version", "players"], {
        "id": INT, "name": TEXT, "played_on": {"type": "string", "format": "date"},
        "preset": TEXT, "rules": RULES_REF, "sessions": INT,
        "rounds": {**INT, "nullable": True}, "hands": {**INT, "nullable": True},
        "entry_cents": INT, "places": NUMBERS, "session_high": INT, "share": INT,
        "tie_breaks": NAMES, "odd": TEXT, "signatures": {"type": "boolean"},
        "prize_plan": PRIZE_PLAN, "finished": {"type": "boolean"},
        "stage": STAGE, "version": INT, "players": _array(STATUS)}),
    "EventSettings": _object([], {
        "tie_breaks": {"type": "array", "minItems": 1, "uniqueItems": True,
                       "items": {"type": "string", "enum": list(TIE_BREAK_NAMES)}},
        "signatures": {"type": "boolean"}, "prize_plan": PRIZE_PLAN_GIVEN}, closed=True),
    "SettingsChanged": _object(["changed", "tie_breaks", "signatures", "prize_plan"], {
        "changed": NAMES, "tie_breaks": NAMES, "signatures": {"type": "boolean"},
        "prize_plan": PRIZE_PLAN}),
    "NewPlayers": _object([], {
        "name": NAME, "contact": CONTACT,
        "players": {"type": "array", "minItems": 1, "maxItems": MAX_EVENT_PLAYERS,
                    "items": ENTRY},
        "from_session": {"type": "integer", "minimum": 1, "maximum": MAX_SESSIONS},
        "checked_in": {"type": "boolean"}, "same_name_ok": {"type": "boolean"},
        "side_pots": SIDE_POT_KEYS}, closed=True),
    "Registered": _object(["players"], {
        "players": _array(_object(["number", "name"], {"number": INT, "name": TEXT}))}),
    "CheckIn": _object([], {"here": {"type": "boolean"}}, closed=True),
    "SeatWalkIn": _object(["number"], {
        "number": {"type": "integer", "minimum": 1, "maximum": MAX_EVENT_PLAYERS}}, closed=True),
    "Seated": _object(["table", "seat"], {"table": INT, "seat": INT, "opened": _object(
        ["number", "players", "night", "edit_token", "code"],
        {**TABLE, "edit_token": TEXT, "code": TEXT})}),
    "Rename": _object(["name"], {"name": NAME, "same_name_ok": {"type": "boolean"}},
                      closed=True),
    "Renamed": _object(["number", "name", "was"], {"number": INT, "name": TEXT, "was": TEXT}),
    "Withdraw": _object(["after"], {
        "after": {"type": "integer", "minimum": 0, "maximum": MAX_SESSIONS},
        "now": {"type": "boolean"}}, closed=True),
    "Withdrawn": _object(["players", "said"], {"players": _array(STATUS), "said": TEXT}),
    "PlayerStatus": _object(["players"], {"players": _array(STATUS)}),
    "SidePotsEntered": _object(["side_pots"], {"side_pots": SIDE_POT_KEYS}, closed=True),
    "InSidePots": _object(["players", "said", "side_pots"], {
        "players": _array(STATUS), "said": TEXT, "side_pots": SIDE_POT_KEYS}),
    "SideDraw": _object([], {"seed": SEED, "again": {"type": "boolean"},
                             "reason": {"type": "string", "maxLength": PENALTY_REASON}},
                        closed=True),
    "SideDrawn": _object(["key", "seed", "order", "said"], {
        "key": TEXT, "seed": INT, "order": NUMBERS, "said": TEXT}),
    "Duplicate": _object(["of"], {"of": {**INT, "nullable": True}}, closed=True),
    "MarkedDuplicate": _object(["players", "said", "duplicate_of"], {
        "players": _array(STATUS), "said": TEXT, "duplicate_of": {**INT, "nullable": True}}),
    "SeatFix": _object(["a", "b", "reason"], {
        "a": INT, "b": INT, "reason": {"type": "string", "maxLength": PENALTY_REASON}},
        closed=True),
    "SeatsFixed": _object(["said", "tables"], {"said": TEXT, "tables": _array(_object(
        ["number", "players", "numbers"], {"number": INT, "players": NAMES,
                                           "numbers": NUMBERS}))}),
    "Draw": _object([], {"seed": {**SEED, "nullable": True}}, closed=True),
    "Drawn": _object(["session", "seed", "repeated_pairs", "met_again", "byes", "tables"], {
        "session": INT, "seed": INT, "repeated_pairs": INT, "met_again": _array(NUMBERS),
        "byes": NUMBERS,
        "tables": _array(_object(["number", "players", "night", "edit_token", "code"], {
            **TABLE, "edit_token": TEXT, "code": TEXT}))}),
    "Session": _object(["session", "seed", "repeated_pairs", "met_again", "byes", "tables"], {
        "session": INT, "seed": INT, "repeated_pairs": INT, "met_again": _array(NUMBERS),
        "byes": NUMBERS, "unseated": NUMBERS,
        "tables": _array(_object(["number", "players", "night", "hands", "due", "done"], {
            **TABLE, "hands": INT, "due": INT, "done": {"type": "boolean"},
            "ticket": {"type": "boolean"},
            "signing": {"type": "string", "enum": list(SIGNING_STATUSES)}}))}),
    "NewPenalty": _object(["number", "session", "points", "reason"], {
        "number": {"type": "integer", "minimum": 1, "maximum": MAX_EVENT_PLAYERS},
        "session": {"type": "integer", "minimum": 1, "maximum": MAX_SESSIONS},
        "points": {"type": "integer", "minimum": 1, "maximum": MAX_EVENT_PENALTY},
        "reason": REASON}, closed=True),
    "Penalty": PENALTY,
    "Penalties": _object(["penalties"], {"penalties": _array(PENALTY)}),
    "NewTicket": _object(["totals"], {
        "totals": {"type": "object", "additionalProperties": TICKET_POINTS},
        "signed": {"type": "boolean"}, "with_phone": {"type": "boolean"}}, closed=True),
    "Ticket": _object(["session", "table", "totals"], {
        "session": INT, "table": INT,
        "totals": {"type": "object", "additionalProperties": INT}}),
    "TicketCorrection": _object(["totals", "reason"], {
        "totals": {"type": "object", "additionalProperties": TICKET_POINTS},
        "reason": REASON}, closed=True),
    "TicketWithdrawal": _object(["reason"], {"reason": REASON}, closed=True),
    "PenaltyWithdrawal": _object([], {"reason": {**REASON, "nullable": True}}, closed=True),
    "TicketWithdrawn": _object(["session", "table", "withdrawn"], {
        "session": INT, "table": INT,
        "withdrawn": {"type": "object", "additionalProperties": INT}}),
    "MarkDone": _object(["done"], {"done": {"type": "boolean"}}, closed=True),
    "TableDone": _object(["session", "table", "done"], {
        "session": INT, "table": INT, "done": {"type": "boolean"}}),
    "NewCode": _object([], {"revoke": {"type": "boolean"}}, closed=True),
    "TableCode": _object(["session", "table", "night", "code", "claim_url", "expires_at"], {
        "session": INT, "table": INT, "night": INT, "code": TEXT, "claim_url": TEXT,
        "expires_at": {"type": "string", "format": "date-time"}}),
    "Directors": _object(["directors"], {"directors": _array(_object(
        ["id", "label", "since", "you"], {"id": INT, "label": TEXT,
                                          "since": {"type": "string", "format": "date-time"},
                                          "you": {"type": "boolean"}}))}),
    "Revoked": _object(["revoked"], {"revoked": _object(["id", "label"], {
        "id": INT, "label": TEXT})}),
    "StageChange": _object(["stage", "finished_at", "since", "moved"], {
        "stage": STAGE, "finished_at": {"type": "string", "format": "date-time",
                                        "nullable": True},
        "since": NAMES, "moved": NAMES}),
    "EventStandings": _object(["final", "stage", "all_tables_done", "started", "pot_cents",
                               "house_cents", "rounding_cents", "tie_breaks", "tie_notes",
                               "players", "session_high", "prizes", "plan"], {
        "final": {"type": "boolean"}, "stage": STAGE, "all_tables_done": {"type": "boolean"},
        "started": {"type": "boolean"},
        "pot_cents": INT, "house_cents": INT, "rounding_cents": INT, "tie_breaks": NAMES,
        "tie_notes": NAMES,
        "players": _array(_object(["number", "name", "total", "sessions", "played",
                                   "penalties", "rank", "first_seat"], {
            "number": INT, "name": TEXT, "total": INT, "sessions": NUMBERS, "played": NUMBERS,
            "penalties": INT, "rank": INT,
            "first_seat": {**_object(["session", "table", "seat"], {
                "session": INT, "table": INT, "seat": INT}), "nullable": True}})),
        "session_high": _array(_object(["session", "numbers", "names", "points", "cents",
                                        "each_cents"], {
            "session": INT, "numbers": NUMBERS, "names": NAMES, "points": INT, "cents": INT,
            "each_cents": INT})),
        **POT_PRIZES, "entries": INT, "entry_cents": INT, "taken_cents": INT,
        "side_pots": _array(_object(["key", "name", "entries", "entry_cents", "pot_cents",
                                     "numbers", "house_cents", "rounding_cents", "prizes",
                                     "plan"], {
            "key": TEXT, "name": TEXT, "drawing": {"type": "boolean"}, "drawn": {"type": "boolean"},
            "entries": INT, "entry_cents": INT, "pot_cents": INT,
            "numbers": NUMBERS, "house_cents": INT, "rounding_cents": INT,
            **POT_PRIZES}))}),
}
