"""Sharing a table: the view token behind the share link.  A table has
exactly one live view token; replacing it kills the old link at once.  Its
edit grants and take-over codes are :mod:`scorekeeper.services.grants.grants`'.
"""

from __future__ import annotations

from scorekeeper.db.models import GameTable
from scorekeeper.policy.acl import Action
from scorekeeper.services.grants.grants import new_token
from scorekeeper.services.writes import audit_night, begin_night, unit


def rotate_view_token(table: GameTable) -> str:
    """Replace the share link; whoever holds the old one sees 404 from now on."""
    with unit():
        begin_night(table, Action.SHARE)  # the old token's viewers are told at their next poll
        table.owner.view_token = new_token()
        audit_night(table, "share", "New share link: the old link and QR code stopped working")
    return table.view_token
