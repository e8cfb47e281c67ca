"""The page another phone opens from a one-time handover code (a table's
"take over scoring", a group's "run the group"), written once for every
owner of nights.  Opening the link changes nothing (link previews and
scanners open links); only the button does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.services import NotFound, ServiceError
from scorekeeper.services.grants import grants, handovers
from scorekeeper.views.held import Held
from scorekeeper.views.json_errors import status_of


@dataclass(frozen=True)
class ClaimPage:
    """One owner's claim page: whose codes, where the device keeps its token,
    the template (given the owner as ``noun``), where it goes after and what
    it says then."""

    owner: grants.Kind
    held: Held
    template: str
    noun: str
    then: str
    said: str
    #: The owner's words for the page and for a spent code, asked of the
    #: code's row (a night asks its own owner: a tournament table's card
    #: speaks of the event and its director).
    words: Callable[[Any], Any] | None = None


def claim(page: ClaimPage, code: str) -> str | Response | tuple[str, int]:
    """Name this phone, then it holds a grant of the code's owner (once)."""
    live = handovers.live_handover(page.owner, code)
    if live is None:
        spent = handovers.handover_of(page.owner, code)
        row = page.owner.by_owner(spent.owner_id) if spent is not None else None
        abort(404, page.words(row).gone if page.words and row is not None
              else page.owner.words.code_gone)
    row = page.owner.by_owner(live.owner_id)
    if row is None:
        abort(404, page.owner.words.code_gone)
    error, status = None, 400
    if request.method == "POST":
        try:
            typed = request.form.get("label", "").strip()
            named = typed or (page.words(row).default_label if page.words else "")
            row, token = handovers.claim_handover(page.owner, code, named)
        except NotFound as failure:
            abort(404, failure.message)
        except ServiceError as failure:
            error, status = failure.message, status_of(failure)
        else:
            page.held.remember(row.id, token)
            flash(page.said.format(name=row.name))
            return redirect(url_for(page.then, **{f"{page.noun}_id": row.id}))
    body = render_template(page.template, **{page.noun: row}, error=error,
                           words=page.words(row) if page.words else None,
                           already=page.held.token(row.id) is not None,
                           label=request.values.get("label", "")[:80])
    return (body, status) if error else body
