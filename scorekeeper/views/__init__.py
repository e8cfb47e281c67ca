"""The web front: one blueprint per page family, the read-only viewer behind
share links, and the JSON API."""

from __future__ import annotations

from scorekeeper.views import api, client, offline
from scorekeeper.views.api import exports as _api_exports  # noqa: F401  (routes on api.bp)
from scorekeeper.views.api import groups as _api_groups  # noqa: F401  (routes on api.bp)
from scorekeeper.views.api import hands as _api_hands  # noqa: F401  (routes on api.bp)
from scorekeeper.views.api import openapi as _api_openapi  # noqa: F401  (routes on api.bp)
from scorekeeper.views.api import roster as _api_roster  # noqa: F401  (routes on api.bp)
from scorekeeper.views.api import signatures as _api_signatures  # noqa: F401  (routes on api.bp)
from scorekeeper.views.api import tables as _api_tables  # noqa: F401  (routes on api.bp)
from scorekeeper.views.api import tokens as _api_tokens  # noqa: F401  (routes on api.bp)
from scorekeeper.views.api import words as _api_words  # noqa: F401  (routes on api.bp)
from scorekeeper.views.api.events import admin as _api_event_admin  # noqa: F401  (routes on api.bp)
from scorekeeper.views.api.events import entries as _api_event_entries  # noqa: F401  (routes on api.bp)
from scorekeeper.views.api.events import photos as _api_event_photos  # noqa: F401  (routes on api.bp)
from scorekeeper.views.api.events import routes as _api_events  # noqa: F401  (routes on api.bp)
from scorekeeper.views.api.events import scores as _api_event_scores  # noqa: F401  (routes on api.bp)
from scorekeeper.views.api.sheets import routes as _api_sheets  # noqa: F401  (routes on api.bp)
from scorekeeper.views.pages import rulings
from scorekeeper.views.pages.events import directors as _event_directors  # noqa: F401  (routes on events.bp)
from scorekeeper.views.pages.events import entries as _event_entries  # noqa: F401  (routes on events.bp)
from scorekeeper.views.pages.events import event as events
from scorekeeper.views.pages.events import history as _event_history  # noqa: F401  (routes on events.bp)
from scorekeeper.views.pages.events import photos as _event_photos  # noqa: F401  (routes on events.bp)
from scorekeeper.views.pages.events import printing as _event_printing  # noqa: F401  (routes on events.bp)
from scorekeeper.views.pages.events import sessions as _event_sessions  # noqa: F401  (routes on events.bp)
from scorekeeper.views.pages.groups import group as groups
from scorekeeper.views.pages.groups import jobs as _group_jobs  # noqa: F401  (routes on groups.bp)
from scorekeeper.views.pages.groups import sheets as group_sheets
from scorekeeper.views.pages.nights import corrections as _night_corrections  # noqa: F401  (routes on hands.bp)
from scorekeeper.views.pages.nights import exports, hands, pay, said, settle, share, tables
from scorekeeper.views.pages.nights import sign as _night_sign  # noqa: F401  (routes on hands.bp)
from scorekeeper.views.viewers import event as event_viewer
from scorekeeper.views.viewers import group as group_viewer
from scorekeeper.views.viewers import night as viewer

BLUEPRINTS = [tables.bp, hands.bp, said.bp, share.bp, settle.bp, exports.bp, rulings.bp,
              viewer.bp, groups.bp, group_viewer.bp, api.bp, offline.bp, client.bp, pay.bp,
              events.bp, event_viewer.bp, group_sheets.bp]

#: The live fragments watchers poll: their unchanged polls are answered in
#: front of the app (:mod:`scorekeeper.views.poll_gate`).
POLLS = (viewer.POLL, event_viewer.POLL)
