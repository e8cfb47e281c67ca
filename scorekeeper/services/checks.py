"""Checks of what a scorekeeper or a client sends, shared by every owner of
nights (tables and groups): names, players, rules, stakes, payments and
dates.  The forms, the API and imports all ask these.  Each refusal is a
:class:`~scorekeeper.services.ServiceError` naming its field.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime, timedelta
from typing import Any

from scorekeeper.limits import (
    EARLIEST,
    GROUP_NAME,
    LATEST,
    MAX_PAYMENT_CENTS,
    MAX_PLAYERS,
    MAX_STAKE_CENTS,
    PENALTY_REASON,
    PLAYER_NAME,
    TABLE_NAME,
)
from scorekeeper.names import (
    NameError_,
    check_text,
    clean_name,
    look_alike,
    looks_like,
    name_key,
)
from scorekeeper.rules import PRESETS, Rules, make_rules
from scorekeeper.rules.option import OptionError
from scorekeeper.services import OptionRefused, ServiceError


def free_text(text: str, what: str, field: str) -> str:
    """``text`` (a note, a reason, a contact, a device's name, what a file
    says) as typed, or why not in the words a name's refusal uses: no
    control character or lone surrogate (databases refuse them with a crash
    rather than an error), nothing invisible, no mark that turns the text
    right to left (:func:`scorekeeper.names.check_text`, which names ask too)."""
    try:
        return check_text(text, what)
    except NameError_ as error:
        raise ServiceError(str(error), field) from None


def reason(why: object, *, said: bool = True) -> str | None:
    """Why a change is made (a ticket corrected, a penalty or a spelling
    taken back), as the history keeps it: up to :data:`PENALTY_REASON`
    characters, its spaces folded.  Unsaid (None or blank) it is refused,
    or None where it may go unsaid (``said=False``)."""
    if not said and (why is None or (isinstance(why, str) and not why.strip())):
        return None
    if not isinstance(why, str) or not why.strip() or len(why) > PENALTY_REASON:
        raise ServiceError(f"Say why (up to {PENALTY_REASON} characters)", "reason")
    free_text(why, "The reason", "reason")
    return " ".join(why.split())


def clean_players(players: object, most: int = MAX_PLAYERS,
                  where: str = "at one table") -> list[str]:
    """Checked player names in seat order, as the app keeps names
    (:mod:`scorekeeper.names`); two that read the same are refused, and so
    are more than ``most`` (a table's seats; a group's members, ``where``
    "in a group")."""
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ServiceError("players must be a list of names", "players")
    if len(players) > most:
        raise ServiceError(f"At most {most} players {where}", "players")
    if any(not p.strip() for p in players):
        raise ServiceError("Every player needs a name", "players")
    try:
        names = [clean_name(p, f"A player's name ({p[:PLAYER_NAME]!r})") for p in players]
    except NameError_ as error:
        raise ServiceError(str(error), "players") from None
    for row, n in enumerate(names):
        if len(n) > PLAYER_NAME:
            raise ServiceError(f"Keep names to {PLAYER_NAME} characters", "players", row)
    keys = [name_key(n) for n in names]
    for n, key in zip(names, keys, strict=True):
        if keys.count(key) > 1:
            raise ServiceError(f"Two players are called {n}: add an initial", "players")
    for at, n in enumerate(names):
        distinct(n, names[:at])
    return names


def distinct(name: str, others: list[str]) -> None:
    """Refuse ``name`` beside ``others`` (players at one table, members of one
    group) when it looks just like one of them without being the same name:
    two players who read the same on every page."""
    twin = look_alike(name, others)
    if twin is not None:
        raise ServiceError(looks_like(name, twin), "players")


def owner_name(name: object, noun: str, longest: int) -> str:
    """The name of a table or a group (``noun``) as the app keeps it, up to
    ``longest`` characters."""
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > longest:
        raise ServiceError(f"Give the {noun} a name (up to {longest} characters)", "name")
    try:
        return clean_name(name, f"The {noun}'s name")
    except NameError_ as error:
        raise ServiceError(str(error), "name") from None


def table_name(name: object) -> str:
    """A table's name as the app keeps it."""
    return owner_name(name, "table", TABLE_NAME)


def group_name(name: object) -> str:
    """A group's name as the app keeps it."""
    return owner_name(name, "group", GROUP_NAME)


def check_stake(stake_cents: object) -> int:
    """A stake per point in whole cents."""
    if isinstance(stake_cents, bool) or not isinstance(stake_cents, int):
        raise ServiceError("stake_cents must be a whole number of cents", "stake_cents")
    if stake_cents < 0:
        raise ServiceError("The stake can't be negative: 0 plays for points only",
                           "stake_cents")
    if stake_cents > MAX_STAKE_CENTS:
        raise ServiceError(f"The stake can be at most {MAX_STAKE_CENTS} cents a point",
                           "stake_cents")
    return stake_cents


def check_payment_cents(cents: object, field: str = "cents") -> int:
    """A payment between two players in whole cents: above nothing, and at
    most what a database integer keeps with room to spare."""
    if isinstance(cents, bool) or not isinstance(cents, int) \
            or not 0 < cents <= MAX_PAYMENT_CENTS:
        raise ServiceError(f"A payment is a whole number of cents from 1 to "
                           f"{MAX_PAYMENT_CENTS:,}", field)
    return cents


def checked_rules(preset: object, options: object) -> tuple[str, Rules, dict[str, Any]]:
    """The preset, the rules it and ``options`` make, and the options that
    differ from the preset (what a group keeps for its next night)."""
    if not isinstance(preset, str) or preset not in PRESETS:
        raise ServiceError(f"preset must be one of: {', '.join(PRESETS)}", "preset")
    if options is not None and not isinstance(options, Mapping):
        raise ServiceError("options must be an object of option: value", "options")
    try:
        rules = make_rules(preset, options or {})
    except OptionError as error:
        raise OptionRefused(str(error), error.key) from None
    except ValueError as error:
        raise OptionRefused(str(error)) from None
    return preset, rules, differences(preset, rules)


def differences(preset: str, rules: Rules) -> dict[str, Any]:
    """The options of ``rules`` that differ from ``preset``'s."""
    base = PRESETS[preset].rules.to_dict()
    return {k: v for k, v in rules.to_dict().items() if base.get(k) != v}


def check_played_on(value: object, today: date | None = None) -> date:
    """A night's date: a ``date`` or ``YYYY-MM-DD``, from 2000 to today, with
    a day's grace (a phone a time zone ahead of the server is already in
    tomorrow)."""
    day = _date(value, "played_on")
    if not EARLIEST.date() <= day <= (today or date.today()) + timedelta(days=1):
        raise ServiceError(f"A night's date must be from {EARLIEST.year} to today",
                           "played_on")
    return day


def check_date(value: object, field: str) -> date:
    """A date within the app's lifetime for the input ``field`` (a season's
    ``from`` or ``to``)."""
    day = _date(value, field)
    if not EARLIEST.date() <= day <= LATEST.date():
        raise ServiceError(f"{field} must be from {EARLIEST.date()} to {LATEST.date()}",
                           field)
    return day


def _date(value: object, field: str) -> date:
    """A ``date`` or ``YYYY-MM-DD`` sent as ``field``."""
    if isinstance(value, date) and not isinstance(value, datetime):
        return value
    if isinstance(value, str) and len(value) == 10 and value.isascii():
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise ServiceError(f"{field} must be a date as YYYY-MM-DD", field)
