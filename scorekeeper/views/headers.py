"""The headers every answer carries, whoever sends it (the app's
after-request, or the poll gate in front of it)."""

from __future__ import annotations

#: Sent with every response: no sniffing, no framing (clickjacking a
#: scorekeeper's page), and links never carry a share or edit token's URL to
#: another site (same-origin keeps the Referer that CSRF checks over HTTPS).
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    # Scripts and styles only from this server's own files: no inline script,
    # no eval (htmx runs with allowEval off), no inline style.
    "Content-Security-Policy": "; ".join((
        "default-src 'self'", "script-src 'self'", "style-src 'self'",
        "img-src 'self' data:", "connect-src 'self'", "font-src 'self'",
        "object-src 'none'", "base-uri 'none'", "form-action 'self'",
        "frame-ancestors 'none'", "worker-src 'self'", "manifest-src 'self'")),
}
