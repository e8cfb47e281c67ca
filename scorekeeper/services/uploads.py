"""A file brought in whole, from its bytes: a table's, a group's or an
event's export.  :func:`bring` reads, checks and writes it in the import
process (:mod:`scorekeeper.services.background.elsewhere`) and hands back what it made
as a row of this request's session.  The JSON is read there too, and so is
the request's fingerprint (its parsed body): the server's process only
reads the bytes off the connection.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.db.models import Event, GameTable, Group, db
from scorekeeper.services.background import elsewhere
from scorekeeper.services.events import exports as event_exports
from scorekeeper.services.groups import exports as group_exports
from scorekeeper.services.groups import unclaimed
from scorekeeper.services.nights import exports as night_exports
from scorekeeper.services.nights.import_checks import parse_json
from scorekeeper.services.once import Once, api_once

#: What each kind of file is brought in by, and the row it makes.
IMPORTS: dict[str, tuple[Callable[..., tuple[Any, str | None]], type]] = {
    "table": (night_exports.import_table, GameTable),
    "group": (group_exports.import_group, Group),
    "event": (event_exports.import_event, Event),
}


@dataclass(frozen=True)
class Asked:
    """Who brings the file in (``label``: the name of the new grant) and how
    the request is carried out once: a page form's one-time ``token``, or an
    API client's ``key`` in its ``scope``, fingerprinted by the request's
    method, path and query (``meaning``) and the file's parsed JSON."""

    label: str | None = None
    token: str | None = None
    scope: str = ""
    key: str | None = None
    meaning: dict[str, Any] = field(default_factory=dict)

    def once(self, data: object) -> Once | None:
        """The request's :class:`Once`, now that its body is read."""
        if self.token is not None:
            return Once(self.token)
        return api_once(self.scope, self.key, {**self.meaning, "body": data})


@dataclass(frozen=True)
class Brought:
    """What an import made: the row's id, the importer's new token (None for
    a request carried out before) and whether it was (the API says so)."""

    id: int
    token: str | None
    replayed: bool


def bring_in(kind: str, raw: bytes | str, asked: Asked) -> Brought:
    """Read, check and write the file (the work done in the import process)."""
    data = parse_json(raw)
    once = asked.once(data)
    importer, _ = IMPORTS[kind]
    labelled = {} if asked.label is None else {"label": asked.label}
    row, token = importer(data, once=once, **labelled)
    return Brought(row.id, token, once is not None and once.replayed)


def bring(kind: str, raw: bytes | str, asked: Asked) -> tuple[Any, str | None, bool]:
    """The file brought in (:func:`bring_in`, in the import process): the
    table, group or event it made, read here; the importer's token; and
    whether the request was carried out before."""
    brought = elsewhere.run(bring_in, kind, raw, asked, mend=unclaimed.forget_job)
    _, model = IMPORTS[kind]
    return db.session.get(model, brought.id), brought.token, brought.replayed
