"""The JSON API described in OpenAPI 3.0, served at ``/api/v1/openapi.json``
(the same contract as ``docs/api.md``; the test suite runs schemathesis
against it, so the description and the app can't drift apart unnoticed).
"""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from scorekeeper.limits import (
    API_MAX_HANDS,
    MAX_BASE,
    MAX_PLAYERS,
    MAX_STAKE_CENTS,
    PLAYER_NAME,
    SAID,
    TABLE_NAME,
)
from scorekeeper.rules import PRESETS, Kind, Tricks
from scorekeeper.rules.cards import TOTAL_POINTS
from scorekeeper.rules.hand_json import REQUEST_FIELDS
from scorekeeper.views.api import bp

NAME = {"type": "string", "minLength": 1, "maxLength": 200}
NULLABLE_NAME = {**NAME, "nullable": True}
NAMES = {"type": "array", "items": NAME, "maxItems": MAX_PLAYERS}
POINTS = {"type": "object", "additionalProperties": {"type": "integer"}}
DATE = {"type": "string", "format": "date"}

HAND_FIELDS: dict[str, Any] = {
    "kind": {"type": "string", "enum": [k.value for k in Kind]},
    "picker": NULLABLE_NAME, "partners": NAMES, "alone": {"type": "boolean"},
    "points": {"type": "integer", "minimum": 0, "maximum": TOTAL_POINTS, "nullable": True},
    "tricks": {"type": "string", "enum": [t.value for t in Tricks]},
    "cracks": {"type": "integer", "minimum": 0, "maximum": 3},
    "blitzes": {"type": "integer", "minimum": 0, "maximum": 2},
    "declared_doubler": {"type": "boolean"}, "forced": {"type": "boolean"},
    "king_of_diamonds_cut": {"type": "boolean"}, "stolen_from": NULLABLE_NAME,
    "no_trick_pickers": NAMES, "winner": NULLABLE_NAME, "offender": NULLABLE_NAME,
    "dealer": NULLABLE_NAME, "seated": {**NAMES, "nullable": True},
    "last_round": {"type": "boolean"}, "second_winner": NULLABLE_NAME,
    "payouts": {"type": "object", "additionalProperties": {"type": "integer"}},
    "note": {"type": "string", "maxLength": 200, "nullable": True}, "losers": NAMES,
}
assert set(HAND_FIELDS) == set(REQUEST_FIELDS)

SCHEMAS: dict[str, Any] = {
    "Error": {"type": "object", "required": ["error"], "properties": {
        "error": {"type": "string", "minLength": 1}, "field": {"type": "string"}}},
    "Hand": {"type": "object", "additionalProperties": False, "properties": HAND_FIELDS},
    "HandResult": {"type": "object", "required": [
        "id", "number", "dealer", "seated", "payouts", "doubled", "multiplier", "doubled_by",
        "pending_doublers", "kind", "said", "badges"], "properties": {
        **HAND_FIELDS, "id": {"type": "integer"}, "number": {"type": "integer", "minimum": 1},
        "dealer": NAME, "seated": NAMES, "payouts": POINTS, "doubled": {"type": "boolean"},
        "multiplier": {"type": "integer", "minimum": 1},
        "doubled_by": {"type": "array", "items": {"type": "integer"}},
        "pending_doublers": {"type": "integer", "minimum": 0},
        "said": {"type": "string"}, "badges": {"type": "array", "items": {"type": "string"}}}},
    "NewTable": {"type": "object", "additionalProperties": False,
                 "required": ["name", "players", "preset"], "properties": {
                     "name": {"type": "string", "minLength": 1, "maxLength": TABLE_NAME},
                     "players": {"type": "array", "minItems": 2, "maxItems": MAX_PLAYERS,
                                 "items": {"type": "string", "minLength": 1,
                                           "maxLength": PLAYER_NAME}},
                     "preset": {"type": "string", "enum": list(PRESETS)},
                     "options": {"type": "object", "properties": {
                         "base": {"type": "integer", "minimum": 1, "maximum": MAX_BASE}}},
                     "stake_cents": {"type": "integer", "minimum": 0,
                                     "maximum": MAX_STAKE_CENTS},
                     "group": {"type": "integer", "minimum": 1},
                     "played_on": DATE}},
    "NewGroup": {"type": "object", "additionalProperties": False, "required": ["name"],
                 "properties": {
                     "name": {"type": "string", "minLength": 1, "maxLength": TABLE_NAME},
                     "players": {"type": "array", "maxItems": MAX_PLAYERS, "items": {
                         "type": "string", "minLength": 1, "maxLength": PLAYER_NAME}},
                     "preset": {"type": "string", "enum": list(PRESETS)},
                     "options": {"type": "object", "properties": {
                         "base": {"type": "integer", "minimum": 1, "maximum": MAX_BASE}}},
                     "stake_cents": {"type": "integer", "minimum": 0,
                                     "maximum": MAX_STAKE_CENTS}}},
    "GroupCreated": {"type": "object", "required": ["id", "edit_token", "view_token",
                                                    "view_url"], "properties": {
        "id": {"type": "integer"}, "edit_token": {"type": "string"},
        "view_token": {"type": "string"}, "view_url": {"type": "string"}}},
    "Group": {"type": "object", "required": ["id", "name", "players", "preset", "options",
                                             "stake_cents", "version", "nights"],
              "properties": {
                  "id": {"type": "integer"}, "name": {"type": "string"}, "players": {
                      "type": "array", "items": NAME},
                  "preset": {"type": "string"}, "options": {"type": "object"},
                  "stake_cents": {"type": "integer"}, "version": {"type": "integer"},
                  "nights": {"type": "array", "items": {"type": "object", "required": [
                      "id", "played_on", "hands", "players", "closed", "settled"],
                      "properties": {
                          "id": {"type": "integer"}, "name": {"type": "string"},
                          "played_on": DATE, "hands": {"type": "integer"},
                          "players": NAMES, "closed": {"type": "boolean"},
                          "settled": {"type": "string", "nullable": True,
                                      "enum": ["table", "carried", "group", None]}}}}}},
    "GroupStandings": {"type": "object", "required": ["nights", "hands", "balances",
                                                      "balances_cents", "players"],
                       "properties": {
                           "from": {**DATE, "nullable": True}, "to": {**DATE, "nullable": True},
                           "nights": {"type": "integer", "minimum": 0},
                           "hands": {"type": "integer", "minimum": 0},
                           "balances": POINTS, "balances_cents": POINTS,
                           "players": {"type": "array", "items": {"type": "object"}}}},
    "GroupPlayer": {"type": "object", "required": ["name", "nights", "hands", "points",
                                                   "cents"], "properties": {
        "name": NAME, "nights": {"type": "integer", "minimum": 0},
        "hands": {"type": "integer", "minimum": 0}, "points": {"type": "integer"},
        "cents": {"type": "integer"}}},
    "GroupSettlement": {"type": "object", "required": ["transfers", "nights", "owed_cents"],
                        "properties": {
        "transfers": {"type": "array", "items": {"$ref": "#/components/schemas/Transfer"}},
        "nights": {"type": "array", "items": {"type": "integer"}},
        "owed_cents": POINTS}},
    "Paid": {"type": "object", "additionalProperties": False, "properties": {
        "nights": {"type": "array", "items": {"type": "integer", "minimum": 1}}}},
    "Cleared": {"type": "object", "required": ["cleared"], "properties": {
        "cleared": {"type": "integer", "minimum": 0}}},
    "Close": {"type": "object", "additionalProperties": False, "properties": {
        "carry": {"type": "boolean"}}},
    "Closed": {"type": "object", "required": ["id", "closed", "settled"], "properties": {
        "id": {"type": "integer"}, "closed": {"type": "boolean"},
        "settled": {"type": "string", "nullable": True}}},
    "Created": {"type": "object", "required": ["id", "edit_token", "view_token", "view_url",
                                               "rules"], "properties": {
        "id": {"type": "integer"}, "edit_token": {"type": "string"},
        "view_token": {"type": "string"}, "view_url": {"type": "string"},
        "rules": {"type": "object"}}},
    "Table": {"type": "object", "required": ["id", "name", "players", "rules", "stake_cents",
                                             "closed", "preset", "present"], "properties": {
        "id": {"type": "integer"}, "name": {"type": "string"}, "players": NAMES,
        "rules": {"type": "object"}, "stake_cents": {"type": "integer"},
        "closed": {"type": "boolean"}, "preset": {"type": "string"}, "present": NAMES,
        "group": {"type": "integer", "nullable": True},
        "played_on": {**DATE, "nullable": True},
        "settled": {"type": "string", "nullable": True}}},
    "Standings": {"type": "object", "required": ["balances", "balances_cents", "hands",
                                                 "pending_doublers", "next_dealer"],
                  "properties": {
                      "balances": POINTS, "balances_cents": POINTS,
                      "hands": {"type": "integer", "minimum": 0},
                      "pending_doublers": {"type": "integer", "minimum": 0},
                      "pending_from": {"type": "array", "items": {"type": "integer"}},
                      "next_dealer": NAME}},
    "Transfer": {"type": "object", "required": ["from", "to", "cents"], "properties": {
        "from": NAME, "to": NAME, "cents": {"type": "integer", "minimum": 1}}},
    "Settlement": {"type": "object", "required": ["transfers"], "properties": {
        "transfers": {"type": "array", "items": {"$ref": "#/components/schemas/Transfer"}},
        "paid_early": {"type": "array", "items": {"$ref": "#/components/schemas/Transfer"}},
        "corrections": {"type": "array", "items": {"$ref": "#/components/schemas/Correction"}}}},
    "Correction": {"type": "object", "required": ["player", "paid_cents", "owed_cents", "text"],
                   "properties": {"player": NAME, "paid_cents": {"type": "integer"},
                                  "owed_cents": {"type": "integer"},
                                  "text": {"type": "string"}}},
    "Preset": {"type": "object", "required": ["id", "name", "seats", "options"], "properties": {
        "id": {"type": "string"}, "name": {"type": "string"}, "seats": {"type": "integer"},
        "options": {"type": "object"}, "summary": {"type": "string"},
        "seeds": {"type": "array", "items": {"type": "string"}}}},
    "Words": {"type": "object", "additionalProperties": False, "required": ["text"],
              "properties": {"text": {"type": "string", "minLength": 1, "maxLength": SAID}}},
    "Export": {"type": "object", "required": ["format"], "properties": {
        "format": {"type": "string"}}},
}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


ERRORS = {"default": _json(_ref("Error"), "Refused: the error, and the field at fault")}
TABLE_ID = {"name": "table_id", "in": "path", "required": True,
            "schema": {"type": "integer", "minimum": 1}}
GROUP_ID = {"name": "group_id", "in": "path", "required": True,
            "schema": {"type": "integer", "minimum": 1}}
NUMBER = {"name": "number", "in": "path", "required": True,
          "schema": {"type": "integer", "minimum": 1}}
IF_MATCH = {"name": "If-Match", "in": "header", "required": False,
            "schema": {"type": "string"}, "description": "The table's ETag this write is for"}
KEY = {"name": "Idempotency-Key", "in": "header", "required": False,
       "schema": {"type": "string", "minLength": 1, "maxLength": 100}}
EDIT: list[dict[str, list[str]]] = [{"bearer": []}]


def _op(summary: str, responses: dict[str, Any], parameters: list[Any] | None = None,
        body: str | None = None, security: list[Any] | None = None) -> dict[str, Any]:
    operation: dict[str, Any] = {"summary": summary, "responses": {**responses, **ERRORS}}
    if parameters:
        operation["parameters"] = parameters
    if body:
        operation["requestBody"] = {"required": True, "content": {
            "application/json": {"schema": _ref(body)}}}
    operation["security"] = security if security is not None else EDIT
    return operation


def document() -> dict[str, Any]:
    """The OpenAPI document."""
    hand_list = {"type": "array", "items": _ref("HandResult")}
    window = [{"name": "from", "in": "query", "required": False,
               "schema": {"type": "integer", "minimum": 1}},
              {"name": "limit", "in": "query", "required": False,
               "schema": {"type": "integer", "minimum": 1, "maximum": API_MAX_HANDS}}]
    before = {"name": "before", "in": "query", "required": False,
              "schema": {"type": "integer", "minimum": 1}}
    season = [{"name": "season", "in": "query", "required": False,
               "schema": {"type": "string"}, "description": "YYYY or all"},
              {"name": "from", "in": "query", "required": False, "schema": DATE},
              {"name": "to", "in": "query", "required": False, "schema": DATE}]
    return {
        "openapi": "3.0.3",
        "info": {"title": "Sheepshead Scorekeeper", "version": "1",
                 "description": "See docs/api.md. View tokens read; edit tokens write."},
        "servers": [{"url": "/api/v1"}],
        "components": {"schemas": SCHEMAS, "securitySchemes": {
            "bearer": {"type": "http", "scheme": "bearer"}}},
        "paths": {
            "/presets": {"get": _op("The presets, every option resolved", {
                "200": _json({"type": "array", "items": _ref("Preset")}, "Presets")},
                security=[])},
            "/tables": {"post": _op("Start a table", {"201": _json(_ref("Created"), "Made")},
                                    [KEY], "NewTable", security=[])},
            "/tables/import": {"post": _op("Recreate an exported table", {
                "201": _json(_ref("Created"), "Imported")}, [KEY], "Export", security=[])},
            "/tables/{table_id}": {"get": _op("The table", {"200": _json(_ref("Table"), "It")},
                                              [TABLE_ID])},
            "/tables/{table_id}/hands": {
                "get": _op("A window of the hands' results", {"200": _json(hand_list, "Hands")},
                           [TABLE_ID, *window]),
                "post": _op("Record a hand (or insert it before hand n)", {
                    "201": _json(_ref("HandResult"), "Recorded")},
                    [TABLE_ID, before, IF_MATCH, KEY], "Hand")},
            "/tables/{table_id}/hands/{number}": {
                "get": _op("One hand's result", {"200": _json(_ref("HandResult"), "It")},
                           [TABLE_ID, NUMBER]),
                "put": _op("Replace a hand; later hands replay", {
                    "200": _json(_ref("HandResult"), "Replaced")},
                    [TABLE_ID, NUMBER, IF_MATCH, KEY], "Hand"),
                "delete": _op("Delete a hand; later hands renumber", {
                    "204": {"description": "Deleted"}}, [TABLE_ID, NUMBER, IF_MATCH, KEY])},
            "/tables/{table_id}/words": {"post": _op(
                "The hand said in words, ready to record (saves nothing; view token too)", {
                    "200": _json(_ref("Hand"), "The hand as understood")}, [TABLE_ID],
                "Words")},
            "/tables/{table_id}/standings": {"get": _op("Balances and what is next", {
                "200": _json(_ref("Standings"), "Standings")}, [TABLE_ID])},
            "/tables/{table_id}/settlement": {"get": _op("Who pays whom", {
                "200": _json(_ref("Settlement"), "Transfers")}, [TABLE_ID, {
                    "name": "round", "in": "query", "required": False,
                    "schema": {"type": "string", "enum": ["none", "quarters", "dollars"]}}, {
                    "name": "bank", "in": "query", "required": False,
                    "schema": {"type": "string"}}])},
            "/tables/{table_id}/export": {"get": _op("The whole table, history included", {
                "200": _json(_ref("Export"), "The export")}, [TABLE_ID])},
            "/tables/{table_id}/close": {"post": _op(
                "End the night (a group's: paid, or carried to its tab)", {
                    "200": _json(_ref("Closed"), "Closed")}, [TABLE_ID], "Close")},
            "/groups": {"post": _op("Start a group", {
                "201": _json(_ref("GroupCreated"), "Made")}, [KEY], "NewGroup", security=[])},
            "/groups/import": {"post": _op("Recreate an exported group", {
                "201": _json(_ref("GroupCreated"), "Imported")}, [KEY], "Export",
                security=[])},
            "/groups/{group_id}": {"get": _op("The group and its nights", {
                "200": _json(_ref("Group"), "It")}, [GROUP_ID])},
            "/groups/{group_id}/standings": {"get": _op("A season's standings", {
                "200": _json(_ref("GroupStandings"), "Standings")}, [GROUP_ID, *season])},
            "/groups/{group_id}/players/{name}": {"get": _op("A player's season", {
                "200": _json(_ref("GroupPlayer"), "The player")},
                [GROUP_ID, {"name": "name", "in": "path", "required": True,
                            "schema": {"type": "string", "minLength": 1}}, *season])},
            "/groups/{group_id}/settlement": {"get": _op("Who pays whom over the tab", {
                "200": _json(_ref("GroupSettlement"), "Transfers")}, [GROUP_ID])},
            "/groups/{group_id}/settlement/paid": {"post": _op(
                "The tab was paid: its nights clear", {
                    "200": _json(_ref("Cleared"), "Cleared")}, [GROUP_ID, KEY], "Paid")},
            "/groups/{group_id}/export": {"get": _op("The whole group, every night", {
                "200": _json(_ref("Export"), "The export")}, [GROUP_ID])},
        },
    }


@bp.get("/openapi.json")
def openapi() -> Response:
    """This API described in OpenAPI 3.0."""
    return jsonify(document())
