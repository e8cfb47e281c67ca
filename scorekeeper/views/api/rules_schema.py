"""A table's rules as the API answers them, described for OpenAPI from the
engine's own option list (:data:`scorekeeper.rules.OPTIONS`): one property
an option, its type and values the option's.  ``null`` is an option that
doesn't apply at this table (a called-ace rule at a jack-of-diamonds table)."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules import OPTIONS
from scorekeeper.rules.option import Option


def _values(option: Option) -> dict[str, Any]:
    choices = [choice for choice in option.choices if choice is not None]
    if all(isinstance(choice, int) for choice in choices):
        return {"type": "integer", "enum": list(choices)}
    return {"type": "string", "enum": [str(choice) for choice in choices]}


def _property(option: Option) -> dict[str, Any]:
    if option.kind == "set":
        shape: dict[str, Any] = {"type": "array", "items": _values(option)}
    elif option.kind == "bool":
        shape = {"type": "boolean"}
    elif option.kind == "int":
        shape = {"type": "integer", **({"minimum": option.minimum}
                                       if option.minimum is not None else {}),
                 **({"maximum": option.maximum} if option.maximum is not None else {})}
    else:
        shape = _values(option)
    return {**shape, "nullable": True, "description": option.label}


RULES: dict[str, Any] = {
    "type": "object", "description": "Every house rule of the table, resolved "
    "(null: the option doesn't apply here); docs/rules.md §9 says each",
    "properties": {option.key: _property(option) for option in OPTIONS}}
#: Where the answers' schemas point for it.
RULES_REF = {"$ref": "#/components/schemas/Rules"}
