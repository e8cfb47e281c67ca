"""When a ruling or a question applies, asked of one table's rules: the
predicates the rulings and the questions the rules leave open share."""

from __future__ import annotations

from scorekeeper.rules import Partner, Rules


def always(r: Rules) -> bool:
    """Every table."""
    return True


def blind(r: Rules) -> bool:
    """A table with a blind (every table but two-handed)."""
    return r.seats != 2


def called(r: Rules) -> bool:
    """A table whose picker calls an ace for a partner."""
    return r.partner is Partner.CALLED_ACE
