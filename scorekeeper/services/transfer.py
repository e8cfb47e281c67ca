"""Copying a table out and back in: the ledger as CSV for a spreadsheet, the
whole table as JSON (players, frozen rules, stake, hands as stored, audit
log, early payments, closed flag), importing that JSON, and starting the
next night with the same players and rules.

An import is checked completely (every hand replays under the file's rules)
before anything is written, so a bad file creates nothing.  The checks live
in :mod:`scorekeeper.services.import_checks`.
"""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime
from typing import Any

from scorekeeper.models import AuditEntry, Editor, GameTable, HandRow, Payment, Player, db
from scorekeeper.rules import Rules
from scorekeeper.services import settle as settle_service
from scorekeeper.services.hands import describe
from scorekeeper.services.import_checks import FORMAT, Checked, check_export
from scorekeeper.services.tables import (
    audit,
    bump,
    hash_token,
    new_token,
    night_of,
    player_names,
    table_rules,
)

#: Spreadsheet programs run cells starting with these as formulas.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def iso(moment: datetime | None) -> str | None:
    """A timestamp as ISO 8601 in UTC (SQLite hands datetimes back naive)."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat()


def export_table(table: GameTable) -> dict[str, Any]:
    """The whole table as JSON-ready data; :func:`import_table` reads it back."""
    return {
        "format": FORMAT,
        "name": table.name,
        "created_at": iso(table.created_at),
        "closed": table.closed_at is not None,
        "closed_at": iso(table.closed_at),
        "preset": table.preset,
        "rules": dict(table.rules),
        "stake_cents": table.stake_cents,
        "players": [{"name": p.name, "seat": p.seat, "present": p.present}
                    for p in table.players],
        "hands": [dict(row.data) for row in table.hands],
        "early_payments": [
            {"payer": p.transfer.payer, "payee": p.transfer.payee, "cents": p.transfer.cents,
             "at": iso(p.at)} for p in settle_service.early_payments(table)],
        "audit": [
            {"at": iso(e.at), "action": e.action, "hand_number": e.hand_number,
             "summary": e.summary, "before": e.before, "after": e.after} for e in table.audit],
        "balances": dict(night_of(table).balances),
    }


def _cell(text: str) -> str:
    """A text cell a spreadsheet shows as text, never runs as a formula."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def _decimal(cents: int) -> str:
    """Cents as a plain decimal a spreadsheet reads as a number: -275 → "-2.75"."""
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"


def export_csv(table: GameTable) -> str:
    """The ledger grid: one row a hand, one column a player, then the totals."""
    night = night_of(table)
    names = player_names(table)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["Hand", "Dealer", "What happened", *(_cell(n) for n in names)])
    for r in night.results:
        what = describe(r) + (" (doubled)" if r.doubled else "")
        writer.writerow([r.number, _cell(r.dealer), _cell(what),
                         *(r.payouts[n] if n in r.seated else "" for n in names)])
    writer.writerow(["Total", "", "points", *(night.balances[n] for n in names)])
    writer.writerow(["Money", "", f"{table.stake_cents} cents a point",
                     *(_decimal(night.balances[n] * table.stake_cents) for n in names)])
    return out.getvalue()


def build_table(name: str, players: list[tuple[str, bool]], preset: str, rules: Rules,
                stake_cents: int, label: str = "Scorekeeper") -> tuple[GameTable, str]:
    """A new table row with fresh tokens, added to the session but not committed."""
    table = GameTable(name=name, preset=preset, rules=rules.to_dict(),
                      stake_cents=stake_cents, view_token=new_token())
    table.players = [Player(name=n, seat=i, present=here)
                     for i, (n, here) in enumerate(players)]
    token = new_token()
    table.editors = [Editor(token_hash=hash_token(token), label=label)]
    db.session.add(table)
    db.session.flush()
    return table, token


def import_table(data: object, label: str = "Scorekeeper") -> tuple[GameTable, str]:
    """Recreate an exported table; returns it and the importer's edit token.

    Everything is checked first (see :func:`check_export`); then the table,
    its hands, payments and audit log are written in one commit.
    """
    checked = check_export(data)
    table, token = build_table(checked.name, checked.players, checked.preset, checked.rules,
                               checked.stake_cents, label)
    _fill(table, checked)
    audit(table, "import", f"Imported from a file ({len(checked.hands)} hands)")
    db.session.commit()
    return table, token


def _fill(table: GameTable, checked: Checked) -> None:
    """Write the checked hands, payments, audit log and dates onto a new table."""
    if checked.created_at is not None:
        table.created_at = checked.created_at
    table.closed_at = checked.closed_at
    for position, data in enumerate(checked.hands, start=1):
        db.session.add(HandRow(table_id=table.id, position=position, data=data))
    for transfer, at in checked.payments:
        db.session.add(Payment(table_id=table.id, payer=transfer.payer, payee=transfer.payee,
                               cents=transfer.cents, at=at))
    for entry in checked.audit:
        db.session.add(AuditEntry(table_id=table.id, **entry))
    db.session.flush()
    db.session.expire(table, ["hands", "audit"])


def new_night(table: GameTable, label: str = "Scorekeeper") -> tuple[GameTable, str]:
    """The next night: same players in the same seats, preset, frozen rules and stake."""
    players = [(p.name, True) for p in table.players]
    new, token = build_table(table.name, players, table.preset, table_rules(table),
                             table.stake_cents, label)
    audit(new, "create", f"New night with the players and rules of table {table.id}")
    table.next_table_id = new.id
    bump(table)  # the old night's live viewers see the way to the new one
    db.session.commit()
    return new, token
