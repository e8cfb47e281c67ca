"""Which kind of hand was said ("misdeal", "leaster Dan", "nobody picked",
"Bob reneged"; a hand with none of these words was picked), and whether
this table records it.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.rules import Kind, NobodyPicks, Rules
from scorekeeper.rules.fields import kind_refusal
from scorekeeper.spoken.flags import KIND_WORDS
from scorekeeper.spoken.lexer import Item, or_list
from scorekeeper.spoken.lexicon import Tag

_KIND_TAGS = {Tag.LEASTER: Kind.LEASTER, Tag.THROW_IN: Kind.NO_PICK, Tag.MISDEAL: Kind.MISDEAL,
              Tag.VOID: Kind.VOID, Tag.RENEGE: Kind.RENEGE,
              Tag.BURIED_ACE: Kind.CALLED_ACE_BURIED, Tag.SCHWANZER: Kind.SCHWANZER,
              Tag.ADJUSTMENT: Kind.ADJUSTMENT}
_ALL_PASS = {NobodyPicks.LEASTER: Kind.LEASTER, NobodyPicks.NO_PICK: Kind.NO_PICK,
             NobodyPicks.SCHWANZER: Kind.SCHWANZER}


def _all_pass(rules: Rules) -> Kind | str:
    """What an all-pass is at this table, or why it is not recorded as one."""
    if rules.nobody_picks is None:
        return kind_refusal(rules, Kind.LEASTER) or "Two-handed has no blind"
    if rules.nobody_picks is NobodyPicks.FORCED_PICK:
        return ("Here the dealer picks when everyone passes: say who picked, "
                "the points and 'forced'")
    return _ALL_PASS[rules.nobody_picks]


def kind_said(rules: Rules, items: Sequence[Item]) -> Kind | str:
    """The kind of hand said, or a question (two kinds, or one this table
    doesn't record).  "Redeal" said with another kind is what that kind does
    ("misdeal, redeal"); by itself it is a void hand."""
    tags = {item.tag for item in items}
    kinds = list(dict.fromkeys(kind for tag, kind in _KIND_TAGS.items() if tag in tags))
    if Tag.ALL_PASS in tags and not kinds:
        passed = _all_pass(rules)
        if isinstance(passed, str):
            return passed
        kinds = [passed]
    if Tag.REDEAL in tags and not kinds:
        kinds = [Kind.VOID]
    if len(kinds) > 1:
        return f"Was it {or_list([KIND_WORDS[kind] for kind in kinds])}?"
    kind = kinds[0] if kinds else Kind.PICKED
    if kind is Kind.ADJUSTMENT:
        return "Enter other payments on the form: each player's points and what they are for"
    return kind_refusal(rules, kind) or kind


#: Words that say nobody picked, whatever the table does then.
_NOBODY_PICKED = (Tag.ALL_PASS, Tag.THROW_IN, Tag.LEASTER, Tag.SCHWANZER)


def all_pass_here(rules: Rules, items: Sequence[Item]) -> Kind | None:
    """When the words say nobody picked: what this table records for it (a
    leaster, a throw-in, a schwanzer), or None (the words say something else,
    or the dealer must pick here, or there is no blind)."""
    tags = {item.tag for item in items}
    other = {kind for tag, kind in _KIND_TAGS.items() if tag in tags} - set(_ALL_PASS.values())
    if other or not tags & set(_NOBODY_PICKED):
        return None
    passed = _all_pass(rules)
    return passed if isinstance(passed, Kind) else None


def forced_all_pass(rules: Rules, items: Sequence[Item]) -> bool:
    """True when "nobody picked" is said at a table where the dealer must pick."""
    return rules.nobody_picks is NobodyPicks.FORCED_PICK and any(
        item.tag is Tag.ALL_PASS for item in items)
