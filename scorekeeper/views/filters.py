"""What templates may call, registered once for every page: money and
signed numbers, a hand or a payment in words, the pending-doubler banner,
search words highlighted, names isolated with ``<bdi>`` wherever they
sit in running text (so a name written right to left can't reorder it),
and what a night's page may offer, asked of the ``access`` its view
rendered it with (the :class:`~scorekeeper.services.access.credentials.NightAccess`
its loader returned; a page rendered without one offers nothing).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import UTC, datetime

from flask import Flask
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape

from scorekeeper.ledger.event_draw import is_filler
from scorekeeper.ledger.money import money, signed, to_cents
from scorekeeper.ledger.settle import Transfer
from scorekeeper.ledger.words import (
    change_lines,
    describe_transfer,
    pending_text,
    square_words,
)
from scorekeeper.moments import said_at
from scorekeeper.policy.acl import Action
from scorekeeper.rules import HandResult, Rules
from scorekeeper.rules.words import away, badges, describe, partner_hint
from scorekeeper.rulings import marks
from scorekeeper.views import problems
from scorekeeper.views.access import (
    allows,
    allows_route,
    event_may,
    owner_word,
    refused_stage_words,
)
from scorekeeper.views.event_length import plural


def _wrap(text: str, spans: Iterable[tuple[int, int]], tag: str) -> Markup:
    """``text`` escaped, with each (start, end) span of it wrapped in ``<tag>``."""
    parts: list[Markup] = []
    last = 0
    for start, end in spans:
        parts += [escape(text[last:start]), Markup(f"<{tag}>%s</{tag}>") % text[start:end]]
        last = end
    parts.append(escape(text[last:]))
    return Markup("").join(parts)


def mark_words(text: str, query: str) -> Markup:
    """``text`` escaped, with each whole word the search for ``query`` used
    wrapped in ``<mark>`` (the rulings' search says which: :func:`marks`)."""
    return _wrap(text, marks(text, query), "mark")


def isolate(text: str, names: Iterable[str]) -> Markup:
    """``text`` escaped, with each of ``names`` in it wrapped in ``<bdi>``, so a
    name written right to left can't reorder the words around it."""
    ordered = sorted({n for n in names if n}, key=len, reverse=True)
    pattern = (re.compile("|".join(rf"(?<!\w){re.escape(n)}(?!\w)" for n in ordered))
               if ordered else None)
    spans = ((m.start(), m.end()) for m in pattern.finditer(text)) if pattern else ()
    return _wrap(text, spans, "bdi")


def seat_label(number: int) -> str:
    """Who sits at an event's seat, as lists show it: an entrant's number
    ("#7"), or "filler" for a seat somebody makes up (it doesn't rank)."""
    return "filler" if is_filler(number) else f"#{number}"


def bdi(name: str) -> Markup:
    """One name, escaped and isolated (``Next dealer: <bdi>name</bdi>``); an
    empty name is left as it is."""
    return Markup("<bdi>%s</bdi>") % name if name else escape(name)


@pass_context
def in_words(context: Context, text: str | Markup) -> Markup:
    """A sentence made in code (a flash, a refusal, a line of history) escaped,
    with the names of the page's table in it, its players' and its own (or,
    on an event's page, the event's players' and its own), isolated.  Text
    that is already markup was built safe, and stays as it is."""
    if isinstance(text, Markup):
        return text
    owner = context.get("table") or context.get("event")
    names = ([*(p.name for p in owner.players), owner.name]
             if owner is not None and hasattr(owner, "players") else [])
    return isolate(text, names)


def hand_line(rules: Rules, result: HandResult) -> Markup:
    """A hand as one line in the engine's words
    (:func:`~scorekeeper.rules.words.describe`), its names isolated."""
    return isolate(describe(rules, result), result.payouts)


def transfer_isolated(transfer: Transfer) -> Markup:
    """A payment in words (:func:`describe_transfer`), its names isolated."""
    return isolate(describe_transfer(transfer), (transfer.payer, transfer.payee))


def utc_iso(moment: datetime) -> str:
    """ISO time with its UTC offset (SQLite hands back naive UTC datetimes)."""
    aware = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return aware.astimezone(UTC).isoformat(timespec="seconds")


@pass_context
def may(context: Context, action: Action | str) -> bool:
    """Whether the page's ``access`` lets the request do ``action``."""
    return allows(context.get("access"), action)


@pass_context
def may_open(context: Context, endpoint: str) -> bool:
    """Whether the page's ``access`` lets the request do what the route
    ``endpoint`` declares (a tab or a link is shown only then)."""
    return allows_route(context.get("access"), endpoint)


@pass_context
def night_owner(context: Context) -> str:
    """Whose the page's night is ("own", "group", "event"; "" for none)."""
    return owner_word(context.get("access"))


@pass_context
def stage_words(context: Context) -> str:
    """Why the page's night takes no more of the request's hands, in its own
    words; "" when it may record, or the night is closed."""
    return refused_stage_words(context.get("access"))


def register(app: Flask) -> None:
    """Make the filters and helpers available to every template."""
    problems.register(app)
    app.add_template_filter(money, "money")
    app.add_template_filter(signed, "signed")
    app.add_template_filter(to_cents, "cents")
    app.add_template_filter(mark_words, "mark_words")
    app.add_template_filter(bdi, "bdi")
    app.add_template_filter(plural, "plural")
    app.add_template_filter(seat_label, "seat_no")
    app.add_template_filter(said_at, "said_at")
    app.add_template_global(in_words, "in_words")
    app.add_template_global(hand_line, "hand_line")
    app.add_template_global(badges, "badges")
    app.add_template_global(partner_hint, "partner_hint")
    app.add_template_global(away, "away")
    app.add_template_global(transfer_isolated, "describe_transfer")
    app.add_template_global(pending_text, "pending_text")
    app.add_template_global(square_words, "square_words")
    app.add_template_global(change_lines, "change_lines")
    app.add_template_global(utc_iso, "utc_iso")
    app.add_template_global(may, "may")
    app.add_template_global(may_open, "may_open")
    app.add_template_global(event_may, "event_may")
    app.add_template_global(night_owner, "night_owner")
    app.add_template_global(stage_words, "stage_words")
