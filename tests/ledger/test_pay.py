"""Payment handles and one-tap links: each service's own rules for a
handle, typed as players type them, and the link that opens its app."""

from __future__ import annotations

import re
from datetime import date

import pytest

from scorekeeper.ledger.pay import HandleError, PayHandle, PayService, pay_link, pay_note


@pytest.mark.parametrize(("service", "typed", "kept"), [
    ("venmo", "ann-smith", "ann-smith"),
    ("venmo", "@Ann_Smith", "Ann_Smith"),
    ("venmo", "  @annie  ", "annie"),
    ("venmo", "https://venmo.com/u/ann-smith", "ann-smith"),
    ("venmo", "venmo.com/ann-smith?txn=pay", "ann-smith"),
    ("paypal", "AnnSmith", "AnnSmith"),
    ("paypal", "paypal.me/AnnSmith", "AnnSmith"),
    ("paypal", "https://www.paypal.me/AnnSmith/5", "AnnSmith"),
    ("cashapp", "$ann", "ann"),
    ("cashapp", "ann42", "ann42"),
    ("cashapp", "https://cash.app/$ann42", "ann42"),
    ("cashapp", "a", "a"),
])
def test_a_handle_is_kept_without_its_mark_or_link(service: str, typed: str, kept: str) -> None:
    handle = PayHandle.parse(service, typed)
    assert handle is not None
    assert handle.handle == kept


@pytest.mark.parametrize(("service", "typed", "said"), [
    ("venmo", "ann", "A Venmo username is 5 to 30 letters, digits, hyphens or underscores"),
    ("venmo", "a" * 31, "5 to 30"),
    ("venmo", "ann smith", "“ann smith” isn't one"),
    ("venmo", "ann.smith", "letters, digits, hyphens or underscores"),
    ("venmo", "Аnnie", "5 to 30"),  # a Cyrillic А
    ("paypal", "ann-smith", "A PayPal.Me name is up to 20 letters or digits"),
    ("paypal", "a" * 21, "up to 20"),
    ("cashapp", "12345", "with at least one letter"),
    ("cashapp", "ann_smith", "A $Cashtag is up to 20 letters or digits"),
    ("cashapp", "a" * 21, "up to 20"),
    ("cashapp", "$", "A $Cashtag"),
    ("venmo", "x" * 5000, "too long"),
])
def test_a_handle_the_service_cant_have_is_refused_saying_its_rule(
        service: str, typed: str, said: str) -> None:
    with pytest.raises(HandleError, match=re.escape(said)) as refused:
        PayHandle.parse(service, typed)
    assert refused.value.field == "handle"


def test_an_empty_box_is_no_handle() -> None:
    assert PayHandle.parse("venmo", "   ") is None
    assert PayHandle.parse("", "") is None


def test_an_unknown_service_is_refused_by_name() -> None:
    with pytest.raises(HandleError, match="Choose Venmo, PayPal or Cash App") as refused:
        PayHandle.parse("zelle", "ann")
    assert refused.value.field == "service"


NOTE = "Sheepshead, Friday 21 Nov"


@pytest.mark.parametrize(("service", "handle", "cents", "url"), [
    ("venmo", "ann-smith", 275,
     "https://venmo.com/ann-smith?txn=pay&amount=2.75&note=Sheepshead%2C%20Friday%2021%20Nov"),
    ("venmo", "ann", 5, "https://venmo.com/ann?txn=pay&amount=0.05&note="
     "Sheepshead%2C%20Friday%2021%20Nov"),
    ("paypal", "AnnSmith", 1200, "https://paypal.me/AnnSmith/12.00USD"),
    ("cashapp", "ann42", 123456, "https://cash.app/$ann42/1234.56"),
])
def test_the_link_opens_the_payment_with_the_amount_in_dollars(
        service: str, handle: str, cents: int, url: str) -> None:
    assert PayHandle(PayService(service), handle).link(cents, NOTE) == url


def test_the_button_says_who_is_paid_how_much_and_how() -> None:
    link = pay_link(PayHandle(PayService.CASHAPP, "ann"), "Ann", 275, NOTE)
    assert link.words == "Pay Ann $2.75 with Cash App"
    assert link.url == "https://cash.app/$ann/2.75"


def test_the_note_names_the_game_and_the_nights_date() -> None:
    assert pay_note(date(2025, 11, 21)) == NOTE
    assert pay_note(date(2026, 3, 2)) == "Sheepshead, Monday 2 Mar"


@pytest.mark.parametrize(("service", "shown"), [
    ("venmo", "@annie"), ("paypal", "paypal.me/annie"), ("cashapp", "$annie")])
def test_a_handle_is_shown_as_its_service_shows_it(service: str, shown: str) -> None:
    assert PayHandle(PayService(service), "annie").shown == shown


def test_a_stored_handle_of_an_unknown_service_is_no_handle() -> None:
    assert PayHandle.stored("zelle", "ann") is None
    assert PayHandle.stored(None, None) is None
    assert PayHandle.stored("venmo", "annie") == PayHandle(PayService.VENMO, "annie")
