"""Addresses for the other phones at the table: absolute links, QR codes as
inline SVG (no Pillow, no image files), and whether an address can be
reached from another phone at all.
"""

from __future__ import annotations

import ipaddress
import re
from typing import Any
from urllib.parse import urlsplit

import qrcode
import qrcode.image.svg
from flask import current_app, request, url_for

from scorekeeper.hosts import machine_hosts

_SIZE_ATTRS = re.compile(r'\s(?:width|height)="[^"]*"')
_ID_ATTR = re.compile(r'\sid="[^"]*"')


def qr_svg(data: str, label: str) -> str:
    """``data`` as an SVG QR code that scales with CSS (viewBox only, no mm size).

    The path's id is dropped so that two codes can share a page.  ``label``
    becomes the accessible name; it is escaped here.
    """
    image = qrcode.make(data, image_factory=qrcode.image.svg.SvgPathImage)
    svg = image.to_string(encoding="unicode")
    svg = _ID_ATTR.sub("", _SIZE_ATTRS.sub("", svg, count=2))
    safe = label.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
    return svg.replace("<svg ", f'<svg class="qr" role="img" aria-label="{safe}" '
                                 'shape-rendering="crispEdges" ', 1)


def only_this_machine(url: str) -> bool:
    """True when ``url``'s host is loopback (127.x, ::1, localhost) or 0.0.0.0:
    another phone opening it would reach itself, not this server.
    """
    host = (urlsplit(url).hostname or "").rstrip(".").lower()
    if host == "localhost" or host.endswith(".localhost") or not host:
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        address = address.ipv4_mapped
    return address.is_loopback or address.is_unspecified


def link(endpoint: str, **values: Any) -> str:
    """An absolute URL for other phones: ``SCOREKEEPER_BASE_URL`` when set,
    else the address this request came in on."""
    base = current_app.config.get("SCOREKEEPER_BASE_URL")
    if base:
        return str(base).rstrip("/") + url_for(endpoint, **values)
    return url_for(endpoint, _external=True, **values)


def network_addresses() -> list[str]:
    """Where the other phones can reach this server: its IPv4 addresses on the
    network, with the port this request came in on."""
    port = request.host.rsplit(":", 1)[1] if request.host.count(":") == 1 else ""
    found = []
    for host in machine_hosts():
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            continue
        if address.version == 4 and not (address.is_loopback or address.is_unspecified
                                          or address.is_link_local):
            found.append(f"http://{host}{':' + port if port else ''}")
    return found
