"""What the server tells the browser's scripts instead of their knowing it:
the app's addresses, the files the service worker keeps, the deck a table
plays and the bounds a form checks before the server does.

Addresses are named once here, by endpoint, and read from the app's own
url_map as templates with a ``{name}`` for each variable part
("/t/{table_id}/hand/new").  Every page carries them as a small JSON
(``<script type="application/json" id="app-routes">``, in ``_head.html``); the
service worker gets them written in front of ``sw.js`` when it is served
(:func:`worker_facts`).  ``static/js/routes.js`` fills and matches them for
both, so no script spells out a URL.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, current_app, request, url_for

from scorekeeper import limits
from scorekeeper.rules.cards import deck_for
from scorekeeper.services import caches

bp = Blueprint("client", __name__)

#: The addresses the scripts use, by the name they use them by.
ROUTES = {
    "home": "tables.home",
    "ledger": "hands.ledger",
    "record": "hands.new",
    "share": "share.share",
    "viewer": "viewer.view",
    "tv": "viewer.tv",
    "live": "viewer.live",
    "offline": "offline.offline",
    "manifest": "offline.manifest",
    "worker": "offline.service_worker",
    "health": "healthz",
}
#: The ones a share link's pages carry: what their scripts use (offline.js starts
#: the worker), and nothing of the scorekeeper's own pages.
FOR_VIEWERS = ("worker", "health")
#: Of those, the pages the service worker keeps a copy of as they are opened
#: (home, a table's ledger, record form and share tab, a share link's page on a
#: phone or a TV and the live part it polls).
KEPT_PAGES = ("home", "ledger", "record", "share", "viewer", "tv", "live")
#: The app's own files, kept by the service worker when it installs (with the
#: offline page and the manifest): everything a kept page loads.
SHELL_FILES = (
    "vendor/pico.min.css", "vendor/htmx.min.js", "css/app.css",
    "js/routes.js", "js/offline.js", "js/waiting-store.js", "js/waiting-panel.js",
    "js/waiting.js", "js/wake.js", "js/hand.js", "js/counter.js", "js/first-screen.js",
    "js/say.js", "js/errors.js",
    "js/ledger.js", "js/share.js", "js/watch.js", "js/start.js", "favicon.svg",
    "icons/icon-192.png", "icons/icon-512.png", "icons/apple-touch-icon.png",
)
#: What the service worker loads from the pages' scripts: the addresses, and
#: where waiting hands are kept.
WORKER_IMPORTS = ("js/routes.js", "js/waiting-store.js")

_VARIABLE = re.compile(r"<(?:[^:<>]+:)?([^<>]+)>")


def _template(endpoint: str) -> str:
    """The endpoint's URL rule as a template: "/t/<int:table_id>" becomes "/t/{table_id}"."""
    rule = next(current_app.url_map.iter_rules(endpoint))
    return _VARIABLE.sub(r"{\1}", rule.rule)


#: The templates worked out once per app's URL map (it never changes once it serves).
_KNOWN: dict[tuple[int, bool], dict[str, str]] = caches.register("route templates", {})


def route_templates(for_viewers: bool = False) -> dict[str, str]:
    """Every address a script uses, by name, as a template (on a share link's
    pages, only those in :data:`FOR_VIEWERS`), under the app's script root."""
    key = (id(current_app.url_map), for_viewers)
    known = _KNOWN.get(key)
    if known is None:
        known = _KNOWN[key] = {name: _template(endpoint) for name, endpoint in ROUTES.items()
                               if not for_viewers or name in FOR_VIEWERS}
    root = request.script_root
    return {name: root + path for name, path in known.items()} if root else known


def worker_facts() -> dict[str, Any]:
    """What the service worker is told when it is served: the addresses, which
    of them are pages it keeps, its app files and the scripts it imports."""
    static = url_for("static", filename="")
    return {
        "routes": route_templates(),
        "kept": list(KEPT_PAGES),
        "static": static,
        "shell": [url_for("offline.offline"), url_for("offline.manifest")]
        + [url_for("static", filename=name) for name in SHELL_FILES],
        "imports": [url_for("static", filename=name) for name in WORKER_IMPORTS],
    }


@bp.app_context_processor
def client_facts() -> dict[str, Any]:
    """For the templates: the addresses the page carries for its scripts, the
    deck of a table's rules, and the bounds a form's scripts check."""
    return {"route_templates": route_templates, "deck_for": deck_for, "limits": limits}
