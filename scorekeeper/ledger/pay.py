"""Paying a settle-up payment with one tap: a player's payment handle (a
Venmo username, a PayPal.Me name or a Cash App $Cashtag), checked as each
service allows it, and the link that opens the payee's app with the amount
(and, where the service takes one, a note) filled in.

A handle is kept without its "@" or "$"; a pasted link to the profile
("venmo.com/u/ann", "paypal.me/ann", "cash.app/$ann") is read as the handle
it names.  The links are the services' public web links, which open the app
on a phone that has it and the service's site on one that doesn't:

- Venmo: ``https://venmo.com/<user>?txn=pay&amount=2.75&note=...``
- PayPal.Me: ``https://paypal.me/<name>/2.75USD`` (no note)
- Cash App: ``https://cash.app/$<cashtag>/2.75`` (no note)

Standard library only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from urllib.parse import quote, urlencode

from scorekeeper.ledger.money import decimal, money
from scorekeeper.ledger.words import day_words
from scorekeeper.limits import CASHTAG, MAX_HANDLE_ASKED, PAYPAL_HANDLE, QUOTED, VENMO_HANDLE


class PayService(StrEnum):
    """The services a payment can be opened in."""

    VENMO = "venmo"
    PAYPAL = "paypal"
    CASHAPP = "cashapp"


@dataclass(frozen=True)
class Service:
    """How one service names its users: the label players know, the mark
    shown before a handle, the characters and lengths it allows (and the
    rule in players' words), and the web addresses a profile link may have."""

    label: str
    mark: str
    allowed: re.Pattern[str]
    lengths: tuple[int, int]
    rule: str
    sites: tuple[str, ...]


SERVICES: dict[PayService, Service] = {
    PayService.VENMO: Service(
        "Venmo", "@", re.compile(r"[A-Za-z0-9_-]+"), VENMO_HANDLE,
        f"A Venmo username is {VENMO_HANDLE[0]} to {VENMO_HANDLE[1]} letters, digits, "
        "hyphens or underscores", ("venmo.com/u/", "venmo.com/", "account.venmo.com/u/")),
    PayService.PAYPAL: Service(
        "PayPal", "paypal.me/", re.compile(r"[A-Za-z0-9]+"), PAYPAL_HANDLE,
        f"A PayPal.Me name is up to {PAYPAL_HANDLE[1]} letters or digits, "
        "without spaces, dashes or symbols", ("paypal.me/", "paypal.com/paypalme/")),
    PayService.CASHAPP: Service(
        "Cash App", "$", re.compile(r"[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*"), CASHTAG,
        f"A $Cashtag is up to {CASHTAG[1]} letters or digits, with at least one letter",
        ("cash.app/", "cash.me/")),
}


class HandleError(ValueError):
    """A handle a service can't have, said in players' words."""

    def __init__(self, message: str, field: str = "handle") -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def find_service(name: str) -> PayService:
    """The service called ``name`` ("venmo", "paypal", "cashapp"), or a clear refusal."""
    try:
        return PayService(name)
    except ValueError:
        raise HandleError("Choose Venmo, PayPal or Cash App", "service") from None


def _bare(text: str, service: Service) -> str:
    """``text`` without spaces around it, its leading "@" or "$", or the
    address of a pasted profile link."""
    text = text.strip()
    lowered = text.lower()
    for scheme in ("https://", "http://"):
        if lowered.startswith(scheme):
            text, lowered = text[len(scheme):], lowered[len(scheme):]
    if lowered.startswith("www."):
        text, lowered = text[4:], lowered[4:]
    for site in service.sites:
        if lowered.startswith(site):
            text = text[len(site):].split("?")[0].split("/")[0]
            break
    return text.removeprefix("@").removeprefix("$").removeprefix("£")


@dataclass(frozen=True)
class PayHandle:
    """One player's handle at one service, as the service spells it."""

    service: PayService
    handle: str

    @classmethod
    def parse(cls, service: str, text: str) -> PayHandle | None:
        """The handle typed for ``service`` (None for an empty box: no
        handle), or :class:`HandleError` saying what the service allows."""
        if not text.strip():
            return None
        kind = find_service(service)
        spec = SERVICES[kind]
        if len(text) > MAX_HANDLE_ASKED:
            raise HandleError(f"That's too long: {spec.rule}")
        bare = _bare(text, spec)
        low, high = spec.lengths
        if not (bare.isascii() and spec.allowed.fullmatch(bare) and low <= len(bare) <= high):
            shown = bare[:QUOTED] or text.strip()[:QUOTED]
            raise HandleError(f"{spec.rule}; “{shown}” isn't one")
        return cls(kind, bare)

    @classmethod
    def stored(cls, service: str | None, handle: str | None) -> PayHandle | None:
        """The handle a row keeps (both columns set and the service known), or None."""
        if not service or not handle or service not in set(PayService):
            return None
        return cls(PayService(service), handle)

    @property
    def label(self) -> str:
        """The service as players name it: "Venmo", "PayPal", "Cash App"."""
        return SERVICES[self.service].label

    @property
    def shown(self) -> str:
        """The handle as the service shows it: "@ann", "paypal.me/ann", "$ann"."""
        return SERVICES[self.service].mark + self.handle

    def link(self, cents: int, note: str) -> str:
        """The web link that opens a payment of ``cents`` to this handle."""
        amount = decimal(cents)
        if self.service is PayService.VENMO:
            query = urlencode({"txn": "pay", "amount": amount, "note": note}, quote_via=quote)
            return f"https://venmo.com/{quote(self.handle)}?{query}"
        if self.service is PayService.PAYPAL:
            return f"https://paypal.me/{quote(self.handle)}/{amount}USD"
        return f"https://cash.app/${quote(self.handle)}/{amount}"


@dataclass(frozen=True)
class PayLink:
    """A payment's one-tap link: what its button says and where it goes."""

    words: str
    url: str


def pay_link(handle: PayHandle, payee: str, cents: int, note: str) -> PayLink:
    """"Pay Ann $2.75 with Venmo" and its link."""
    return PayLink(f"Pay {payee} {money(cents)} with {handle.label}", handle.link(cents, note))


def pay_note(day: date) -> str:
    """What a payment is for, as the payee's app shows it: "Sheepshead, Friday 21 Nov"."""
    return f"Sheepshead, {day_words(day)}"
