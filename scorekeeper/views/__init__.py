"""Blueprints, one per page family, plus the JSON API."""

from __future__ import annotations

from scorekeeper.views import api, hands, tables

BLUEPRINTS = [tables.bp, hands.bp, api.bp]
