"""Who may read and who may change a table, in one place.

The scorekeeper's devices hold edit tokens in the signed session cookie
(the ``editors`` key, handled only here); API clients send
``Authorization: Bearer <token>``.  The share (view) token never grants a
write.  :func:`load_table` and :func:`api_table` load a table's state once
for the request, after the 404, 401, 403 and closed-table checks.

A night of a group or an event also opens to its owner's tokens: the
group's edit token or the event's director token changes it, their share
token reads it.  A table of an event that has played its hands (or whose
paper ticket is in) refuses its own grant's writes: corrections are then
the director's.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Any

from flask import abort, g, request, session

from scorekeeper.db.models import Editor, Event, GameTable, Group
from scorekeeper.services import event_scores, grants
from scorekeeper.services import groups as group_service
from scorekeeper.services import tables as table_service
from scorekeeper.services.state import TableState
from scorekeeper.services.writes import check_open

NOT_EDITOR = ("This is the scorekeeper's page for the table. To follow the scores, "
              "open the table's share link (scan its QR code); to keep score on this phone, "
              "ask the scorekeeper for the 'take over scoring' code.")
#: Edit tokens one device keeps.  A cookie over 4 KB is silently dropped by
#: browsers, which would lose every table at once; so the oldest tables (lowest
#: ids) are forgotten first, never the one just added.
MAX_REMEMBERED = 24


def load_table(table_id: int, *, write: bool = False) -> TableState:
    """The table this device edits (404, else 403), loaded once; with ``write``,
    a closed table is refused (409)."""
    state, g.editor = table_service.load_as(table_id, session_token(table_id))
    table = state.table
    director = None
    if table.event_id is not None:  # the event's director edits any of its tables, done or not
        director = grants.grant_for(grants.EVENT, grants.get(grants.EVENT, table.event_id),
                                    event_session_token(table.event_id))
    if director is not None:
        g.editor = director
    elif g.editor is not None and (write or request.method == "POST"):
        _done_for_its_grant(state)
    if g.editor is None:
        abort(403, NOT_EDITOR)
    if write:
        check_open(table)
    return state


def _done_for_its_grant(state: TableState) -> None:
    """Refuse a write by a table's own grant once its event table is done (409)."""
    if state.table.event_id is None:
        return
    refused = event_scores.done_message(state)
    if refused is not None:
        abort(409, refused)


def editor() -> Editor:
    """The editor grant :func:`load_table` found for this request."""
    found: Editor = g.editor
    return found


def api_table(table_id: int, *, write: bool = False) -> TableState:
    """The table the bearer token may read or, with ``write``, change; its
    version becomes the answer's ETag."""
    token = bearer_token()
    state, grant = table_service.load_as(table_id, token)
    if token is None:
        abort(401, "Send Authorization: Bearer <token>")
    table = state.table
    via_owner = None
    if grant is None and table.group_id is not None:
        via_owner = _owner_access(grants.GROUP, table.group_id, write, token)
    elif grant is None and table.event_id is not None:
        via_owner = _owner_access(grants.EVENT, table.event_id, write, token)
    elif grant is not None and write:
        _done_for_its_grant(state)
    g.editor = via_owner[1] if via_owner else api_access(table, write, token, grant)
    g.api_table = state.table
    return state


def _owner_access(owner: grants.Owner, row_id: int, write: bool, token: str
                  ) -> tuple[bool, Any] | None:
    """A group's or an event's tokens on one of its nights: its edit (director)
    token changes the night (its grant writes it), its share token reads it
    (a 403 on a write).  None when the token is neither (the night's own
    tokens are checked then)."""
    row = grants.get(owner, row_id)
    found = grants.grant_for(owner, row, token)
    if found is not None:
        return True, found
    if hmac.compare_digest(token.encode(), row.view_token.encode()):
        if write:
            abort(403, "The group's share token can only read its nights"
                  if owner is grants.GROUP else "The event's link can only read its tables")
        return True, None
    return None


def editor_label() -> str | None:
    """The name of the device or client writing in this request (for history)."""
    found: Editor | None = g.get("editor")
    return found.label if found is not None else None


# --- the device's edit tokens (session cookie) ------------------------------------

@dataclass(frozen=True)
class Held:
    """The edit tokens this device keeps for one kind of owner, by id, under
    one key of the signed session cookie."""

    key: str

    def remember(self, row_id: int, token: str) -> None:
        """Keep an edit token for this device (signed cookie; see
        SCOREKEEPER_SESSION_DAYS); the oldest (lowest ids) are forgotten first."""
        kept = {k: v for k, v in session.get(self.key, {}).items()
                if k != str(row_id) and k.isdigit()}
        keep = sorted(kept, key=int)[-(MAX_REMEMBERED - 1):]
        session[self.key] = {**{k: kept[k] for k in keep}, str(row_id): token}
        session.permanent = True

    def forget(self, row_id: int) -> None:
        """This device stops holding an edit token for the owner."""
        kept = dict(session.get(self.key, {}))
        kept.pop(str(row_id), None)
        session[self.key] = kept

    def ids(self) -> list[int]:
        """The owners this device holds an edit token for."""
        return [int(i) for i in session.get(self.key, {}) if str(i).isdigit()]

    def token(self, row_id: int) -> str | None:
        """This device's edit token for the owner, if it has one."""
        token = session.get(self.key, {}).get(str(row_id))
        return token if isinstance(token, str) else None


TABLES_HELD = Held("editors")  # session key: table id → this device's edit token
GROUPS_HELD = Held("groups")  # session key: group id → this device's group edit token
EVENTS_HELD = Held("events")  # session key: event id → this device's director token
remember_editor = TABLES_HELD.remember
forget_editor = TABLES_HELD.forget
remembered_table_ids = TABLES_HELD.ids
session_token = TABLES_HELD.token
remember_group = GROUPS_HELD.remember
remembered_group_ids = GROUPS_HELD.ids
group_session_token = GROUPS_HELD.token
remember_event = EVENTS_HELD.remember
remembered_event_ids = EVENTS_HELD.ids
event_session_token = EVENTS_HELD.token


def keep_editing(table: GameTable, token: str | None, label: str = "Scorekeeper") -> None:
    """This device edits ``table``: with the token just made for it, or (a
    repeated request whose first answer never arrived) a new grant unless
    the device already holds one."""
    if token is None:
        if current_editor(table) is not None:
            return
        token = grants.add_grant(grants.TABLE, table, label)
    remember_editor(table.id, token)


def current_editor(table: GameTable) -> Editor | None:
    """The editor grant this device holds for ``table`` (None: view only)."""
    found: Editor | None = grants.grant_for(grants.TABLE, table, session_token(table.id))
    return found


# --- API clients -------------------------------------------------------------------

def bearer_token() -> str | None:
    """The token of an ``Authorization: Bearer`` header."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def api_access(row: GameTable | Group | Event, write: bool, token: str, grant: Any,
               noun: str = "table") -> Any:
    """The grant the bearer token proves (``grant``; None for the view token)
    of a table or a group (``noun``); 401 without a valid token, 403 for a
    view token on a write."""
    if grant is not None:
        return grant
    if hmac.compare_digest(token.encode(), row.view_token.encode()):
        if write:
            abort(403, "The share token can only read this table" if noun == "table"
                  else f"The {noun}'s share token can only read it")
        return None
    abort(401, f"That token isn't valid for this {noun}")


# --- groups ------------------------------------------------------------------------

NOT_GROUP_EDITOR = ("This is the page of the group's scorekeeper. To follow the group, "
                    "open its share link (scan its QR code).")


def load_group(group_id: int) -> Group:
    """The group this device runs (404, else 403), with its grant in ``g``."""
    group, g.group_editor = grants.load_as(grants.GROUP, group_id,
                                           group_session_token(group_id))
    if g.group_editor is None:
        abort(403, NOT_GROUP_EDITOR)
    found: Group = group
    return found


def load_group_head(group_id: int) -> group_service.GroupHead:
    """Like :func:`load_group`, with the group's head only (one light query)."""
    head, editing = group_service.group_head_as(group_id, group_session_token(group_id))
    if not editing:
        abort(403, NOT_GROUP_EDITOR)
    return head


def api_group(group_id: int, *, write: bool = False) -> Group:
    """The group the bearer token may read or, with ``write``, change: its edit
    token does both, its share token only reads (403 on a write)."""
    token = bearer_token()
    group, grant = grants.load_as(grants.GROUP, group_id, token)
    if token is None:
        abort(401, "Send Authorization: Bearer <token>")
    api_access(group, write, token, grant, "group")
    found: Group = group
    g.api_group = found
    return found


# --- events --------------------------------------------------------------------------

def api_event(event_id: int, *, write: bool = False) -> Event:
    """The event the bearer token may read or, with ``write``, change: the
    director token does both (its grant becomes the request's editor), the
    view token only reads (403 on a write)."""
    token = bearer_token()
    event, grant = grants.load_as(grants.EVENT, event_id, token)
    if token is None:
        abort(401, "Send Authorization: Bearer <token>")
    g.editor = api_access(event, write, token, grant, "event")
    found: Event = event
    g.api_event = found
    return found


NOT_DIRECTOR = ("This is the director's page of the event. To follow the event, open "
                "its leaderboard link (scan its QR code).")


def load_event(event_id: int) -> Any:
    """The event this device directs (404, else 403), with its grant in ``g``."""
    event, g.event_editor = grants.load_as(grants.EVENT, event_id,
                                           event_session_token(event_id))
    if g.event_editor is None:
        abort(403, NOT_DIRECTOR)
    return event


def event_editor_label() -> str | None:
    """The name of the director's device writing in this request (for history)."""
    found = g.get("event_editor")
    return found.label if found is not None else None
