"""The corpus of hands as tables say them (phrasings.txt): each line's table,
players, words and the hand meant, as the API's body."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from scorekeeper.rules import Rules, make_rules

FILE = Path(__file__).with_name("phrasings.txt")
PLAYERS = {5: ("Ann", "Bob", "Cat", "Dan", "Eve"), 4: ("Ann", "Bob", "Cat", "Dan"),
           3: ("Ann", "Bob", "Cat")}
LISTS = ("partners", "losers", "no_trick_pickers")


class Said(NamedTuple):
    """One line: at a table of ``table`` (its preset and options), ``text`` means ``hand``."""

    table: str
    text: str
    hand: dict[str, Any]
    line: int

    @property
    def rules(self) -> Rules:
        preset, *options = self.table.split()
        return make_rules(preset, {key: _value(key, value) for key, value in
                                   (option.split("=", 1) for option in options)})

    @property
    def players(self) -> tuple[str, ...]:
        return PLAYERS[self.rules.seats]


def _value(key: str, value: str) -> Any:
    if key in LISTS:
        return value.split(",")
    if value in ("true", "false"):
        return value == "true"
    return int(value) if value.isdigit() else value


def _hand(meant: str) -> dict[str, Any]:
    kind, *fields = meant.split()
    hand: dict[str, Any] = {"kind": kind}
    for field in fields:
        key, _, value = field.partition("=")
        hand[key] = _value(key, value) if value else True
    return hand


def corpus() -> list[Said]:
    """Every line of phrasings.txt, in order."""
    said: list[Said] = []
    table = ""
    for number, line in enumerate(FILE.read_text(encoding="utf-8").splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            table = line.strip("[]")
            continue
        text, meant = (part.strip() for part in line.rsplit("=>", 1))
        said.append(Said(table, text, _hand(meant), number))
    return said
