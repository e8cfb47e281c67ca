"""The edit tokens a scorekeeper's device holds, in the signed session
cookie: one key per kind of owner (its registry entry names it), handled
only here.  :mod:`scorekeeper.views.access` reads them for a page's
credential; the pages that make or hand over an owner keep them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import session

from scorekeeper.services.access.credentials import EVENT, GROUP, TABLE
from scorekeeper.services.grants import grants
from scorekeeper.services.registry import KINDS

#: Edit tokens one device keeps.  A cookie over 4 KB is silently dropped by
#: browsers, which would lose every table at once; so the oldest tables (lowest
#: ids) are forgotten first, never the one just added.
MAX_REMEMBERED = 24


@dataclass(frozen=True)
class Held:
    """The edit tokens this device keeps for one kind of owner (``kind``), by
    id, under one key of the signed session cookie (its entry's)."""

    kind: str

    @property
    def key(self) -> str:
        return KINDS[self.kind].cookie

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


# session keys (each kind's entry names its own): table id → this device's edit
# token, group id → its group edit token, event id → its director token
TABLES_HELD, GROUPS_HELD, EVENTS_HELD = Held(TABLE), Held(GROUP), Held(EVENT)
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


def keep_editing(table: Any, token: str | None, label: str = "Scorekeeper") -> None:
    """This device edits ``table``: with the token just made for it, or (a
    repeated request whose first answer never arrived) a new grant unless
    the device already holds one."""
    _keep(TABLES_HELD, grants.TABLE, table, token, label)


def keep_running(group: Any, token: str | None, label: str = "Scorekeeper") -> None:
    """This device runs ``group``, as :func:`keep_editing` edits a table."""
    _keep(GROUPS_HELD, grants.GROUP, group, token, label)


def _keep(held: Held, kind: Any, row: Any, token: str | None, label: str) -> None:
    if token is None:
        if grants.grant_of(kind, row.id, held.token(row.id)) is not None:
            return
        token = grants.add_grant(kind, row, label)
    held.remember(row.id, token)
