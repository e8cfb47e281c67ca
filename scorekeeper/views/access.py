"""Who may read and who may change a table, in one place.

The scorekeeper's devices hold edit tokens in the signed session cookie
(the ``editors`` key, handled only here); API clients send
``Authorization: Bearer <token>``.  The share (view) token never grants a
write.  :func:`load_table` and :func:`api_table` load a table's state once
for the request, after the 404, 401, 403 and closed-table checks.
"""

from __future__ import annotations

import hmac

from flask import abort, g, request, session

from scorekeeper.db.models import Editor, GameTable, Group
from scorekeeper.services import groups as group_service
from scorekeeper.services import tables as table_service
from scorekeeper.services.state import TableState
from scorekeeper.services.writes import check_open

NOT_EDITOR = ("This is the scorekeeper's page for the table. To follow the scores, "
              "open the table's share link (scan its QR code); to keep score on this phone, "
              "ask the scorekeeper for the 'take over scoring' code.")
EDITORS = "editors"  # session key: table id → this device's edit token

#: Edit tokens one device keeps.  A cookie over 4 KB is silently dropped by
#: browsers, which would lose every table at once; so the oldest tables (lowest
#: ids) are forgotten first, never the one just added.
MAX_REMEMBERED = 24


def load_table(table_id: int, *, write: bool = False) -> TableState:
    """The table this device edits (404, else 403), loaded once; with ``write``,
    a closed table is refused (409)."""
    state, g.editor = table_service.load_as(table_id, session_token(table_id))
    if g.editor is None:
        abort(403, NOT_EDITOR)
    if write:
        check_open(state.table)
    return state


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
    g.editor = api_access(state.table, write, token, grant)
    g.api_table = state.table
    return state


def editor_label() -> str | None:
    """The name of the device or client writing in this request (for history)."""
    found: Editor | None = g.get("editor")
    return found.label if found is not None else None


# --- the device's edit tokens (session cookie) ------------------------------------

def remember_editor(table_id: int, token: str) -> None:
    """Keep an edit token for this device (signed cookie; see SCOREKEEPER_SESSION_DAYS)."""
    editors = {k: v for k, v in session.get(EDITORS, {}).items()
               if k != str(table_id) and k.isdigit()}
    keep = sorted(editors, key=int)[-(MAX_REMEMBERED - 1):]
    session[EDITORS] = {**{k: editors[k] for k in keep}, str(table_id): token}
    session.permanent = True


def keep_editing(table: GameTable, token: str | None, label: str = "Scorekeeper") -> None:
    """This device edits ``table``: with the token just made for it, or (a
    repeated request whose first answer never arrived) a new grant unless
    the device already holds one."""
    if token is None:
        if current_editor(table) is not None:
            return
        token = table_service.add_editor(table, label)
    remember_editor(table.id, token)


def forget_editor(table_id: int) -> None:
    """This device stops holding an edit token for the table."""
    editors = dict(session.get(EDITORS, {}))
    editors.pop(str(table_id), None)
    session[EDITORS] = editors


def remembered_table_ids() -> list[int]:
    """The tables this device holds an edit token for."""
    return [int(i) for i in session.get(EDITORS, {}) if str(i).isdigit()]


def session_token(table_id: int) -> str | None:
    """This device's edit token for a table, if it has one."""
    token = session.get(EDITORS, {}).get(str(table_id))
    return token if isinstance(token, str) else None


def current_editor(table: GameTable) -> Editor | None:
    """The editor grant this device holds for ``table`` (None: view only)."""
    return table_service.editor_for(table, session_token(table.id))


# --- API clients -------------------------------------------------------------------

def bearer_token() -> str | None:
    """The token of an ``Authorization: Bearer`` header."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def api_access(table: GameTable, write: bool, token: str, grant: Editor | None) -> Editor | None:
    """The editor grant the bearer token proves (``grant``; None for the view
    token); 401 without a valid token, 403 for a view token on a write."""
    if grant is not None:
        return grant
    if hmac.compare_digest(token.encode(), table.view_token.encode()):
        if write:
            abort(403, "The share token can only read this table")
        return None
    abort(401, "That token isn't valid for this table")


# --- groups ------------------------------------------------------------------------

GROUPS = "groups"  # session key: group id → this device's group edit token
NOT_GROUP_EDITOR = ("This is the page of the group's scorekeeper. To follow the group, "
                    "open its share link (scan its QR code).")


def load_group(group_id: int) -> Group:
    """The group this device runs (404, else 403), with its grant in ``g``."""
    group, g.group_editor = group_service.load_group_as(group_id, group_session_token(group_id))
    if g.group_editor is None:
        abort(403, NOT_GROUP_EDITOR)
    return group


def load_group_head(group_id: int) -> group_service.GroupHead:
    """Like :func:`load_group`, with the group's head only (one light query)."""
    head, editing = group_service.group_head_as(group_id, group_session_token(group_id))
    if not editing:
        abort(403, NOT_GROUP_EDITOR)
    return head


def group_session_token(group_id: int) -> str | None:
    """This device's edit token for a group, if it has one."""
    token = session.get(GROUPS, {}).get(str(group_id))
    return token if isinstance(token, str) else None


def remember_group(group_id: int, token: str) -> None:
    """Keep a group's edit token for this device (oldest groups forgotten first)."""
    kept = {k: v for k, v in session.get(GROUPS, {}).items()
            if k != str(group_id) and k.isdigit()}
    keep = sorted(kept, key=int)[-(MAX_REMEMBERED - 1):]
    session[GROUPS] = {**{k: kept[k] for k in keep}, str(group_id): token}
    session.permanent = True


def remembered_group_ids() -> list[int]:
    """The groups this device holds an edit token for."""
    return [int(i) for i in session.get(GROUPS, {}) if str(i).isdigit()]


def api_group(group_id: int, *, write: bool = False) -> Group:
    """The group the bearer token may read or, with ``write``, change: its edit
    token does both, its share token only reads (403 on a write)."""
    token = bearer_token()
    group, grant = group_service.load_group_as(group_id, token)
    if token is None:
        abort(401, "Send Authorization: Bearer <token>")
    if grant is not None:
        return group
    if hmac.compare_digest(token.encode(), group.view_token.encode()):
        if write:
            abort(403, "The group's share token can only read it")
        return group
    abort(401, "That token isn't valid for this group")
