"""One house-rule knob: its key, words, values and checks (:class:`Option`),
and the refusal that names the option at fault (:class:`OptionError`).  The
knobs themselves are listed in :mod:`scorekeeper.rules.option_list`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scorekeeper.limits import MAX_ROW_ID, whole_number

OptionValue = str | int | bool | tuple[str, ...] | None


class OptionError(ValueError):
    """A house-rule value or combination refused; ``key`` is the option at fault
    (the one a form shows the message next to)."""

    def __init__(self, message: str, key: str | None = None) -> None:
        super().__init__(message)
        self.key = key


@dataclass(frozen=True)
class Option:
    """One house-rule knob: its values, topic and a one-line explanation."""

    key: str
    label: str
    topic: str
    help: str
    choices: tuple[OptionValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False
    #: A set of the choices (any number of them, each at most once), not one.
    many: bool = False
    default: OptionValue = None
    applies: Callable[[Mapping[str, Any]], bool] = lambda _rules: True
    #: Whether the option changes anything at a table with these rules, where it
    #: keeps a value regardless (what the picker does holding J♦ is moot when
    #: partners are found by a called ace): pages list only those that matter.
    matters: Callable[[Mapping[str, Any]], bool] = lambda _rules: True

    @property
    def kind(self) -> str:
        """``choice``, ``bool``, ``int`` or ``set`` — how a form should ask for it."""
        if self.many:
            return "set"
        if self.choices and all(isinstance(c, bool) for c in self.choices):
            return "bool"
        if self.choices:
            return "choice"
        return "int"

    def coerce(self, value: OptionValue) -> OptionValue:
        """A stored plain value as this option's own type (words become enum members)."""
        if isinstance(value, str):
            return next((c for c in self.choices if c == value), value)
        if isinstance(value, list | tuple):
            return tuple(self.coerce(item) for item in value)  # type: ignore[misc]
        return value

    def check(self, value: object) -> OptionValue:
        """Return ``value`` if valid for this option, else raise :class:`OptionError`."""
        if value is None and self.nullable:
            return None
        if self.many:
            return self._check_many(value)
        if self.choices:
            for choice in self.choices:
                if value == choice and _same_kind(value, choice):
                    return choice
            valid = ", ".join(_show(c) for c in self.choices)
            raise OptionError(f"{self.key} must be one of {valid}, not {_show(value)}", self.key)
        if isinstance(value, int) and not isinstance(value, bool):
            if ((self.minimum is None or value >= self.minimum)
                    and (self.maximum is None or value <= self.maximum)):
                return value
        extra = " or null" if self.nullable else ""
        most = f" and at most {self.maximum}" if self.maximum is not None else ""
        raise OptionError(
            f"{self.key} must be a whole number of at least {self.minimum}{most}{extra}, "
            f"not {_show(value)}", self.key)

    def _check_many(self, value: object) -> tuple[str, ...]:
        """A list of distinct choices, returned in the choices' own order."""
        valid = ", ".join(_show(c) for c in self.choices)
        if not isinstance(value, list | tuple):
            raise OptionError(f"{self.key} must be a list of any of {valid}, not {_show(value)}",
                              self.key)
        picked = []
        for item in value:
            choice = next((c for c in self.choices if isinstance(item, str) and item == c), None)
            if choice is None:
                raise OptionError(f"{self.key} takes only {valid}, not {_show(item)}", self.key)
            if choice in picked:
                raise OptionError(f"{self.key} names {_show(item)} twice", self.key)
            picked.append(choice)
        return tuple(c for c in self.choices if c in picked)  # type: ignore[misc]

    def parse_text(self, text: str) -> OptionValue:
        """Turn a form's text into a checked value (forms send strings)."""
        text = text.strip()
        if self.many:
            words = [w.strip().lower() for w in text.split(",")]
            return self.check([w for w in words if w and w != "none"])
        if self.nullable and text.lower() in ("", "none", "null"):
            return None
        for choice in self.choices:
            if text.lower() == _show(choice):
                return choice
        number = whole_number(text, -MAX_ROW_ID) if not self.choices else None
        return self.check(number if number is not None else text)


def _same_kind(value: object, choice: object) -> bool:
    """True/1 and "1"/1 are different answers; "none" and Partner.NONE are the same."""
    if isinstance(choice, StrEnum):
        return isinstance(value, str)
    return type(value) is type(choice)


def plain(value: OptionValue) -> Any:
    if isinstance(value, tuple):
        return [plain(item) for item in value]
    return str(value) if isinstance(value, StrEnum) else value


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_show(item) for item in value[:8]) + "]"
    if isinstance(value, int) and value.bit_length() > 64:
        return "a number far too large"
    text = str(value)
    return text if len(text) <= 40 else text[:40] + "…"
