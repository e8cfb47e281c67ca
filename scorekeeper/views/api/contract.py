"""The JSON API's contract, declared once: every operation with its path,
its token, its query parameters, its body, its answer and its headers.

Everything else is derived from this: the OpenAPI document with its error
answers and headers (:mod:`.openapi`), the query parameters and body fields
each operation accepts (anything else is refused: :mod:`scorekeeper.views.api`),
and a test holds docs/api.md's table of endpoints and the app's routes to it.
The values themselves are judged by the engine and the services, in players'
words; the contract says which fields and parameters exist and their shapes.

A hand-made declaration rather than pydantic or marshmallow: the request
checks must answer in the engine's own words, field by field (a library's
validation messages would have to be translated for every field, or would
duplicate the engine's checks), and the answers' shapes are small; as data,
the contract is one screen of operations that a test compares with the
routes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.limits import API_MAX_HANDS, IMPORTS_AT_ONCE, MAX_DIGITS, UNGUESSABLE_KEY
from scorekeeper.views.api.schemas import DATE, SCHEMAS

#: Who may call an operation: anybody, a view or edit token, an edit token.
NONE, READ, EDIT = "none", "read", "edit"

#: What each refusal means, once: the OpenAPI document and docs/api.md say these.
STATUS_WORDS = {
    "304": "Not modified: If-None-Match names the current version",
    "400": "Invalid input: the error says what, and the field at fault",
    "401": "No token, or one that isn't valid here",
    "403": "A share token used for a write, or a view token where the edit token is needed",
    "404": "No such table, group, event, session, hand or player",
    "405": "A method the path doesn't have: Allow lists the ones it has",
    "409": "The table is closed, the group's tab changed, or the event's state refuses it",
    "412": "If-Match names a version the night (or event) has moved on from",
    "413": "The body is too large",
    "415": "The body isn't sent as application/json (photos: as multipart/form-data)",
    "422": "The Idempotency-Key was used for a different request",
    "429": ("Too many imports from this address in a minute: nothing was created; retry "
            "after Retry-After"),
    "503": ("The database stayed busy or is restarting, or the server is bringing in "
            f"{IMPORTS_AT_ONCE} other imports already (or its import process stopped): "
            "nothing was written; retry after Retry-After"),
}


@dataclass(frozen=True)
class Param:
    """A query parameter."""

    name: str
    schema: dict[str, Any]
    description: str = ""


@dataclass(frozen=True)
class Operation:
    """One operation of the API.  ``endpoint`` is its Flask endpoint (and its
    operationId); ``answer`` the schema of its success body (None: no body);
    ``owner`` whose version its ``ETag`` is ("table", "group", "event" or None)."""

    method: str
    path: str
    endpoint: str
    summary: str
    status: int
    answer: str | dict[str, Any] | None
    access: str = READ
    query: tuple[Param, ...] = ()
    body: str | None = None
    body_required: bool = True
    owner: str | None = "table"
    if_match: bool = False
    also: tuple[int, ...] = ()
    #: The write judges an older ``If-Match`` itself rather than the write
    #: path (:func:`scorekeeper.services.made_on.made_on`): a new hand made on
    #: an older version is kept when it was made for the deal still to come.
    judges_stale: bool = False
    #: Asked with ``Prefer: respond-async`` (a write: or big enough), it
    #: answers 202 with a Job to follow (:mod:`scorekeeper.views.api.jobs`).
    job: bool = False
    #: The success body's media type (a spreadsheet's is ``text/csv``).
    media: str = "application/json"
    #: The request body's media type (photos are sent as ``multipart/form-data``).
    body_media: str = "application/json"
    #: Other success statuses, with the same answer (a correction's 200 beside a 201).
    also_success: tuple[int, ...] = ()

    @property
    def writes(self) -> bool:
        return self.method != "get"

    @property
    def key_length(self) -> int:
        """The shortest ``Idempotency-Key`` it takes: an operation anybody
        may call hands out a token on a retry, so its key must be unguessable."""
        return UNGUESSABLE_KEY if self.access == NONE else 1

    def errors(self) -> list[int]:
        """The refusals this operation can answer."""
        codes = {400, 503, *self.also}
        if self.access != NONE:
            codes |= {401, 404}
        if self.access == EDIT:
            codes.add(403)
        if self.writes:
            codes |= {413, 415, 422} if self.body else {422}
            if self.owner == "table" and self.access == EDIT:
                codes.add(409)
        if self.if_match:
            codes.add(412)
        if not self.writes and self.owner is not None:
            codes.add(304)
        return sorted(codes)


HANDS = {"type": "array", "items": {"$ref": "#/components/schemas/HandResult"}}
PAYMENTS = {"type": "array", "items": {"$ref": "#/components/schemas/Payment"}}
#: A number in a query string: up to MAX_DIGITS ASCII digits.
NUMBER = {"type": "integer", "minimum": 1, "maximum": 10**MAX_DIGITS - 1}
#: An ``If-Match`` the API takes: ``*``, or one or more ETags it gave (``"12"``,
#: a version in quotes), comma-separated.  The spec says this pattern and the
#: server refuses anything else.
IF_MATCH_FORM = (rf'^(\*|"[0-9]{{1,{MAX_DIGITS}}}"'
                 rf'([ \t]*,[ \t]*"[0-9]{{1,{MAX_DIGITS}}}")*)$')
WINDOW = (Param("from", NUMBER, "the first hand (past the last one: an empty list)"),
          Param("limit", {"type": "integer", "minimum": 1, "maximum": API_MAX_HANDS},
                "how many hands (the latest ones without from)"))
SEASON = (Param("season", {"type": "string"}, "YYYY or all"),
          Param("from", DATE), Param("to", DATE))
SETTLE = (Param("round", {"type": "string", "enum": ["none", "quarters", "dollars"]}),
          Param("bank", {"type": "string"}, "a player everyone pays or is paid by"))
T = "/tables/{table_id}"
G = "/groups/{group_id}"
E = "/events/{event_id}"
S = f"{E}/sessions/{{session}}"
P = f"{E}/photos/{{photo_id}}"

OPERATIONS: tuple[Operation, ...] = (
    Operation("get", "/presets", "presets", "The presets, every option resolved", 200,
              {"type": "array", "items": {"$ref": "#/components/schemas/Preset"}},
              access=NONE, owner=None),
    Operation("post", "/tables", "create", "Start a table", 201, "Created", access=NONE,
              body="NewTable", also=(401, 403, 404)),
    Operation("post", "/tables/import", "import_table", "Recreate an exported table", 201,
              "Created", access=NONE, body="Export", also=(429,)),
    Operation("get", T, "show", "The table", 200, "Table"),
    Operation("get", f"{T}/hands", "hands", "A window of the hands' results", 200, HANDS,
              query=WINDOW),
    Operation("post", f"{T}/hands", "record", "Record a hand (or insert it before hand n)",
              201, "HandResult", EDIT, (Param("before", {"type": "integer", "minimum": 1}),),
              "NewHand", if_match=True, judges_stale=True),
    Operation("get", f"{T}/hands/{{number}}", "hand", "One hand's result", 200, "HandResult"),
    Operation("put", f"{T}/hands/{{number}}", "replace",
              "Replace a hand (a result read with GET may be sent back); later hands replay",
              200, "HandResult", EDIT, body="HandEdit", if_match=True),
    Operation("delete", f"{T}/hands/{{number}}", "delete",
              "Delete a hand; later hands renumber", 204, None, EDIT, if_match=True),
    Operation("post", f"{T}/words", "words",
              "The hand said in words, ready to record (saves nothing)", 200, "Hand",
              body="Words"),
    Operation("get", f"{T}/standings", "standings", "Balances and what is next", 200,
              "Standings"),
    Operation("get", f"{T}/settlement", "settlement", "Who pays whom", 200, "Settlement",
              query=SETTLE),
    Operation("post", f"{T}/players", "join", "A player joins (at a seat)", 201, "Said",
              EDIT, body="Join", if_match=True),
    Operation("post", f"{T}/players/{{name}}/step-out", "step_out",
              "A player steps out, keeping the balance", 200, "Said", EDIT, if_match=True),
    Operation("post", f"{T}/players/{{name}}/come-back", "come_back",
              "A player who stepped out comes back", 200, "Said", EDIT, if_match=True),
    Operation("post", f"{T}/players/{{name}}/settle", "settle",
              "A player settles now and leaves", 200, "Settled", EDIT, if_match=True),
    Operation("get", f"{T}/payments", "payments", "The night's early payments", 200, PAYMENTS),
    Operation("post", f"{T}/payments", "pay", "Record an early payment", 201, "Payment",
              EDIT, body="NewPayment", if_match=True),
    Operation("post", f"{T}/close", "close_table",
              "End the night (a group's: paid, or carried to its tab)", 200, "Closed", EDIT,
              body="Close", body_required=False, if_match=True),
    Operation("get", f"{T}/signatures", "signatures",
              "A tournament table's signing of its result, seat by seat", 200, "Signing"),
    Operation("post", f"{T}/signatures", "sign",
              "A player at a tournament table agrees to its result, or disputes it", 201,
              "Signing", EDIT, body="Sign", if_match=True, also=(409,)),
    Operation("get", f"{T}/export", "export_table", "The whole table, history included", 200,
              "Export", EDIT),
    Operation("post", "/groups", "create_group", "Start a group", 201, "GroupCreated",
              access=NONE, body="NewGroup", owner="group"),
    Operation("post", "/groups/import", "import_group", "Recreate an exported group", 201,
              "GroupCreated", access=NONE, body="Export", owner=None, also=(429,)),
    Operation("get", G, "show_group", "The group and its nights", 200, "Group",
              owner="group"),
    Operation("patch", G, "change_group",
              "Turn the group's skill rating off or on (nothing it reads is lost)", 200,
              "GroupSettingsChanged", EDIT, body="GroupSettings", owner="group",
              if_match=True, also=(409,)),
    Operation("get", f"{G}/standings", "group_standings", "A season's standings", 200,
              "GroupStandings", query=SEASON, owner="group"),
    Operation("get", f"{G}/players/{{name}}", "group_player", "A player's season", 200,
              "GroupPlayer", query=SEASON, owner="group"),
    Operation("get", f"{G}/settlement", "group_settlement", "Who pays whom over the tab", 200,
              "GroupSettlement", owner="group"),
    Operation("post", f"{G}/settlement/paid", "group_paid", "The tab was paid: its nights clear",
              200, "Cleared", EDIT, body="Paid", body_required=False, owner="group",
              if_match=True, also=(409,)),
    Operation("get", f"{G}/export", "export_group", "The whole group, every night", 200,
              "Export", EDIT, owner="group", job=True),
    Operation("get", f"{G}/export.csv", "export_group_csv",
              "The group's nights as a spreadsheet: a row a player a night (date, game, "
              "player, points), which the sheet import reads back", 200,
              {"type": "string"}, EDIT, owner="group", media="text/csv"),
    Operation("post", f"{G}/import", "import_sheet",
              "Preview a spreadsheet of past nights, or bring it in (confirm)", 200,
              "SheetAnswer", EDIT, body="SheetImport", owner="group", if_match=True,
              also=(409,), job=True),
    Operation("get", f"{G}/jobs/{{job_id}}", "group_job",
              "How far a job is; once finished, what its write answers", 200, "Job", EDIT,
              owner="group"),
    Operation("get", f"{G}/aliases", "group_aliases",
              "The other spellings of members' names the group remembers", 200, "Aliases",
              EDIT, owner="group"),
    Operation("delete", f"{G}/aliases/{{alias_id}}", "forget_alias",
              "Forget a remembered spelling, saying why if you like: the next sheet asks "
              "who it is", 200, "Alias", EDIT, body="Forgetting", body_required=False,
              owner="group", if_match=True),
    Operation("post", f"{G}/import/undo", "undo_import",
              "Take a spreadsheet's import back whole", 200, "ImportUndone", EDIT,
              body="UndoImport", owner="group", if_match=True, also=(409,), job=True),
    Operation("post", "/events", "create_event", "Start an event (a tournament)", 201,
              "EventCreated", access=NONE, body="NewEvent", owner="event"),
    Operation("get", E, "show_event", "The event: its rules, payout plan and players", 200,
              "Event", owner="event"),
    Operation("patch", E, "change_event",
              "Change the tie rule (while nothing is played) or whether tables sign", 200,
              "SettingsChanged", EDIT, body="EventSettings", owner="event", if_match=True,
              also=(409,)),
    Operation("post", f"{E}/finish", "finish_event",
              "Sign the results: nothing of the event changes until it is reopened", 200,
              "StageChange", EDIT, owner="event", if_match=True, also=(409,)),
    Operation("post", f"{E}/reopen", "reopen_event",
              "Open a finished event again (says what was written since)", 200,
              "StageChange", EDIT, owner="event", if_match=True, also=(409,)),
    Operation("post", f"{E}/players", "register_players",
              "Register one player or a list; each gets a number", 201, "Registered", EDIT,
              body="NewPlayers", owner="event", if_match=True, also=(409,)),
    Operation("post", f"{E}/players/{{number}}/check-in", "check_in_player",
              "A player is here (or, with here false, not)", 200, "PlayerStatus", EDIT,
              body="CheckIn", body_required=False, owner="event", if_match=True, also=(409,)),
    Operation("patch", f"{E}/players/{{number}}", "rename_player",
              "A player's name corrected, everywhere the event keeps it", 200, "Renamed",
              EDIT, body="Rename", owner="event", if_match=True, also=(409,)),
    Operation("post", f"{E}/players/{{number}}/withdraw", "withdraw_player",
              "A player plays no session after one (results kept); with now, he leaves "
              "his table from the next hand", 200, "Withdrawn",
              EDIT, body="Withdraw", owner="event", if_match=True, also=(409,)),
    Operation("post", f"{E}/players/{{number}}/side-pots", "enter_side_pots",
              "The prize plan's side pots a player is in from now on (his entries and "
              "prizes follow)", 200, "InSidePots", EDIT, body="SidePotsEntered",
              owner="event", if_match=True, also=(409,)),
    Operation("post", f"{E}/players/{{number}}/duplicate", "mark_duplicate",
              "A registration is another player's second one: it leaves its table, the pot "
              "and the prizes (of null takes it back)", 200, "MarkedDuplicate", EDIT,
              body="Duplicate", owner="event", if_match=True, also=(409,)),
    Operation("post", f"{E}/side-pots/{{key}}/draw", "draw_side_pot",
              "Draw a drawing side pot (a 50/50): its prizes go to its entrants in the "
              "order drawn", 200, "SideDrawn", EDIT, body="SideDraw", body_required=False,
              owner="event", if_match=True, also=(409,)),
    Operation("post", f"{S}/draw", "draw_session",
              "Draw a session's seats (again, before its first hand)", 200, "Drawn", EDIT,
              body="Draw", body_required=False, owner="event", if_match=True, also=(409,)),
    Operation("post", f"{S}/seat-fix", "fix_seats",
              "Two players sat at each other's tables: the recorded hands follow them",
              200, "SeatsFixed", EDIT, body="SeatFix", owner="event", if_match=True,
              also=(409,)),
    Operation("post", f"{S}/seat", "seat_walk_in",
              "Seat a player checked in after the draw, leaving every other seat as it is",
              200, "Seated", EDIT, body="SeatWalkIn", owner="event", if_match=True,
              also=(409,)),
    Operation("get", S, "show_session", "A drawn session's tables and their progress", 200,
              "Session", owner="event"),
    Operation("get", f"{E}/penalties", "list_penalties", "Every penalty, with its id", 200,
              "Penalties", EDIT, owner="event"),
    Operation("post", f"{E}/penalties", "add_penalty",
              "Points off one player seated in a session", 201, "Penalty", EDIT,
              body="NewPenalty", owner="event", if_match=True, also=(409,)),
    Operation("delete", f"{E}/penalties/{{penalty}}", "withdraw_penalty",
              "Take a penalty back, saying why if you like: it stays listed as withdrawn",
              200, "Penalty", EDIT, body="PenaltyWithdrawal", body_required=False,
              owner="event", if_match=True, also=(409,)),
    Operation("post", f"{S}/tables/{{table}}/ticket", "enter_ticket",
              "A table's session totals from its paper ticket", 201, "Ticket", EDIT,
              body="NewTicket", owner="event", if_match=True, also=(409,)),
    Operation("put", f"{S}/tables/{{table}}/ticket", "correct_ticket",
              "Replace a table's paper ticket, saying why", 200, "Ticket", EDIT,
              body="TicketCorrection", owner="event", if_match=True, also=(409,)),
    Operation("delete", f"{S}/tables/{{table}}/ticket", "withdraw_ticket",
              "Withdraw a table's paper ticket, saying why: its hands count again", 200,
              "TicketWithdrawn", EDIT, body="TicketWithdrawal", owner="event", if_match=True,
              also=(409,)),
    Operation("post", f"{S}/tables/{{table}}/done", "mark_table_done",
              "The director accepts a table's result, or opens it again", 200, "TableDone",
              EDIT, body="MarkDone", owner="event", if_match=True, also=(409,)),
    Operation("get", f"{E}/standings", "event_standings",
              "Ranks, session highs and prizes", 200, "EventStandings", owner="event"),
    Operation("post", f"{S}/tables/{{table}}/code", "new_table_code",
              "A new one-time code for a table (the old one stops)", 200, "TableCode", EDIT,
              body="NewCode", body_required=False, owner="event", if_match=True,
              also=(409,)),
    Operation("post", f"{S}/photos", "send_ticket_photos",
              "Photos of the session's paper tickets (multipart/form-data, each in photos), "
              "read as a job", 202, "Job", EDIT, body="PhotoUpload",
              body_media="multipart/form-data", owner="event", if_match=True, also=(409,)),
    Operation("get", f"{E}/jobs/{{job_id}}", "event_job",
              "How far a job of the event is; once finished, what it answers", 200, "Job",
              EDIT, owner="event"),
    Operation("get", f"{S}/photos", "ticket_photos",
              "The session's ticket photos and what was read from each, newest first", 200,
              "TicketPhotos", EDIT, owner="event"),
    Operation("post", f"{P}/confirm", "confirm_ticket_photo",
              "A photo's reading made its table's ticket (200: the ticket standing "
              "corrected, saying why)", 201, "Ticket", EDIT, body="PhotoConfirm",
              owner="event", if_match=True, also=(409,), also_success=(200,)),
    Operation("post", f"{P}/aside", "set_ticket_photo_aside",
              "A photo's reading set aside, saying why: its table's ticket is untouched", 200,
              "TicketPhoto", EDIT, body="PhotoAside", owner="event", if_match=True,
              also=(409,)),
    Operation("get", f"{E}/directors", "event_directors", "Who directs the event now", 200,
              "Directors", EDIT, owner="event"),
    Operation("post", f"{E}/directors/{{director}}/revoke", "revoke_director",
              "Stop another director's device at once", 200, "Revoked", EDIT, owner="event",
              if_match=True, also=(409,)),
    Operation("get", f"{E}/export", "export_event",
              "The whole event: players, draws, every table's hands", 200, "Export", EDIT,
              owner="event"),
    Operation("post", "/events/import", "import_event", "Recreate an exported event", 201,
              "EventCreated", access=NONE, body="Export", owner="event", also=(429,)),
    Operation("post", f"{T}/rotate", "rotate_table_token",
              "A new share link, or a new edit token for this client (the old one stops)",
              200, "Rotated", EDIT, body="Rotate", if_match=True),
    Operation("post", f"{G}/rotate", "rotate_group_token",
              "A new share link of the group, or a new edit token for this client", 200,
              "Rotated", EDIT, body="Rotate", owner="group", if_match=True),
    Operation("get", "/token", "token",
              "What the bearer token is (its credential and row) and may do", 200, "Token",
              owner=None),
    Operation("get", "/openapi.json", "openapi", "This API described in OpenAPI 3.0", 200,
              {"type": "object"}, access=NONE, owner=None),
)
BY_ENDPOINT = {op.endpoint: op for op in OPERATIONS}


def query_names(endpoint: str) -> tuple[str, ...]:
    """The query parameters the operation behind ``endpoint`` takes."""
    op = BY_ENDPOINT.get(endpoint.removeprefix("api."))
    return tuple(p.name for p in op.query) if op is not None else ()


def body_fields(schema: str) -> tuple[str, ...]:
    """The fields a request body of ``schema`` may have."""
    return tuple(SCHEMAS[schema]["properties"])


def nullable_fields(schema: str) -> frozenset[str]:
    """The fields of a request body of ``schema`` that may be ``null``."""
    return frozenset(name for name, field in SCHEMAS[schema]["properties"].items()
                     if field.get("nullable"))
