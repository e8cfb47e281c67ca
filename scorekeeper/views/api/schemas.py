"""The shapes of the JSON API's requests and answers, as JSON Schema (OpenAPI
3.0 flavour), declared once: the OpenAPI document (:mod:`.openapi`) shows
them, and the request checks ask :mod:`.contract` which fields each body
has.  Bounds come from :mod:`scorekeeper.limits` and the engine.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.limits import (
    MAX_BASE,
    MAX_PAYMENT_CENTS,
    MAX_PLAYERS,
    MAX_STAKE_CENTS,
    PENALTY_REASON,
    PLAYER_NAME,
    SAID,
    TABLE_NAME,
)
from scorekeeper.policy.acl import Action, EventWrite, OwnerAction, Stage
from scorekeeper.rating.ladder import KINDS
from scorekeeper.rules import PRESETS, Kind, Tricks
from scorekeeper.rules.cards import TOTAL_POINTS
from scorekeeper.rules.hand_json import REQUEST_FIELDS, RESULT_FIELDS
from scorekeeper.services import Code, registry
from scorekeeper.services.events.signatures import STATUSES as SIGNING_STATUSES
from scorekeeper.services.grants.grants import ROTATIONS
from scorekeeper.views.api.events.schemas import EVENT_SCHEMAS
from scorekeeper.views.api.rules_schema import RULES, RULES_REF
from scorekeeper.views.api.sheets.schemas import SHEET_SCHEMAS

NAME = {"type": "string", "minLength": 1, "maxLength": PLAYER_NAME}
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

INT = {"type": "integer"}
COUNT = {"type": "integer", "minimum": 0}
A_NIGHT = {"type": "object", "nullable": True, "required": ["table", "played_on", "points",
                                                            "cents"], "properties": {
    "table": INT, "played_on": DATE, "points": INT, "cents": INT}}
A_HAND = {"type": "object", "nullable": True, "required": ["table", "played_on", "hand",
                                                           "points"], "properties": {
    "table": INT, "played_on": DATE, "hand": {"type": "integer", "minimum": 1}, "points": INT}}
#: A player's skill rating (docs/groups.md, "Rating"): ``rating`` is the number shown,
#: ``provisional`` under the standings' ``rating_settled_nights`` nights (docs/rating.md).
RATING = {"type": "object", "required": ["rank", "name", "rating", "trend", "games", "nights",
                                         "provisional", "mu", "sigma"], "properties": {
    "rank": {"type": "integer", "minimum": 1}, "name": NAME, "rating": INT,
    "trend": {"type": "integer", "nullable": True}, "games": COUNT, "nights": COUNT,
    "provisional": {"type": "boolean"},
    "mu": {"type": "number"}, "sigma": {"type": "number", "minimum": 0}}}
A_PARTNER = {"type": "object", "nullable": True, "required": ["name", "won", "together"],
             "properties": {"name": NAME, "won": COUNT, "together": COUNT}}
AN_OPPONENT = {"type": "object", "nullable": True, "required": ["name", "lost", "against"],
               "properties": {"name": NAME, "lost": COUNT, "against": COUNT}}
#: A player's season (GET /groups/<id>/players/<name>): every key, always.
#: Which rating a range answers: "lifetime" (all time, every game alike) or
#: "form" (a season or dates, game by game; docs/rating.md).
RATING_KIND: dict[str, Any] = {"type": "string", "enum": list(KINDS)}
PLAYER_SEASON: dict[str, Any] = {
    "name": NAME, "nights": COUNT, "hands": COUNT, "points": INT, "cents": INT,
    "picks": COUNT, "picker_wins": COUNT,
    "picker_win_percent": {"type": "integer", "minimum": 0, "maximum": 100, "nullable": True},
    "partner": COUNT, "partner_wins": COUNT, "leasters_won": COUNT, "winning_nights": COUNT,
    "losing_nights": COUNT, "best_night": A_NIGHT, "worst_night": A_NIGHT,
    "biggest_hand": A_HAND, "worst_hand": A_HAND, "longest_winning_streak": COUNT,
    "longest_losing_streak": COUNT, "current_streak": INT,
    "rating": {**RATING, "nullable": True}, "rating_kind": {**RATING_KIND, "nullable": True},
    "best_partner": A_PARTNER, "toughest_opponent": AN_OPPONENT}
ACTIONS = {"type": "array", "items": {"type": "string", "enum": [str(a) for a in Action]}}

SCHEMAS: dict[str, Any] = {
    "Error": {"type": "object", "required": ["error", "code"], "properties": {
        "error": {"type": "string", "minLength": 1},
        "code": {"type": "string", "enum": [str(c) for c in Code]},
        "field": {"type": "string"},
        "understood": {"type": "object", "description": (
            "With not_understood: the part of the hand that was understood, in the "
            "hand's own fields")},
        "open": {"type": "array", "description": (
            "With not_understood: each player's role the words left open, to answer "
            "before the hand is sent (a body without it is taken as answered)"),
            "items": {"type": "object", "required": ["field", "said", "ask", "label",
                                                     "choices"],
                      "properties": {"field": {"type": "string"}, "said": {"type": "string"},
                                     "ask": {"type": "string", "minLength": 1},
                                     "label": {"type": "string", "minLength": 1},
                                     "choices": NAMES,
                                     "words": {"type": "array", "description": (
                                         "Answers said as words: send text instead "
                                         "(a word placed nowhere left out, a doubler "
                                         "declared or not)"),
                                         "items": {"type": "object",
                                                   "required": ["label", "text"],
                                                   "properties": {
                                                       "label": {"type": "string"},
                                                       "text": {"type": "string"}}}}}}}}},
    "Hand": {"type": "object", "additionalProperties": False, "properties": HAND_FIELDS},
    "NewHand": {"type": "object", "additionalProperties": False, "properties": {
        **HAND_FIELDS, "extra": {"type": "boolean", "description": (
            "A hand past the deals a tournament table plays in its session is "
            "recorded only with extra: true")}}},
    "HandEdit": {"type": "object", "additionalProperties": False, "properties": {
        **HAND_FIELDS, "id": {"type": "integer"}, "number": {"type": "integer"},
        "doubled": {"type": "boolean"}, "multiplier": {"type": "integer"},
        "doubled_by": {"type": "array", "items": {"type": "integer"}},
        "pending_doublers": {"type": "integer"}, "said": {"type": "string"},
        "badges": {"type": "array", "items": {"type": "string"}}}},
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
                 # a group's night takes the group's name, players and rules
                 "anyOf": [{"required": ["name", "players", "preset"]}, {"required": ["group"]}],
                 "properties": {
                     "name": {"type": "string", "minLength": 1, "maxLength": TABLE_NAME},
                     "players": {"type": "array", "minItems": 2, "maxItems": MAX_PLAYERS,
                                 "items": {"type": "string", "minLength": 1,
                                           "maxLength": PLAYER_NAME}},
                     "preset": {"type": "string", "enum": list(PRESETS)},
                     "options": {"type": "object", "nullable": True, "properties": {
                         "base": {"type": "integer", "minimum": 1, "maximum": MAX_BASE}}},
                     "stake_cents": {"type": "integer", "minimum": 0,
                                     "maximum": MAX_STAKE_CENTS},
                     "group": {"type": "integer", "minimum": 1},
                     "set_group_rules": {"type": "boolean"},
                     "played_on": DATE}},
    "NewGroup": {"type": "object", "additionalProperties": False, "required": ["name"],
                 "properties": {
                     "name": {"type": "string", "minLength": 1, "maxLength": TABLE_NAME},
                     "players": {"type": "array", "maxItems": MAX_PLAYERS, "items": {
                         "type": "string", "minLength": 1, "maxLength": PLAYER_NAME}},
                     "preset": {"type": "string", "enum": list(PRESETS)},
                     "options": {"type": "object", "nullable": True, "properties": {
                         "base": {"type": "integer", "minimum": 1, "maximum": MAX_BASE}}},
                     "stake_cents": {"type": "integer", "minimum": 0,
                                     "maximum": MAX_STAKE_CENTS}}},
    "GroupCreated": {"type": "object", "required": ["id", "edit_token", "view_token",
                                                    "view_url"], "properties": {
        "id": {"type": "integer"}, "edit_token": {"type": "string"},
        "view_token": {"type": "string"}, "view_url": {"type": "string"}}},
    "Group": {"type": "object", "required": ["id", "name", "players", "preset", "options",
                                             "stake_cents", "rating", "version", "nights"],
              "properties": {
                  "id": {"type": "integer"}, "name": {"type": "string"}, "players": {
                      "type": "array", "items": NAME},
                  "preset": {"type": "string"}, "options": RULES_REF,
                  "stake_cents": {"type": "integer"}, "rating": {"type": "boolean"},
                  "version": {"type": "integer"},
                  "nights": {"type": "array", "items": {"type": "object", "required": [
                      "id", "played_on", "hands", "players", "closed", "settled"],
                      "properties": {
                          "id": {"type": "integer"}, "name": {"type": "string"},
                          "played_on": DATE, "hands": {"type": "integer"},
                          "players": NAMES, "closed": {"type": "boolean"},
                          "settled": {"type": "string", "nullable": True,
                                      "enum": ["table", "carried", "group", None]},
                          "totals": POINTS, "totals_cents": POINTS}}}}},
    "GroupSettings": {"type": "object", "additionalProperties": False, "required": ["rating"],
                      "properties": {"rating": {"type": "boolean"}}},
    "GroupSettingsChanged": {"type": "object", "required": ["changed", "rating", "version"],
                             "properties": {
                                 "changed": {"type": "array", "items": {"type": "string"}},
                                 "rating": {"type": "boolean"},
                                 "version": {"type": "integer"}}},
    "GroupStandings": {"type": "object", "required": ["nights", "hands", "balances",
                                                      "balances_cents", "players", "rating",
                                                      "ratings",
                                                      "rating_trend_nights",
                                                      "rating_settled_nights"],
                       "properties": {
                           "from": {**DATE, "nullable": True}, "to": {**DATE, "nullable": True},
                           "nights": {"type": "integer", "minimum": 0},
                           "hands": {"type": "integer", "minimum": 0},
                           "balances": POINTS, "balances_cents": POINTS,
                           "players": {"type": "array", "items": {
                               "type": "object",
                               "required": ["rank", "name", "nights", "hands", "points",
                                            "cents"],
                               "properties": {
                                   "rank": {"type": "integer", "minimum": 1},
                                   "name": {"type": "string"}, "nights": COUNT,
                                   "hands": COUNT, "points": {"type": "integer"},
                                   "cents": {"type": "integer"}}}},
                           "rating": {"type": "boolean"},
                           "ratings": {"type": "array", "items": RATING},
                           "rating_trend_nights": COUNT,
                           "rating_settled_nights": {"type": "integer", "minimum": 1},
                           "rating_kind": RATING_KIND}},
    "GroupPlayer": {"type": "object", "required": list(PLAYER_SEASON), "properties":
                    PLAYER_SEASON},
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
        "rules": RULES_REF}},
    "Table": {"type": "object", "required": ["id", "name", "players", "rules", "stake_cents",
                                             "closed", "preset", "present"], "properties": {
        "id": {"type": "integer"}, "name": {"type": "string"}, "players": NAMES,
        "rules": RULES_REF, "stake_cents": {"type": "integer"},
        "closed": {"type": "boolean"}, "preset": {"type": "string"}, "present": NAMES,
        "group": {"type": "integer", "nullable": True},
        "played_on": {**DATE, "nullable": True},
        "settled": {"type": "string", "nullable": True}, "totals": POINTS}},
    "Standings": {"type": "object", "required": ["balances", "balances_cents", "hands",
                                                 "pending_doublers", "next_dealer"],
                  "properties": {
                      "balances": POINTS, "balances_cents": POINTS,
                      "hands": {"type": "integer", "minimum": 0},
                      "pending_doublers": {"type": "integer", "minimum": 0},
                      "pending_from": {"type": "array", "items": {"type": "integer"}},
                      "next_dealer": NULLABLE_NAME, "totals": POINTS, "next_hand": {
                          "type": "object", "required": ["number", "dealer", "seated",
                                                         "sitting_out", "short"],
                          "properties": {"number": {"type": "integer", "minimum": 1},
                                         "dealer": NAME, "seated": NAMES,
                                         "sitting_out": NAMES,
                                         "short": {"type": "integer", "minimum": 0}}}}},
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
        "options": RULES_REF, "summary": {"type": "string"},
        "seeds": {"type": "array", "items": {"type": "string"}}}},
    "Words": {"type": "object", "additionalProperties": False, "required": ["text"],
              "properties": {"text": {"type": "string", "minLength": 1, "maxLength": SAID}}},
    "Export": {"type": "object", "required": ["format"], "properties": {
        "format": {"type": "string"}}},
    "Join": {"type": "object", "additionalProperties": False, "required": ["name"],
             "properties": {"name": {"type": "string", "minLength": 1,
                                     "maxLength": PLAYER_NAME},
                            "after": {**NAME, "nullable": True}}},
    "Sign": {"type": "object", "additionalProperties": False, "required": ["name", "agrees"],
             "properties": {"name": {"type": "string", "minLength": 1,
                                     "maxLength": PLAYER_NAME},
                            "agrees": {"type": "boolean"},
                            "note": {"type": "string", "maxLength": PENALTY_REASON,
                                     "nullable": True}}},
    "Signing": {"type": "object", "required": ["session", "table", "asked", "ready", "status",
                                               "complete", "seats"], "properties": {
        "session": INT, "table": INT, "asked": {"type": "boolean"},
        "ready": {"type": "boolean"},
        "status": {"type": "string", "enum": list(SIGNING_STATUSES)},
        "complete": {"type": "boolean"},
        "seats": {"type": "array", "items": {"type": "object", "required": [
            "seat", "name", "points", "agrees", "note", "at", "before_correction"],
            "properties": {"seat": INT, "name": {"type": "string"}, "points": INT,
                           "agrees": {"type": "boolean", "nullable": True},
                           "note": {"type": "string", "nullable": True},
                           "at": {"type": "string", "format": "date-time", "nullable": True},
                           "before_correction": {"type": "boolean"}}}}}},
    "Rotate": {"type": "object", "additionalProperties": False, "required": ["token"],
               "properties": {"token": {"type": "string", "enum": list(ROTATIONS)}}},
    "Rotated": {"type": "object", "required": ["token", "value"], "properties": {
        "token": {"type": "string", "enum": list(ROTATIONS)}, "value": {"type": "string"}}},
    "Said": {"type": "object", "required": ["said"], "properties": {
        "said": {"type": "string", "minLength": 1}}},
    "Settled": {"type": "object", "required": ["said", "payments"], "properties": {
        "said": {"type": "string", "minLength": 1},
        "payments": {"type": "array", "items": {"type": "object", "required": [
            "payer", "payee", "cents"], "properties": {
                "payer": NAME, "payee": NAME, "cents": {"type": "integer", "minimum": 1}}}}}},
    "NewPayment": {"type": "object", "additionalProperties": False,
                   "required": ["payer", "payee", "cents"], "properties": {
                       "payer": NAME, "payee": NAME,
                       "cents": {"type": "integer", "minimum": 1,
                                 "maximum": MAX_PAYMENT_CENTS}}},
    "Payment": {"type": "object", "required": ["payer", "payee", "cents", "at"], "properties": {
        "payer": NAME, "payee": NAME, "cents": {"type": "integer", "minimum": 1},
        "at": {"type": "string", "format": "date-time"}}},
}
SCHEMAS["Rules"] = RULES
SCHEMAS["Token"] = {"type": "object", "required": [
    "credential", "owner", "id", "label", "stage", "may", "writes", "nights"], "properties": {
    # the credentials and kinds of owner are the registered kinds' (:func:`registered`)
    "credential": {"type": "string"},
    "owner": {"type": "string"},
    "id": {"type": "integer", "minimum": 1},
    "label": {"type": "string", "nullable": True},
    "stage": {"type": "string", "nullable": True},
    "may": {"type": "array", "items": {"type": "string", "enum": [
        *(str(a) for a in Action), *(str(a) for a in OwnerAction)]}},
    "writes": {"type": "array", "items": {"type": "string",
                                          "enum": [str(w) for w in EventWrite]}},
    "nights": {"type": "object", "properties": {str(s): ACTIONS for s in Stage},
               "additionalProperties": False}}}
SCHEMAS.update(EVENT_SCHEMAS)
SCHEMAS.update(SHEET_SCHEMAS)
assert set(SCHEMAS["HandEdit"]["properties"]) == {*REQUEST_FIELDS, *RESULT_FIELDS}


def registered() -> dict[str, Any]:
    """:data:`SCHEMAS` as the kinds of owner registered now make them: a
    token's owner is one of their words, its credential one their grants or
    share links prove."""
    kinds = registry.KINDS.values()
    credentials = sorted({c for kind in kinds for c in (*kind.credentials.values(), kind.link)})
    token = SCHEMAS["Token"]
    properties = {**token["properties"],
                  "credential": {"type": "string", "enum": credentials},
                  "owner": {"type": "string", "enum": sorted(kind.word for kind in kinds)}}
    return {**SCHEMAS, "Token": {**token, "properties": properties}}
