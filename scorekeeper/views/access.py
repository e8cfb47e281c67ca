"""Every route asks the policy here, once.

Who may do what is :mod:`scorekeeper.policy.acl`'s (data); which
credential a request holds is :mod:`scorekeeper.services.access.credentials`'.
Each route declares the action it does with :func:`permission`; its
loader (:func:`load_table` for a night's pages, :func:`api_table` for the
API, and the group's and event's loaders) reads that declaration, asks the
policy, and answers 404, 401, 403 (the credential may not) or 409 (the
night's stage forbids it now) with the policy's words.  A route that
declares nothing is refused.

A loader returns what it checked: the night's loaders the
:class:`~scorekeeper.services.access.credentials.NightAccess` (its state,
stage and the grant the request writes as), the group's and the event's the
:class:`~scorekeeper.services.access.credentials.OwnerAccess` (the row and
its grant).  The view passes it on by hand: to the services (the history's
"by", the director a code is issued for) and to every page of a night as
``access``, which the templates' ``may()``, ``may_open()``, ``night_owner()``
and ``stage_words()`` read from their render context.  Nothing of access
travels in ``flask.g``; a loader's refusal carries the night it checked
(:func:`checked_night`), for the error page's way back and the API's code.

The scorekeeper's devices hold edit tokens in the signed session cookie
(:mod:`scorekeeper.views.held`); API clients send ``Authorization:
Bearer <token>``.  A share (view) token never grants a write.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

from flask import abort, current_app, g, request
from werkzeug.exceptions import default_exceptions

from scorekeeper.policy.acl import STAGE_WORDS, Action, EventWrite, OwnerAction, Stage
from scorekeeper.services import once as once_service
from scorekeeper.services.access.credentials import (
    EVENT,
    GROUP,
    NightAccess,
    OwnerAccess,
    group_head_access,
    night_access,
    owner_access,
)
from scorekeeper.services.events import stages as event_stages
from scorekeeper.services.groups.group import GroupHead
from scorekeeper.views.held import Held, event_session_token, group_session_token
from scorekeeper.views.key_home import key_home

NOT_EDITOR = ("This is the scorekeeper's page for the table. To follow the scores, "
              "open the table's share link (scan its QR code); to keep score on this phone, "
              "ask the scorekeeper for the 'take over scoring' code.")
#: The same, at a tournament's table: its codes are the director's.
NOT_EDITOR_AT_EVENT = ("This is the scorekeeper's page for the table. To follow the scores, "
                       "open the event's leaderboard (scan its QR code); to keep score on this "
                       "phone, ask the director for the table's card (a new code).")
UNDECLARED = "This page doesn't say what it does, so it is refused"

View = TypeVar("View", bound=Callable[..., Any])


def permission(action: Action | OwnerAction,
               write: EventWrite | None = None) -> Callable[[View], View]:
    """Declare what a route does (its loader asks the policy for it); a
    route that changes an event also names its ``write``, which the event's
    stage must take (:func:`scorekeeper.policy.acl.event_decide`)."""
    def mark(view: View) -> View:
        view.permission = action  # type: ignore[attr-defined]
        view.event_write = write  # type: ignore[attr-defined]
        return view
    return mark


def declared_write(view: Callable[..., Any] | None) -> EventWrite | None:
    """The write to an event a view declared (None: none)."""
    return getattr(view, "event_write", None)


def _refuse_unless_stage_takes(event: Any, retry: bool = False) -> None:
    """Abort 409 with the stage's words when the route writes to ``event``
    and its stage doesn't take that write (a finished event: only its
    reopening and its directors).  An API write retried under a key that
    was carried out (``retry``) goes on to its first answer: the
    Finish it made, say, is what finished the event."""
    write = declared_write(current_app.view_functions.get(request.endpoint or ""))
    if write is not None:
        decision = event_stages.decide(event, write)
        if not decision.allowed and not (retry and once_service.answered(
                key_home(), request.headers.get("Idempotency-Key"))):
            abort(409, decision.why)


def declared(view: Callable[..., Any] | None) -> Action | OwnerAction | None:
    """The action a view declared (None: none)."""
    return getattr(view, "permission", None)


def _declared_here() -> Any:
    action = declared(current_app.view_functions.get(request.endpoint or ""))
    if action is None:
        _refuse(403, UNDECLARED, None)
    return action


def _refuse(status: int, why: str, night: NightAccess | None) -> NoReturn:
    """Abort with ``status`` and ``why``, the refusal carrying the night its
    loader checked (None: none was), for :func:`checked_night`."""
    refusal = default_exceptions[status](why)
    refusal.access = night  # type: ignore[attr-defined]
    raise refusal


def checked_night(error: BaseException) -> NightAccess | None:
    """The night a loader's refusal checked (None: another error, or none was)."""
    found: NightAccess | None = getattr(error, "access", None)
    return found


def error_night(error: BaseException) -> NightAccess | None:
    """The night an error page of a night's route leads back to: the one a
    loader's refusal checked; for an error its view raised after the loader
    let it through, the night as this device's cookie shows it again; None
    off a night's pages, before any view ran (a body too large: 413), or
    when it can't be had."""
    if hasattr(error, "access"):
        return checked_night(error)
    table_id = (request.view_args or {}).get("table_id")
    endpoint = current_app.view_functions.get(request.endpoint or "")
    if not isinstance(table_id, int) or not isinstance(declared(endpoint), Action) \
            or getattr(error, "code", None) == 413:
        return None
    try:
        return night_access(table_id, _cookie_token)
    except Exception:  # noqa: BLE001 - an error page never fails on its way back
        return None


def _refuse_unless(access: NightAccess, action: Action, anonymous: tuple[int, str],
                   retry: bool = False) -> None:
    """Abort unless the policy allows ``action``: ``anonymous`` without any
    credential, else 403 (the credential) or 409 (the stage) with its words.
    An API write retried under a key that was carried out (``retry``)
    goes on to its first answer when only the stage refuses it now: the
    close it made, say, is what closed the night.  The refusal carries
    ``access`` (:func:`checked_night`)."""
    if access.credential is None:
        _refuse(*anonymous, access)
    decision = access.decide(action)
    if decision.allowed or (decision.by_stage and retry and
                            once_service.answered(key_home(),
                                                  request.headers.get("Idempotency-Key"))):
        return
    _refuse(409 if decision.by_stage else 403, decision.why, access)


def _cookie_token(kind: str, row_id: int) -> str | None:
    """The token this phone keeps for the owner (under its kind's cookie key)."""
    return Held(kind).token(row_id)


def load_table(table_id: int) -> NightAccess:
    """What this device may do to the night (404, else 403 or 409 with the
    policy's words for the route's declared action), loaded once: the view
    takes its state (``.state``) and grant (``.grant``) from it and passes it
    to the night's pages as ``access``."""
    action = _declared_here()
    night = night_access(table_id, _cookie_token)
    _refuse_unless(night, action, (403, NOT_EDITOR_AT_EVENT if night.owner == EVENT
                                   else NOT_EDITOR))
    return night


def api_table(table_id: int, retry: bool = False) -> NightAccess:
    """What the bearer token may do to the night (a share token reads), for
    the route's declared action; the night's version becomes the answer's
    ETag.  A write that keeps its answers (``retry``) is answered again
    when retried."""
    action = _declared_here()
    token = bearer_token()
    if token is None:
        abort(401, "Send Authorization: Bearer <token>")
    night = night_access(table_id, lambda kind, row_id: token, links=True)
    g.api_table = night.state.table
    _refuse_unless(night, action, (401, "That token isn't valid for this table"), retry)
    return night


# --- what a night's page shows, asked of the access its loader checked ----------------

def allows(night: NightAccess | None, action: Action | str) -> bool:
    """Whether ``night`` (None: no night's page) lets the request do
    ``action`` (the pages show only what it may)."""
    return night is not None and night.may(action)


def event_may(event: Any, write: EventWrite | str) -> bool:
    """Whether ``event``'s stage takes ``write`` now (its pages show a form
    only then): :func:`scorekeeper.policy.acl.event_decide`."""
    return event_stages.decide(event, EventWrite(write)).allowed


def owner_word(night: NightAccess | None) -> str:
    """Whose ``night`` is ("own", "group", "event"; "" for none)."""
    return str(night.owner) if night is not None else ""


def refused_stage_words(night: NightAccess | None) -> str:
    """Why ``night`` takes no more of its hands, in the night's own words
    ("Table 4 is done for this session: corrections are the director's"),
    for the one who may not record; "" otherwise."""
    if night is None or night.may(Action.RECORD) or night.stage is Stage.CLOSED:
        return ""
    return night.stage_words or STAGE_WORDS.get(night.stage, "")


def allows_route(night: NightAccess | None, endpoint: str) -> bool:
    """Whether ``night`` lets the request do what the route ``endpoint``
    declares (a tab or a link is shown only then)."""
    action = declared(current_app.view_functions.get(endpoint))
    return isinstance(action, Action) and allows(night, action)


def grant_label(checked: NightAccess | OwnerAccess) -> str | None:
    """The name of the device or client the checked request writes as (for
    history); None for a share link."""
    return checked.grant.label if checked.grant is not None else None


def grant_id(checked: OwnerAccess) -> int | None:
    """The grant the checked request acts as: a director's, the grants and
    codes he issues are his (revoking him ends them)."""
    return checked.grant.id if checked.grant is not None else None


# --- API clients -------------------------------------------------------------------

def bearer_token() -> str | None:
    """The token of an ``Authorization: Bearer`` header."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def _owner_api(kind: str, row_id: int, action: OwnerAction | None, noun: str
               ) -> OwnerAccess:
    """A group or an event the bearer token may do ``action`` to (default:
    the route's declared one); 401 without a valid token, 403 for its share
    token on a change."""
    action = action or _declared_here()
    token = bearer_token()
    if token is None:
        abort(401, "Send Authorization: Bearer <token>")
    found = owner_access(kind, row_id, token, links=True)
    if found.credential is None:
        abort(401, f"That token isn't valid for this {noun}")
    if not found.may(action):
        abort(403, f"The {noun}'s share token can only read it")
    return found


# --- groups ------------------------------------------------------------------------

NOT_GROUP_EDITOR = ("This is the page of the group's scorekeeper. To follow the group, "
                    "open its share link (scan its QR code).")


def load_group(group_id: int) -> OwnerAccess:
    """The group this device runs (404, else 403): its row (``.row``) and
    the grant it runs it with (``.grant``)."""
    _declared_here()
    found = owner_access(GROUP, group_id, group_session_token(group_id))
    if not found.may(OwnerAction.RUN):
        abort(403, NOT_GROUP_EDITOR)
    return found


def load_group_head(group_id: int) -> GroupHead:
    """Like :func:`load_group`, with the group's head only (one light query)."""
    _declared_here()
    head, runs = group_head_access(group_id, group_session_token(group_id), OwnerAction.RUN)
    if not runs:
        abort(403, NOT_GROUP_EDITOR)
    return head


def api_group(group_id: int, action: OwnerAction | None = None) -> OwnerAccess:
    """The group the bearer token may do ``action`` to (default: the route's
    declared one): its edit token does everything, its share token reads."""
    found = _owner_api(GROUP, group_id, action, "group")
    g.api_group = found.row
    return found


# --- events --------------------------------------------------------------------------

def api_event(event_id: int) -> OwnerAccess:
    """The event the bearer token may do the route's declared action to: the
    director token does everything (its grant is who writes, ``.grant``),
    the view token only reads."""
    found = _owner_api(EVENT, event_id, None, "event")
    g.api_event = found.row
    _refuse_unless_stage_takes(found.row, retry=True)
    return found


NOT_DIRECTOR = ("This is the director's page of the event. To follow the event, open "
                "its leaderboard link (scan its QR code).")


def load_event(event_id: int) -> OwnerAccess:
    """The event this device directs (404, else 403): its row (``.row``)
    and the director's grant (``.grant``)."""
    _declared_here()
    found = owner_access(EVENT, event_id, event_session_token(event_id))
    if not found.may(OwnerAction.RUN):
        abort(403, NOT_DIRECTOR)
    _refuse_unless_stage_takes(found.row)
    return found
