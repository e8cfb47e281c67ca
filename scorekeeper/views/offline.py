"""What lets a phone install the app and keep scoring without a network: the
web app manifest, the service worker (served from the site's root so that its
scope covers every page) and the page it shows for a page it never saved.

The service worker is a small hand-written file, ``static/js/sw.js``: it
caches the app's own files and the pages each table's phone opened, and
serves them when the server can't be reached.  The waiting saves themselves
live in the page (``static/js/waiting.js``), because a service worker only
runs over HTTPS or on localhost, and tables often keep score over plain HTTP
on a LAN address, where IndexedDB still works.
"""

from __future__ import annotations

import json
from pathlib import Path

from flask import (
    Blueprint,
    Response,
    current_app,
    jsonify,
    render_template,
    request,
)

from scorekeeper.policy.acl import OwnerAction
from scorekeeper.views.access import permission
from scorekeeper.views.assets import plain_url
from scorekeeper.views.client import worker_facts

bp = Blueprint("offline", __name__)

THEME = "#0b6e4f"


@bp.get("/manifest.webmanifest")
@permission(OwnerAction.PUBLIC)
def manifest() -> Response:
    """Name, icons, colours and a standalone window: what "Add to Home Screen" reads."""
    def icon(name: str, size: int, purpose: str = "any") -> dict[str, str]:
        return {"src": plain_url(f"icons/{name}"),
                "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}

    response = jsonify({
        "name": "Sheepshead Scorekeeper",
        "short_name": "Sheepshead",
        "description": "Keep score for Sheepshead at the table, with or without Wi-Fi.",
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME,
        "icons": [icon("icon-192.png", 192), icon("icon-512.png", 512),
                  icon("maskable-512.png", 512, "maskable"),
                  {"src": plain_url("icons/icon.svg"), "sizes": "any",
                   "type": "image/svg+xml", "purpose": "any"}],
    })
    response.mimetype = "application/manifest+json"
    return response


@bp.get("/sw.js")
@permission(OwnerAction.PUBLIC)
def service_worker() -> Response:
    """The service worker, from the root so that its scope is the whole site,
    with what the server tells it written in front (``self.scorekeeperApp``:
    the app's addresses and files, see :func:`client.worker_facts`).
    Always checked with the server (no-cache), so a new version is picked up
    on the next visit."""
    script = Path(current_app.static_folder or "static", "js", "sw.js").read_text("utf-8")
    told = json.dumps(worker_facts(), ensure_ascii=False, sort_keys=True)
    response = Response(f"self.scorekeeperApp = {told};\n{script}",
                        mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.add_etag()
    response.make_conditional(request)
    return response


@bp.get("/offline")
@permission(OwnerAction.PUBLIC)
def offline() -> str:
    """What the service worker shows for a page this phone never opened while
    it had a connection (it keeps a copy of this one when it is installed)."""
    return render_template("offline.html")
