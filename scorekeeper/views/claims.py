"""The page another phone opens from a one-time handover code (a table's
"take over scoring", a group's "run the group"), written once for every
owner of nights.  Opening the link changes nothing (link previews and
scanners open links); only the button does.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.services import NotFound, ServiceError, grants, handovers
from scorekeeper.views.access import Held


@dataclass(frozen=True)
class ClaimPage:
    """One owner's claim page: whose codes, where the device keeps its token,
    the template (given the owner as ``noun``), where it goes after and what
    it says then."""

    owner: grants.Owner
    held: Held
    template: str
    noun: str
    then: str
    said: str


def claim(page: ClaimPage, code: str) -> str | Response | tuple[str, int]:
    """Name this phone, then it holds a grant of the code's owner (once)."""
    live = handovers.live_handover(page.owner, code)
    if live is None:
        abort(404, page.owner.words.code_gone)
    row = grants.get(page.owner, live.owner_id)
    error = None
    if request.method == "POST":
        try:
            row, token = handovers.claim_handover(page.owner, code, request.form.get("label", ""))
        except NotFound as failure:
            abort(404, failure.message)
        except ServiceError as failure:
            error = failure.message
        else:
            page.held.remember(row.id, token)
            flash(page.said.format(name=row.name))
            return redirect(url_for(page.then, **{f"{page.noun}_id": row.id}))
    body = render_template(page.template, **{page.noun: row}, error=error,
                           already=page.held.token(row.id) is not None,
                           label=request.values.get("label", "")[:80])
    return (body, 400) if error else body
