"""Another site's page reads the API from the browser (CORS), the way a
league's website shows its standings: only ``GET`` and ``HEAD``, only with a
share link's token or none (:data:`~scorekeeper.policy.acl.CROSS_ORIGIN_READERS`),
never with cookies (no ``Access-Control-Allow-Credentials``: a browser sends
none with ``Access-Control-Allow-Origin: *``).  A preflight for a write is
answered without the header, so the browser never sends the write; an
answer read with an edit token carries none either, so another site's
script can't read what only the scorekeeper's client may.

A request with no ``Origin`` (a same-site page's ``GET``, a server's
client) is answered as ever and the token isn't looked at again.
"""

from __future__ import annotations

from flask import Response, request

from scorekeeper.policy.acl import CROSS_ORIGIN_METHODS, CROSS_ORIGIN_READERS
from scorekeeper.services.access import tokens
from scorekeeper.views.access import bearer_token

#: The request headers another site's page may send.
ALLOWED_HEADERS = "Authorization, If-None-Match"
#: The answer's headers its script may read (beyond the simple ones).
EXPOSED_HEADERS = "ETag, Link, X-Total-Count, X-Request-Id, Retry-After, WWW-Authenticate"
#: How long a browser may keep a preflight's answer, in seconds.
PREFLIGHT_SECONDS = 600


def preflight() -> Response | None:
    """The answer to a browser's preflight (``OPTIONS`` with ``Origin`` and
    ``Access-Control-Request-Method``): 204, allowing a read; a write's is
    204 without the allowing headers.  None for any other request."""
    asked = request.headers.get("Access-Control-Request-Method")
    if request.method != "OPTIONS" or "Origin" not in request.headers or asked is None:
        return None
    response = Response(status=204)
    if asked.upper() in CROSS_ORIGIN_METHODS:
        response.headers.update({
            "Access-Control-Allow-Origin": "*",
            "Access-Control-Allow-Methods": ", ".join(CROSS_ORIGIN_METHODS),
            "Access-Control-Allow-Headers": ALLOWED_HEADERS,
            "Access-Control-Max-Age": str(PREFLIGHT_SECONDS),
        })
    return response


def readable_elsewhere() -> bool:
    """True when this request's answer may be read by another site's page:
    a read, with a share link's token or none (or one that is nobody's:
    its 401 says so)."""
    if request.method not in CROSS_ORIGIN_METHODS or "Origin" not in request.headers:
        return False
    held = bearer_token()
    if held is None:
        return True
    try:
        facts = tokens.describe(held)
    except Exception:  # noqa: BLE001 (the database out of reach: the answer says so, unread)
        return False
    return facts is None or facts.credential in CROSS_ORIGIN_READERS


def allow(response: Response) -> Response:
    """Let another site's page read ``response`` when it may."""
    if "Origin" in request.headers and readable_elsewhere():
        response.headers["Access-Control-Allow-Origin"] = "*"
        response.headers["Access-Control-Expose-Headers"] = EXPOSED_HEADERS
        response.vary.add("Origin")
    return response
