"""Who may edit: the scorekeeper's devices hold an edit token in the signed
session cookie; API clients send ``Authorization: Bearer <token>``.  The
share (view) token never grants a write.
"""

from __future__ import annotations

import hmac

from flask import abort, request, session

from scorekeeper.models import Editor, GameTable
from scorekeeper.services.tables import editor_for

NOT_EDITOR = ("Only the scorekeeper's phone can change this table. "
              "Ask the scorekeeper for the 'take over scoring' code.")


#: Edit tokens one device keeps.  A cookie over 4 KB is silently dropped by
#: browsers, which would lose every table at once; so the oldest tables (lowest
#: ids) are forgotten first, never the one just added.
MAX_REMEMBERED = 24


def remember_editor(table_id: int, token: str) -> None:
    """Keep an edit token for this device (signed cookie, 60 days)."""
    editors = {k: v for k, v in session.get("editors", {}).items()
               if k != str(table_id) and k.isdigit()}
    keep = sorted(editors, key=int)[-(MAX_REMEMBERED - 1):]
    session["editors"] = {**{k: editors[k] for k in keep}, str(table_id): token}
    session.permanent = True


def session_token(table_id: int) -> str | None:
    """This device's edit token for a table, if it has one."""
    token = session.get("editors", {}).get(str(table_id))
    return token if isinstance(token, str) else None


def current_editor(table: GameTable) -> Editor | None:
    """The editor grant this device holds for ``table`` (None: view only)."""
    return editor_for(table, session_token(table.id))


def require_editor(table: GameTable) -> Editor:
    """The device's editor grant, or a 403 page."""
    editor = current_editor(table)
    if editor is None:
        abort(403, NOT_EDITOR)
    return editor


def bearer_token() -> str | None:
    """The token of an ``Authorization: Bearer`` header."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def api_access(table: GameTable, write: bool) -> None:
    """401 without a valid token, 403 for a view token on a write."""
    token = bearer_token()
    if token is None:
        abort(401, "Send Authorization: Bearer <token>")
    if editor_for(table, token) is not None:
        return
    if hmac.compare_digest(token.encode(), table.view_token.encode()):
        if write:
            abort(403, "The share token can only read this table")
        return
    abort(401, "That token isn't valid for this table")
