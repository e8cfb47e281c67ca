"""The shapes of bringing a group's history in from a spreadsheet over the
API (JSON Schema, OpenAPI 3.0 flavour), merged into
:data:`scorekeeper.views.api.schemas.SCHEMAS`: the body that sends a sheet
(to preview it, or to confirm it), the preview and the import it answers,
and taking an import back."""

from __future__ import annotations

from typing import Any

from scorekeeper.limits import (
    MAX_MEMBERS,
    MAX_SHEET_BODY,
    MAX_SHEET_COLUMNS,
    MAX_SHEET_NIGHTS,
    MAX_SHEET_TABS,
    MAX_STAKE_CENTS,
    PENALTY_REASON,
    PLAYER_NAME,
)
from scorekeeper.services.background import jobs
from scorekeeper.services.groups.sheets.columns import DateOrder, Role, Shape, Unit
from scorekeeper.services.groups.sheets.preview import ZEROS

INT: dict[str, Any] = {"type": "integer"}
TEXT: dict[str, Any] = {"type": "string"}
TEXTS: dict[str, Any] = {"type": "array", "items": TEXT}
POINTS: dict[str, Any] = {"type": "object", "additionalProperties": INT}
ROLE = {"type": "string", "enum": [str(r) for r in Role]}
SHAPE = {"type": "string", "enum": [str(s) for s in Shape]}
UNIT = {"type": "string", "enum": [str(u) for u in Unit]}
ORDER = {"type": "string", "enum": [str(d) for d in DateOrder]}

#: A remembered spelling of a member's name.
ALIAS = {"type": "object", "required": ["id", "alias", "member"], "properties": {
    "id": {"type": "integer"}, "alias": {"type": "string"}, "member": {"type": "string"}}}

SHEET_SCHEMAS: dict[str, Any] = {
    "SheetImport": {"type": "object", "additionalProperties": False, "properties": {
        "sheet": {"type": "string", "maxLength": MAX_SHEET_BODY,
                  "description": "The text of a CSV or TSV file (a Google Sheets CSV export)"},
        "xlsx": {"type": "string", "maxLength": MAX_SHEET_BODY,
                 "description": "An .xlsx workbook, its bytes in base64"},
        "filename": {"type": "string", "maxLength": 120},
        "files": {"type": "array", "minItems": 1, "maxItems": MAX_SHEET_TABS,
                  "description": "Several files of one export together (a table a file, "
                                 "joined by their ids), instead of sheet or xlsx",
                  "items": {"type": "object", "additionalProperties": False,
                            "required": ["filename"], "properties": {
                                "filename": {"type": "string", "maxLength": 120},
                                "sheet": {"type": "string", "maxLength": MAX_SHEET_BODY},
                                "xlsx": {"type": "string", "maxLength": MAX_SHEET_BODY}}}},
        "tab": {"oneOf": [{"type": "integer", "minimum": 0, "maximum": MAX_SHEET_TABS - 1},
                          {"type": "string", "enum": ["all"]}],
                "description": "The sheet of a workbook (0 first), or all of them together"},
        "columns": {"type": "array", "items": ROLE, "maxItems": MAX_SHEET_COLUMNS,
                    "description": "Each column's role, the header's order"},
        "shape": SHAPE, "unit": UNIT, "dates": ORDER,
        "stake_cents": {"type": "integer", "minimum": 0, "maximum": MAX_STAKE_CENTS},
        "names": {"type": "object", "maxProperties": 2 * MAX_MEMBERS,
                  "additionalProperties": {"type": "string", "nullable": True},
                  "description": "A name of the sheet → the member it is (null: new)"},
        "exclude": {"type": "array", "items": TEXT, "maxItems": MAX_SHEET_NIGHTS,
                    "description": "The nights left out, by key (the nights already in "
                                   "the group are left out whatever it says)"},
        "bring_again": {"type": "array", "items": TEXT, "maxItems": MAX_SHEET_NIGHTS,
                        "description": "Nights already in the group (or twice in the file) "
                                       "to bring in all the same, by key"},
        "zeros": {"oneOf": [{"type": "string", "enum": list(ZEROS)},
                            {"type": "object", "maxProperties": MAX_SHEET_TABS,
                             "additionalProperties": {"type": "string", "enum": list(ZEROS)}}],
                  "description": "In a sheet giving everyone a number every night, what a "
                                 "0 is (left out: as the sheet looks); or that for each sheet "
                                 "of the workbook by its name"},
        "confirm": {"type": "boolean"},
        "version": {"type": "integer", "minimum": 0},
        "new_members": {"type": "array", "items": {"type": "string",
                                                    "maxLength": PLAYER_NAME},
                        "maxItems": MAX_MEMBERS}}},
    "SheetAnswer": {"type": "object", "required": ["confirmed", "version"], "properties": {
        "confirmed": {"type": "boolean"},
        "version": INT,
        "import": INT, "nights_made": {"type": "array", "items": INT},
        "members_added": INT, "summary": TEXT,
        "file": {"type": "object", "properties": {
            "filename": TEXT, "kind": TEXT, "sheets": TEXTS,
            "tab": {"oneOf": [INT, {"type": "string", "enum": ["all"]}]}, "source": TEXT,
            "joins": TEXTS}},
        "columns": {"type": "array", "items": {"type": "object", "properties": {
            "header": TEXT, "role": ROLE}}},
        "shape": SHAPE, "unit": UNIT, "dates": {**ORDER, "nullable": True},
        "dates_said": TEXT, "stake_cents": INT, "rules": TEXT,
        "problems": TEXTS, "skipped": TEXTS, "new_members": TEXTS,
        "names": {"type": "array", "items": {"type": "object", "properties": {
            "sheet": TEXT, "name": TEXT, "member": {"type": "boolean"}, "how": TEXT,
            "problem": {"type": "string", "nullable": True}}}},
        "nights": {"type": "array", "items": {"type": "object", "properties": {
            "key": TEXT, "played_on": {"type": "string", "format": "date"},
            "rows": {"type": "array", "items": INT}, "kept_as": TEXT, "hands": INT,
            "players": TEXTS, "points": POINTS,
            "cents": {**POINTS, "nullable": True}, "flags": TEXTS, "notes": TEXTS,
            "already": {"type": "string", "nullable": True},
            "excluded": {"type": "boolean"}}}},
        "zeros": {"type": "string", "enum": list(ZEROS), "nullable": True},
        "sheet_zeros": {"type": "object",
                        "additionalProperties": {"type": "string", "enum": list(ZEROS)}},
        "nothing_new": {"type": "boolean"},
        "ready": {"type": "boolean"}, "refusal": {"type": "string", "nullable": True}}},
    "Alias": ALIAS,
    "Forgetting": {"type": "object", "additionalProperties": False, "properties": {
        "reason": {"type": "string", "minLength": 1, "maxLength": PENALTY_REASON,
                   "nullable": True}}},
    "Aliases": {"type": "object", "required": ["aliases"], "properties": {
        "aliases": {"type": "array", "items": ALIAS}}},
    "UndoImport": {"type": "object", "additionalProperties": False,
                   "required": ["import", "version"], "properties": {
                       "import": {"type": "integer", "minimum": 1},
                       "version": {"type": "integer", "minimum": 0}}},
    "ImportUndone": {"type": "object", "required": ["undone", "version"], "properties": {
        "undone": INT, "version": INT}},
    "Job": {"type": "object", "required": [
        "job", "kind", "state", "stage", "done", "total", "status", "answer", "at",
        "finished_at", "url"], "properties": {
        "job": INT, "kind": {"type": "string", "enum": list(jobs.KINDS)},
        "state": {"type": "string", "enum": ["waiting", "working", "done", "refused"]},
        "stage": TEXT, "done": INT, "total": INT,
        "status": {"type": "integer", "nullable": True},
        "answer": {"type": "object", "nullable": True,
                   "description": "Once finished: what the write answers (its body, or "
                                  "its refusal's {error, code, field}) with status"},
        "at": {"type": "string", "format": "date-time"},
        "finished_at": {"type": "string", "format": "date-time", "nullable": True},
        "url": TEXT}},
}
