"""Money: points turned into integer cents at a table's stake, and cents as
the table reads them.  The one place either is done.
"""

from __future__ import annotations


def to_cents(points: int, stake_cents: int) -> int:
    """Points won or lost as cents at ``stake_cents`` a point."""
    return points * stake_cents


def money(cents: int) -> str:
    """Cents as the table says them: 275 → "$2.75", −50 → "−$0.50"."""
    sign = "−" if cents < 0 else ""
    return f"{sign}${abs(cents) // 100}.{abs(cents) % 100:02d}"


def decimal(cents: int) -> str:
    """Cents as a plain number a spreadsheet reads: −275 → "-2.75"."""
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"


def signed(points: int) -> str:
    """Points with their sign: +3, −2, 0."""
    return f"+{points}" if points > 0 else ("−" + str(-points) if points < 0 else "0")
