"""The service layer: load rows, call the rules engine, commit once per
user action.  Views (pages and the JSON API) call these and only turn
errors into responses.

Every refusal is a :class:`ServiceError` in players' words, and each kind of
refusal names its :class:`Code` once, on its class: the machine-readable
word an API client reads beside the words (docs/api.md, "Error codes").
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, Generic, TypeVar

from scorekeeper.policy.acl import EventStage, EventWrite, Stage


class Code(StrEnum):
    """Every error code the API answers, each one situation a client may act
    on (its words are for the player).  docs/api.md lists them all."""

    INVALID = "invalid"  #: a value refused: a wrong type, out of bounds, a bad date
    BAD_JSON = "bad_json"  #: not JSON, not an object, a key twice, text that isn't Unicode
    UNKNOWN_FIELD = "unknown_field"  #: a field or query parameter the operation doesn't take
    HAND_REFUSED = "hand_refused"  #: a hand the rules refuse (the field names which part)
    NOT_UNDERSTOOD = "not_understood"  #: words only partly understood: the rest is asked
    UNKNOWN_PLAYER = "unknown_player"  #: a name that isn't a player there
    OPTION_REFUSED = "option_refused"  #: a house rule refused
    BAD_KEY = "bad_key"  #: an Idempotency-Key of the wrong length or characters
    IMPORT_REFUSED = "import_refused"  #: an import file refused (the error says where)
    NO_TOKEN = "no_token"  #: no Authorization: Bearer token
    BAD_TOKEN = "bad_token"  #: a token that isn't valid here (or was revoked)
    FORBIDDEN = "forbidden"  #: a valid token that may not do this (a share link writing)
    NOT_FOUND = "not_found"  #: no such table, group, event, hand, player or path
    METHOD_NOT_ALLOWED = "method_not_allowed"  #: a method the path doesn't have
    CONFLICT = "conflict"  #: the state refuses it (a name taken, the tab changed...)
    SAME_NAME = "same_name"  #: maybe a registered player under another spelling
    CLOSED = "closed"  #: the night is closed
    TABLE_DONE = "table_done"  #: a tournament table is done: corrections are the director's
    TICKETED = "ticketed"  #: a tournament table's paper ticket stands instead of its hands
    UNCHANGED = "unchanged"  #: the write would change nothing (the error says why)
    FINISHED = "finished"  #: the event is finished until the director reopens it
    NOT_DRAWN = "not_drawn"  #: the event has no session drawn yet
    NOT_FINISHED = "not_finished"  #: the event isn't finished (nothing to reopen)
    STALE = "stale"  #: If-Match names a version that moved on
    TOO_LARGE = "too_large"  #: the body is too large
    TOO_MANY = "too_many"  #: too many imports from one address: wait Retry-After seconds
    NOT_JSON = "not_json"  #: the body isn't sent as application/json
    KEY_REUSED = "key_reused"  #: an Idempotency-Key already used for another request
    BUSY = "busy"  #: the database stayed busy or is restarting: retry
    SERVER_ERROR = "server_error"  #: a fault of ours (never for any input)


#: A stage that refuses a write (a night's or an event's), by its code.
STAGE_CODES: dict[str, Code] = {
    Stage.CLOSED: Code.CLOSED, Stage.DONE: Code.TABLE_DONE, Stage.FINISHED: Code.FINISHED,
    Stage.TICKETED: Code.TICKETED,
    EventStage.REGISTRATION: Code.NOT_DRAWN, EventStage.SESSIONS: Code.NOT_FINISHED,
}
#: A write whose refusal by a stage has one code whatever the stage: a
#: reopening refused says the event isn't finished, drawn or not.
WRITE_CODES: dict[str, Code] = {EventWrite.REOPEN: Code.NOT_FINISHED}


def refusal_code(stage: str, write: str | None = None) -> Code:
    """The code of a refusal by ``stage`` of ``write`` (:data:`WRITE_CODES`,
    else :data:`STAGE_CODES`)."""
    return WRITE_CODES.get(write or "") or STAGE_CODES.get(stage, Code.CONFLICT)


class ServiceError(Exception):
    """A refused action with a message a player understands; ``row`` is the
    place in a list (a player's seat) the refusal is about, when it is one.
    It says what went wrong, never an HTTP status: the views choose that
    (:func:`scorekeeper.views.json_errors.status_of`).  Its ``code`` is its
    class's unless one is given."""

    code: Code = Code.INVALID

    def __init__(self, message: str, field: str | None = None, row: int | None = None,
                 *, code: Code | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.row = row
        if code is not None:
            self.code = code

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled whole, whatever its class's own arguments: a refusal made in
        the import process (:mod:`scorekeeper.services.background.elsewhere`) is raised
        in the server's as it was."""
        return _restored, (type(self), self.args, self.__dict__)


def _restored(kind: type[ServiceError], args: tuple[Any, ...], state: dict[str, Any]
              ) -> ServiceError:
    """A :class:`ServiceError` as it was pickled (:meth:`ServiceError.__reduce__`)."""
    error = kind.__new__(kind)
    Exception.__init__(error, *args)
    error.__dict__.update(state)
    return error


class OptionRefused(ServiceError):
    """A house rule refused; ``option`` names the one at fault, when one is."""

    code = Code.OPTION_REFUSED

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message, "options")
        self.option = option


class UnknownPlayer(ServiceError):
    """A name that isn't a player at the table (or of the group)."""

    code = Code.UNKNOWN_PLAYER


class NotFound(ServiceError):
    """No such table or hand."""

    code = Code.NOT_FOUND


class Conflict(ServiceError):
    """The action clashes with the table's state (closed, name taken...)."""

    code = Code.CONFLICT


class Refused(Conflict):
    """A write the night's or the event's stage doesn't take now (a closed
    night, a finished event): its code is the stage's (:data:`STAGE_CODES`)."""

    def __init__(self, message: str, stage: str, write: str | None = None) -> None:
        super().__init__(message, code=refusal_code(stage, write))
        self.stage = stage


class Stale(Conflict):
    """The night changed since the author looked (its version moved on);
    nothing was written.  The API answers it 412 (``If-Match``)."""

    code = Code.STALE


T = TypeVar("T")


class lazy(Generic[T]):  # noqa: N801 (a decorator, like cached_property)
    """Like :func:`functools.cached_property`, without its lock.  On Python
    3.11 that lock is shared by every instance of the class, so two requests
    working out two different tables' nights would wait for each other (with
    a league of tables, a queue of them).  What it decorates is either
    one request's (a TableState) or harmless to work out twice (a kept
    night's chart), so it needs no lock at all."""

    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: Any, owner: type | None = None) -> T:
        if instance is None:
            return self  # type: ignore[return-value]
        value = self.compute(instance)
        instance.__dict__[self.name] = value
        return value
