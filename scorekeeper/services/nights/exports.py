"""Copying a table out and back in: the ledger as CSV for a spreadsheet, the
whole table as JSON (players, frozen rules, stake, hands, audit log, early
payments, closed flag; a night of totals its totals), and importing that JSON.

An import is checked completely (every hand replays under the file's rules)
before anything is written, so a bad file creates nothing.  The checks live
in :mod:`scorekeeper.services.nights.import_checks`.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import insert

from scorekeeper.db import codec
from scorekeeper.db.models import AuditEntry, GameTable, HandRow, Payment, db
from scorekeeper.ledger.money import decimal
from scorekeeper.moments import iso
from scorekeeper.rules.hand_json import exported
from scorekeeper.services.nights import settle as settle_service
from scorekeeper.services.nights.import_checks import FORMAT, Checked, check_export
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.nights.tables import build_table
from scorekeeper.services.nights.words import told
from scorekeeper.services.once import Once, earlier, made
from scorekeeper.services.writes import audit_created, unit

#: Spreadsheet programs run cells starting with these as formulas.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def export_table(state: TableState) -> dict[str, Any]:
    """The whole table as JSON-ready data; :func:`import_table` reads it back."""
    table = state.table
    return {
        "format": FORMAT,
        "name": table.name,
        "created_at": iso(table.created_at),
        "closed": table.closed_at is not None,
        "closed_at": iso(table.closed_at),
        "played_on": table.played_on.isoformat() if table.played_on else None,
        "preset": table.preset,
        "rules": state.rules.to_dict(),
        "stake_cents": table.stake_cents,
        "players": [{"name": p.name, "seat": p.seat, "present": p.present}
                    for p in table.players],
        "hands": [exported(hand) for hand in state.hands],
        "early_payments": [
            {"payer": p.transfer.payer, "payee": p.transfer.payee, "cents": p.transfer.cents,
             "at": iso(p.at)} for p in settle_service.early_payments(table)],
        "audit": [
            {"at": iso(e.at), "action": e.action, "hand_number": e.hand_number,
             "summary": e.summary, "before": codec.compact(e.before),
             "after": codec.compact(e.after), "by": e.by} for e in table.audit],
        "balances": dict(state.night.balances),
        **({"totals": state.totals} if state.totals is not None else {}),
    }


def export_json(state: TableState) -> str:
    """:func:`export_table` as the file the Export page and the API hand out:
    UTF-8 and without white space, so a night at every limit stays within
    what the import takes (``tests/web/test_export_size.py``)."""
    return json.dumps(export_table(state), ensure_ascii=False, separators=(",", ":"))


def cell(text: str) -> str:
    """A text cell a spreadsheet shows as text, never runs as a formula."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def export_csv(state: TableState) -> str:
    """The ledger grid: one row a hand, one column a player, then the totals."""
    night = state.night
    names = state.players
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["Hand", "Dealer", "What happened", *(cell(n) for n in names)])
    for r in night.results:
        writer.writerow([r.number, cell(r.dealer), cell(told(state.rules, r)),
                         *(r.payouts[n] if n in r.seated else "" for n in names)])
    writer.writerow(["Total", "", "points" if state.totals is None
                     else "points: a night of totals, from paper (no hands)",
                     *(night.balances[n] for n in names)])
    cents = state.standings.cents
    writer.writerow(["Money", "", f"{state.table.stake_cents} cents a point",
                     *(decimal(cents[n]) for n in names)])
    return out.getvalue()


def import_table(data: object, label: str = "Scorekeeper", once: Once | None = None
                 ) -> tuple[GameTable, str | None]:
    """Recreate an exported table; returns it and the importer's edit token
    (a repeated request, ``once``: the table it made, and no token).

    Everything is checked first (see :func:`check_export`); then the table,
    its hands, payments and audit log are written in one commit.
    """
    checked = check_export(data)
    with unit(once) as work:
        before = made(earlier(once), GameTable)
        if before is not None:
            return before, None
        table, token = build_table(checked.name, checked.players, checked.preset,
                                   checked.rules, checked.stake_cents, label)
        fill(table, checked)
        audit_created(table, "import", f"Imported from a file "
                      f"({imported(len(checked.hands), checked.totals)})")
        work.remember(table, 201)
    twin = made(work.twin, GameTable)
    return (twin, None) if twin is not None else (table, token)


def imported(hands: int, totals: object) -> str:
    """What a night brought from a file holds, for its history: "12 hands",
    or (a night of totals) "the night's totals"."""
    return "the night's totals" if totals is not None else f"{hands} hands"


def fill(table: GameTable, checked: Checked) -> None:
    """Write the checked hands, payments, audit log and dates onto a new table."""
    fill_all([(table, checked)])


def fill_all(filled: Sequence[tuple[GameTable, Checked]]) -> None:
    """:func:`fill` for many new tables at once: their own fields set, one
    flush for all of them (their ids and owner rows), then their hands,
    payments and history written as many rows per statement, every table's
    together (a group's file of thousands of hands and as many lines of
    history: a few statements, never one object each)."""
    for table, checked in filled:
        if checked.created_at is not None:
            table.owner.created_at = checked.created_at
        if checked.played_on is not None:
            table.played_on = checked.played_on
        table.closed_at = checked.closed_at
        table.totals = checked.totals
    db.session.flush()
    rows: list[tuple[Any, list[dict[str, Any]]]] = [
        (HandRow, [{"table_id": table.id, "position": position, "data": codec.encode(hand)}
                   for table, checked in filled
                   for position, hand in enumerate(checked.hands, start=1)]),
        (Payment, [{"table_id": table.id, "payer": t.payer, "payee": t.payee,
                    "cents": t.cents, "at": at}
                   for table, checked in filled for t, at in checked.payments]),
        (AuditEntry, [{"owner_id": table.owner_id, **entry}
                      for table, checked in filled for entry in checked.audit])]
    for model, values in rows:
        if values:  # the table's own insert: the ORM would copy every row first
            db.session.connection().execute(insert(model.__table__), values)
    for table, _ in filled:
        db.session.expire(table, ["hands", "audit"])
