"""The scorekeeper's pages, one blueprint per family of pages.

A refused form answers with the page it would have gone back to, the
refusal said at its top, and a 4xx status: never a redirect, which would
answer a refusal with success to anything but a person's eyes.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import flash
from markupsafe import Markup

from scorekeeper.services.writes import abandon

Page = str | tuple[str, int]


def refused(message: str | Markup, status: int, page: Callable[[], Page]) -> tuple[str, int]:
    """``page`` with ``message`` at its top, answered as ``status``; whatever
    the refused action began is rolled back first."""
    abandon()
    flash(message, "error")
    body = page()
    return (body[0] if isinstance(body, tuple) else body), status
