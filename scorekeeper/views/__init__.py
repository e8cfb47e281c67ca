"""Blueprints, one per page family, plus the JSON API."""

from __future__ import annotations

# api_hands only adds the hand routes to api.bp
# api_transfer only adds the export/import routes to api.bp
from scorekeeper.views import (  # noqa: F401
    api,
    api_hands,
    api_transfer,
    hands,
    rulings,
    settle,
    share,
    tables,
    transfer,
)

BLUEPRINTS = [tables.bp, hands.bp, share.bp, settle.bp, transfer.bp, rulings.bp, api.bp]
