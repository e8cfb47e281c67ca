"""Bringing a group's history in from a spreadsheet once it was previewed
(:mod:`scorekeeper.services.groups.sheets.preview`): the confirmed import (one
change of the group, audited once, made on the version the preview was
read at), and undoing it whole.

A confirmed import writes each night that isn't flagged or left out as a
closed night of the group, settled at the table (the sheet says nothing of
who still owes whom): its hands where the sheet has them, else its totals
(:mod:`scorekeeper.services.nights.paper`).  Its new members join.  The
import remembers what it made, so undoing it removes exactly those nights
and members and raises the group's version once more.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.db import codec
from scorekeeper.db.models import (
    GROUP,
    TABLE,
    GameTable,
    Group,
    HandRow,
    Player,
    SheetImport,
    db,
    new_owner,
    utcnow,
)
from scorekeeper.limits import AUDIT_SUMMARY, MAX_ROW_ID
from scorekeeper.names import name_key
from scorekeeper.rules import PRESETS, Rules
from scorekeeper.services import Code, Conflict, NotFound, ServiceError, checks, writes
from scorekeeper.services.background import progress
from scorekeeper.services.grants.grants import new_token
from scorekeeper.services.groups import aliases, unclaimed
from scorekeeper.services.groups import group as groups
from scorekeeper.services.groups.sheets.files import SheetRefused, Workbook
from scorekeeper.services.groups.sheets.nights import NightDraft
from scorekeeper.services.groups.sheets.preview import Asked, Preview, kinds_said, preview
from scorekeeper.services.groups.sheets.staged import staged
from scorekeeper.services.groups.sheets.undo import forget_nights
from scorekeeper.services.once import Once, earlier
from scorekeeper.services.since import meanwhile

STALE_PREVIEW = ("The group changed since this {what}. {meanwhile} Look at it again "
                 "before going on: nothing was written.")


# --- confirming --------------------------------------------------------------------------

def confirm(group_id: int, book: Workbook, choices: Asked, seen: object,
            new_members: object = None, label: str | None = None,
            once: Once | None = None) -> SheetImport:
    """Bring the previewed nights in, as one change of the group made on
    version ``seen`` (the preview's): refused if the group changed since, if
    a flagged night isn't left out, or if the new members aren't confirmed.
    A request carried out before (``once``) answers the import it made."""
    version = _version(seen)
    done = _earlier_import(once)
    if done is not None:
        return done
    group = groups.get_group(group_id)
    if group.version != version:
        raise Conflict(_stale(group_id, version, "preview was made"), "version")
    shown = preview(group, book, choices)  # read before the write: the lock isn't held
    refusal = shown.refusal()
    if refusal is not None and shown.nothing_new:  # brought in before: nothing to write
        raise Conflict(refusal, "exclude", code=Code.UNCHANGED)
    if refusal is not None:
        raise SheetRefused(refusal, "exclude" if shown.flagged else "columns")
    _confirmed(shown.new_members, new_members)
    rules = {n: rules_for(group, n) for n in {len(night.players) for night in shown.importing}}

    def claim(written: list[int], job: str) -> tuple[SheetImport, bool]:
        with writes.unit(once) as work:
            done = _earlier_import(once)
            if done is not None:  # a twin (a double tap) finished while this one waited
                work.cancel()
                return done, False
            made = writes.begin_group(group_id)
            if made != version + 1:
                raise Conflict(_stale(group_id, version, "preview was made"), "version")
            record = _gather(groups.get_group(group_id), shown,
                             unclaimed.claimed(written, job), made, label)
            work.remember((GROUP, group_id), 201, {"import": record.id})
        if work.twin is not None:
            return _import_of(work.twin.response), False
        return record, True

    count = len(shown.importing)
    return unclaimed.written_in_turns(
        shown.importing, _rows, lambda turn, job: _write_turn(turn, rules, shown, job), claim,
        f"Writing {count:,} night{'s' if count != 1 else ''}")


def _stale(group_id: int, version: int, what: str) -> str:
    """Why a write made on an older version of the group is refused."""
    return STALE_PREVIEW.format(what=what, meanwhile=meanwhile("group", group_id,
                                                                      version))


def _version(seen: object) -> int:
    if isinstance(seen, bool) or not isinstance(seen, int) or not 0 <= seen <= MAX_ROW_ID:
        raise ServiceError("version must be the group's version the preview was made on",
                           "version")
    return seen


def _confirmed(expected: Sequence[str], given: object) -> None:
    """The new members were confirmed: exactly those (any case) or refused."""
    if not expected and not given:
        return
    if not isinstance(given, list) or not all(isinstance(n, str) for n in given) or \
            sorted({name_key(n) for n in given}) != sorted({name_key(n) for n in expected}):
        raise ServiceError(f"{len(expected)} new member{'s' if len(expected) != 1 else ''} "
                           f"would join the group ({', '.join(expected)[:200]}): confirm "
                           "them, or say which member each one is", "new_members")


def _earlier_import(once: Once | None) -> SheetImport | None:
    done = earlier(once)
    return _import_of(done.response) if done is not None else None


def _import_of(response: object) -> SheetImport:
    row_id = response.get("import") if isinstance(response, dict) else None
    found = db.session.get(SheetImport, row_id) if isinstance(row_id, int) else None
    if found is None:
        raise NotFound("That import is gone")
    return found


def _write_turn(turn: list[NightDraft], rules: dict[int, tuple[str, Rules]], shown: Preview,
                job: str) -> list[int]:
    """One turn of the sheet's nights, written in one commit, belonging to no
    group yet (unclaimed by ``job``: nobody can reach them); their ids.  The
    nights are made before the turn takes the write lock (their rules worked
    out once, by how many played), so it holds the lock only to write them."""
    tables = [_night(rules[len(night.players)], shown, night, job) for night in turn]
    with writes.unit():
        db.session.add_all(tables)
        for table, night in zip(tables, turn, strict=True):
            writes.audit_created(table, "import", f"Brought in from {shown.source}: " + (
                f"{len(night.hands)} hands" if night.hands is not None
                else "the night's totals"))
        db.session.flush()  # the turn's nights at once, then their hands
        db.session.add_all([HandRow(table_id=table.id, position=position,
                                    data=codec.encode(hand))
                            for table, night in zip(tables, turn, strict=True)
                            for position, hand in enumerate(night.hands or (), start=1)])
        return [t.id for t in tables]


def _rows(night: NightDraft) -> int:
    """The rows a night of the sheet writes: its own and its players', its
    hands and its line of history."""
    return 2 + len(night.players) + len(night.hands or ())


def _gather(group: Group, shown: Preview, tables: list[GameTable], version: int,
            label: str | None) -> SheetImport:
    """The import's last turn: the nights written join the group, the new
    members too, and the import's record and its one entry are written."""
    for table in tables:
        groups.belong(table, group)
    before = {m.name for m in group.members}
    groups.join_members(group, shown.new_members)
    db.session.flush()
    added = [m for m in group.members if m.name not in before]
    filename = shown.source
    summary = _summary(filename, shown.importing, [m.name for m in added])
    record = SheetImport(group_id=group.id, filename=filename[:120], by=label,
                         version=version, nights=[t.id for t in tables],
                         members=[m.id for m in added], summary=_fit(summary), at=utcnow())
    db.session.add(record)
    db.session.flush()
    taught = aliases.remember(group.id, ((n.sheet, n.name) for n in shown.names
                                         if n.member and n.count), record.id)
    if taught:
        record.summary = _fit(f"{summary}; remembered {', '.join(taught)}")
    writes.audit_group(group.id, "import", record.summary, by=label)
    db.session.flush()
    return record


def _night(rules: tuple[str, Rules], shown: Preview, night: NightDraft, job: str
           ) -> GameTable:
    """One night of the sheet as a closed night, paid at the table, not yet
    the group's (:func:`_gather` gives it to the group), kept with ``rules``
    (:func:`rules_for`), not yet in the session: the turn writes it, its
    line of history and its hands."""
    now = utcnow()
    preset, kept = rules
    table = GameTable(name=f"{night.played_on:%A} night", preset=preset,
                      rules=kept.to_dict(), stake_cents=shown.stake_cents,
                      owner=new_owner(TABLE, new_token()), played_on=night.played_on,
                      closed_at=now, settled=groups.AT_TABLE, settled_at=now,
                      totals=None if night.hands is not None else dict(night.totals),
                      unclaimed_by=job)
    table.players = [Player(name=n, seat=i) for i, n in enumerate(night.players)]
    return table


def rules_for(group: Group, players: int) -> tuple[str, Rules]:
    """The rules a night of ``players`` is kept with: the group's, or for a
    night of totals with fewer players than they seat, the group's played
    that many to a hand (else the preset for that many): a night always has
    as many players as its rules seat."""
    preset, rules, _ = checks.checked_rules(group.preset, group.options)
    if players >= rules.seats:
        return preset, rules
    try:
        return preset, checks.checked_rules(preset, {**group.options, "seats": players})[1]
    except ServiceError:
        fits = next((p for p in PRESETS.values() if p.rules.seats == players), None)
        return (fits.id, fits.rules) if fits is not None else (preset, rules)


def _fit(text: str) -> str:
    """An import's summary as the list keeps it: whole, or cut with "…"."""
    return text if len(text) <= AUDIT_SUMMARY else text[:AUDIT_SUMMARY - 1] + "…"


def _summary(filename: str, nights: Sequence[NightDraft], added: Sequence[str]) -> str:
    joined = f"; {len(added)} new member{'s' if len(added) != 1 else ''}: " \
        f"{', '.join(added)}" if added else ""
    return (f"Brought in {len(nights)} night{'s' if len(nights) != 1 else ''} from "
            f"{filename} ({kinds_said(nights)}){joined}")


# --- undoing ---------------------------------------------------------------------------

def imports_of(group_id: int) -> list[SheetImport]:
    """The group's imports, newest first."""
    return list(db.session.scalars(db.select(SheetImport).where(
        SheetImport.group_id == group_id).order_by(SheetImport.id.desc())))


def undo(group_id: int, import_id: object, seen: object, label: str | None = None,
         once: Once | None = None) -> SheetImport:
    """Take an import back whole, as one change of the group made on version
    ``seen``: its nights and the members it added go, as if it had never
    been; refused once something was built on them."""
    version = _version(seen)
    if isinstance(import_id, bool) or not isinstance(import_id, int) \
            or not 0 < import_id <= MAX_ROW_ID:
        raise ServiceError("import must be the id of one of the group's imports", "import")
    with writes.unit(once) as work:
        done = _earlier_import(once)
        if done is not None:
            work.cancel()
            return done
        record = db.session.get(SheetImport, import_id)
        if record is None or record.group_id != group_id:
            raise NotFound("No such import of this group")
        made = writes.begin_group(group_id)
        if record.undone_at is not None:
            raise Conflict("This import was already undone", "import")
        if made != version + 1:
            raise Conflict(_stale(group_id, version, "page was opened"), "version")
        taught = aliases.taught_by(record.id)
        forget_nights(group_id, record)
        record.undone_at, record.undone_version = utcnow(), made
        summary = f"Took back: {record.summary}" + (
            "; forgot the spellings " + ", ".join(f"{a['alias']} ({a['member']})" for a in taught)
            if taught else "")
        writes.audit_owner(GROUP, group_id, aliases.TAKEN_BACK, summary[:300], label,
                           {"forgot": taught} if taught else None)
        work.remember((GROUP, group_id), 200, {"import": record.id})
    if work.twin is not None:
        return _import_of(work.twin.response)
    return record


# --- as jobs (scorekeeper.services.background.jobs) -----------------------------------------------

def confirm_job(group_id: int, book: Workbook | int, choices: Asked, seen: object,
                new_members: object, label: str | None, once: Once | None) -> dict[str, object]:
    """:func:`confirm` as a job's work: the sheet sent, or kept for the page
    (its id); the import made."""
    if isinstance(book, int):
        book = staged(group_id, book)
    return {"import": confirm(group_id, book, choices, seen, new_members, label, once).id}


def import_row(import_id: int) -> SheetImport:
    """One import, by id (a job's answer names it)."""
    found = db.session.get(SheetImport, import_id)
    if found is None:
        raise NotFound("That import is gone")
    return found


def nights_of(group_id: int, import_id: object) -> int:
    """How many nights the group's import ``import_id`` made (0: no such import)."""
    record = db.session.get(SheetImport, import_id) if isinstance(import_id, int) and \
        not isinstance(import_id, bool) and 0 < import_id <= MAX_ROW_ID else None
    return len(record.nights) if record is not None and record.group_id == group_id else 0


def undo_job(group_id: int, import_id: object, seen: object, label: str | None,
             once: Once | None) -> dict[str, object]:
    """:func:`undo` as a job's work: the import taken back."""
    count = nights_of(group_id, import_id)
    progress.report(0, count, f"Taking back {count:,} night{'s' if count != 1 else ''}")
    done = undo(group_id, import_id, seen, label, once)
    return {"import": done.id}
