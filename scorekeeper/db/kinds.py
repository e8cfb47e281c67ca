"""The rows of each kind of owner of nights, one entry a kind: the word its
owner rows, grants, codes and history name it by, its model, the noun its
messages use,
when its nights stop taking writes (``frozen``: an event's finish) and how
its version board sees it closed.  This is the rows' part of a kind's
registry entry (:class:`scorekeeper.services.registry.OwnerKind`), declared
with the rest of the kind (:mod:`scorekeeper.services.kinds`); the services
ask the registry instead of listing the kinds (the write path, the one-time
requests, the bearer tokens, the boards the polls are answered from).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RowKind:
    """One kind of owner of nights, as its rows keep it."""

    word: str
    model: Any
    #: What a message calls one ("Meanwhile the night changed on another phone").
    noun: str
    #: When its nights stop taking writes (NULL: they take them); None: never.
    frozen: Any = None
    #: What its version board reads as closed; None: never closed.
    closed: Any = None
