"""The service layer: load rows, call the rules engine, commit once per
user action.  Views (pages and the JSON API) call these and only turn
errors into responses.
"""

from __future__ import annotations


class ServiceError(Exception):
    """A refused action with a message a player understands."""

    status = 400

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class NotFound(ServiceError):
    """No such table or hand."""

    status = 404


class Conflict(ServiceError):
    """The action clashes with the table's state (closed, name taken...)."""

    status = 409
