"""The service layer: load rows, call the rules engine, commit once per
user action.  Views (pages and the JSON API) call these and only turn
errors into responses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar


class ServiceError(Exception):
    """A refused action with a message a player understands; ``row`` is the
    place in a list (a player's seat) the refusal is about, when it is one.
    It says what went wrong, never an HTTP status: the views choose that
    (:func:`scorekeeper.views.json_errors.status_of`)."""

    def __init__(self, message: str, field: str | None = None, row: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.row = row


class OptionRefused(ServiceError):
    """A house rule refused; ``option`` names the one at fault, when one is."""

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message, "options")
        self.option = option


class NotFound(ServiceError):
    """No such table or hand."""


class Conflict(ServiceError):
    """The action clashes with the table's state (closed, name taken...)."""


class Stale(Conflict):
    """The night changed since the author looked (its version moved on);
    nothing was written.  The API answers it 412 (``If-Match``)."""


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
