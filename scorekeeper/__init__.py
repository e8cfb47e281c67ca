"""Sheepshead Scorekeeper: a Flask app for scoring Sheepshead at a real table.

Flask is imported inside :func:`create_app` on purpose: importing the pure
rules engine (``scorekeeper.rules``) runs this file first, and it must not
pull in Flask, SQLAlchemy or WTForms.
"""

from __future__ import annotations

from typing import Any


def create_app(test_config: dict[str, Any] | None = None) -> Any:
    """Build the Flask application (see ``scorekeeper.app``)."""
    from scorekeeper.app import build_app

    return build_app(test_config)
