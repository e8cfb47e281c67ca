"""What the server tells the browser's scripts instead of their knowing it:
the deck a table plays and the bounds a form checks before the server does.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from scorekeeper import limits
from scorekeeper.rules.cards import deck_for

bp = Blueprint("client", __name__)


@bp.app_context_processor
def client_facts() -> dict[str, Any]:
    """For the templates: the deck of a table's rules, and the bounds a form's
    scripts check."""
    return {"deck_for": deck_for, "limits": limits}
