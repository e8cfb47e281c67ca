"""Bringing a group's history in from a spreadsheet: the preview (every
night with its checks, the names matched to the members, the new members
to confirm; nothing written), the confirmed import (one change of the
group, audited once, made on the version the preview was read at), and
undoing it whole.

A confirmed import writes each night that isn't flagged or left out as a
closed night of the group, settled at the table (the sheet says nothing of
who still owes whom): its hands where the sheet has them, else its totals
(:mod:`scorekeeper.services.paper_nights`).  Its new members join.  The
import remembers what it made, so undoing it removes exactly those nights
and members and raises the group's version once more.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from scorekeeper.db import codec
from scorekeeper.db.models import GameTable, Group, HandRow, Player, SheetImport, db, utcnow
from scorekeeper.limits import MAX_MEMBERS, MAX_NIGHTS, MAX_ROW_ID, MAX_SHEET_TABS, QUOTED
from scorekeeper.names import name_key
from scorekeeper.rules import PRESETS, Rules
from scorekeeper.services import Conflict, NotFound, ServiceError, checks, groups, writes
from scorekeeper.services.grants import new_token
from scorekeeper.services.once import Once, earlier
from scorekeeper.services.sheet_files import SheetRefused, Workbook
from scorekeeper.services.sheet_layout import Layout, chosen, problems, split
from scorekeeper.services.sheet_names import NameMatch, match_names
from scorekeeper.services.sheet_nights import (
    NightDraft,
    Reading,
    data_rows,
    read_nights,
    sheet_names,
)
from scorekeeper.services.sheet_undo import forget_nights

STALE_PREVIEW = ("The group changed since this {what} ({meanwhile}): look at it again "
                 "before going on. Nothing was written.")


@dataclass(frozen=True)
class Asked:
    """What the person chose over the guesses: the sheet of the workbook,
    each column's role, the shape, the unit, the dates' order, the stake
    (None: the group's), who each name of the sheet is (a member, or empty
    for a new member) and the nights left out, by key."""

    tab: int = 0
    columns: object = None
    shape: object = None
    unit: object = None
    dates: object = None
    stake_cents: int | None = None
    names: Mapping[str, str | None] = field(default_factory=dict)
    exclude: frozenset[str] = frozenset()


def asked(data: Mapping[str, Any]) -> Asked:
    """The choices an API body (or the page's form) sends, checked for their kind."""
    tab = data.get("tab", 0)
    if isinstance(tab, bool) or not isinstance(tab, int) or not 0 <= tab < MAX_SHEET_TABS:
        raise ServiceError("tab must be the number of one of the workbook's sheets (0 first)",
                           "tab")
    stake = data.get("stake_cents")
    names = data.get("names") or {}
    if not isinstance(names, Mapping) or len(names) > 2 * MAX_MEMBERS or not all(
            isinstance(k, str) and (v is None or isinstance(v, str)) for k, v in names.items()):
        raise ServiceError("names must say, for a name of the sheet, which member it is "
                           "(or null for a new member)", "names")
    exclude = data.get("exclude") or []
    if not isinstance(exclude, list) or len(exclude) > MAX_NIGHTS or not all(
            isinstance(k, str) for k in exclude):
        raise ServiceError("exclude must list the keys of the nights left out", "exclude")
    return Asked(tab, data.get("columns"), data.get("shape"), data.get("unit"),
                 data.get("dates"), None if stake is None else checks.check_stake(stake),
                 dict(names), frozenset(exclude))


@dataclass(frozen=True)
class Preview:
    """Everything the person checks before confirming: the file, the layout
    (and what is wrong with it), each name's match, every night with its
    checks, the rows left out, the stake and rules the nights are kept with,
    and the group's version it was read at."""

    book: Workbook
    tab: int
    layout: Layout
    problems: tuple[str, ...]
    names: tuple[NameMatch, ...]
    nights: tuple[NightDraft, ...]
    skipped: tuple[str, ...]
    stake_cents: int
    rules_name: str
    version: int
    members: tuple[str, ...]
    exclude: frozenset[str]

    @property
    def importing(self) -> list[NightDraft]:
        """The nights a confirmation brings in."""
        return [n for n in self.nights if not n.flags and n.key not in self.exclude]

    @property
    def flagged(self) -> list[NightDraft]:
        """Flagged nights not left out: while there is one, nothing is brought in."""
        return [n for n in self.nights if n.flags and n.key not in self.exclude]

    @property
    def new_members(self) -> list[str]:
        """Who joins the group: the players of the nights brought in who aren't members."""
        known = {name_key(m) for m in self.members}
        found: list[str] = []
        for night in self.importing:
            for name in night.players:
                if name_key(name) not in known and name not in found:
                    found.append(name)
        return found

    @property
    def ready(self) -> bool:
        """Whether confirming brings the nights in."""
        return not self.problems and not self.flagged and bool(self.importing)

    def refusal(self) -> str | None:
        """Why confirming brings nothing in, in words (None: it would)."""
        if self.problems:
            return "The columns need correcting first: " + " ".join(self.problems)
        if self.flagged:
            keys = ", ".join(n.key for n in self.flagged[:8])
            more = f" and {len(self.flagged) - 8} more" if len(self.flagged) > 8 else ""
            return (f"{len(self.flagged)} flagged night{'s' if len(self.flagged) > 1 else ''} "
                    f"({keys}{more}) can't be brought in as the sheet has "
                    f"{'them' if len(self.flagged) > 1 else 'it'}: fix the sheet and choose "
                    "it again, or leave those nights out")
        if not self.importing:
            return "No night is left to bring in"
        return None


def preview(group: Group, book: Workbook, choices: Asked, today: date | None = None
            ) -> Preview:
    """The sheet read as the group's nights, each checked; nothing is written."""
    if choices.tab >= len(book.tabs):
        raise ServiceError(f"tab: the workbook has {len(book.tabs)} sheet(s)", "tab")
    tab = book.tabs[choices.tab]
    layout = chosen(tab, choices.columns, choices.shape, choices.unit, choices.dates)
    _, _, rows = split(tab)
    kept, _ = data_rows(rows)
    members = groups.members(group)
    counts = Counter(sheet_names(layout, kept))
    names = match_names(counts, members, choices.names)
    stake = group.stake_cents if choices.stake_cents is None else choices.stake_cents
    _, rules, _ = checks.checked_rules(group.preset, group.options)
    said = problems(layout)
    if layout.unit.value == "money" and not stake:
        said.append("A sheet of money needs the stake it was played for (cents a point).")
    nights: list[NightDraft] = []
    skipped: list[str] = []
    if not said:
        roster = tuple(dict.fromkeys(names[s].name for s in counts if s in names))
        nights, skipped = read_nights(Reading(layout, rules, stake, names, today, roster),
                                      rows)
    if len(nights) > MAX_NIGHTS:
        said.append(f"The sheet has {len(nights):,} nights: bring in at most {MAX_NIGHTS:,} "
                    "at a time")
    preset = PRESETS[group.preset].name if group.preset in PRESETS else group.preset
    return Preview(book, choices.tab, layout, tuple(said), tuple(names.values()),
                   tuple(nights), tuple(skipped), stake, preset, group.version,
                   tuple(members), choices.exclude)


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
    if refusal is not None:
        raise SheetRefused(refusal, "exclude" if shown.flagged else "columns")
    _confirmed(shown.new_members, new_members)
    with writes.unit(once) as work:
        done = _earlier_import(once)
        if done is not None:  # a twin (a double tap) finished while this one waited
            work.cancel()
            return done
        made = writes.begin_group(group_id)
        if made != version + 1:
            raise Conflict(_stale(group_id, version, "preview was made"), "version")
        record = _write(groups.get_group(group_id), shown, book.filename, made, label)
        work.remember(None, 201, {"import": record.id}, group_id=group_id)
    if work.twin is not None:
        return _import_of(work.twin.response)
    return record


def _stale(group_id: int, version: int, what: str) -> str:
    """Why a write made on an older version of the group is refused."""
    return STALE_PREVIEW.format(what=what, meanwhile=writes.meanwhile(
        "group", group_id, version).rstrip("."))


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


def _write(group: Group, shown: Preview, filename: str, version: int,
           label: str | None) -> SheetImport:
    """The nights, the new members, the import's record and its one entry."""
    before = {m.name for m in group.members}
    nights = [_night(group, shown, night, filename) for night in shown.importing]
    groups.join_members(group, shown.new_members)
    db.session.flush()
    added = [m for m in group.members if m.name not in before]
    summary = _summary(filename, shown.importing, [m.name for m in added])
    record = SheetImport(group_id=group.id, filename=filename[:120], by=label,
                         version=version, nights=[t.id for t in nights],
                         members=[m.id for m in added], summary=summary[:300], at=utcnow())
    db.session.add(record)
    writes.audit_group(group.id, "import", summary, by=label)
    db.session.flush()
    return record


def _night(group: Group, shown: Preview, night: NightDraft, filename: str) -> GameTable:
    """One night of the sheet as a closed night of the group, paid at the table."""
    now = utcnow()
    preset, rules = rules_for(group, len(night.players))
    table = GameTable(name=f"{night.played_on:%A} night", preset=preset,
                      rules=rules.to_dict(), stake_cents=shown.stake_cents,
                      view_token=new_token(), group_id=group.id, played_on=night.played_on,
                      closed_at=now, settled=groups.AT_TABLE, settled_at=now,
                      totals=None if night.hands is not None else dict(night.totals))
    table.players = [Player(name=n, seat=i) for i, n in enumerate(night.players)]
    db.session.add(table)
    db.session.flush()
    for position, hand in enumerate(night.hands or (), start=1):
        db.session.add(HandRow(table_id=table.id, position=position, data=codec.encode(hand)))
    writes.audit_created(table, "import", f"Brought in from {filename[:QUOTED]}: "
                         + (f"{len(night.hands)} hands" if night.hands is not None
                            else "the night's totals"))
    return table


def kinds_said(nights: Sequence[NightDraft]) -> str:
    """How the nights are kept, in words: "with their hands", "as night
    totals", "10 with their hands, 1 as night totals"."""
    hands = sum(1 for n in nights if n.hands is not None)
    if not hands:
        return "as night totals"
    if hands == len(nights):
        return "with their hands"
    return f"{hands} with their hands, {len(nights) - hands} as night totals"


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


def _summary(filename: str, nights: Sequence[NightDraft], added: Sequence[str]) -> str:
    joined = f"; {len(added)} new member{'s' if len(added) != 1 else ''}: " \
        f"{', '.join(added)}" if added else ""
    return (f"Brought in {len(nights)} night{'s' if len(nights) != 1 else ''} from "
            f"{filename[:QUOTED]} ({kinds_said(nights)}){joined}")


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
        forget_nights(group_id, record)
        record.undone_at, record.undone_version = utcnow(), made
        writes.audit_group(group_id, "undo import", f"Took back: {record.summary}"[:300],
                           by=label)
        work.remember(None, 200, {"import": record.id}, group_id=group_id)
    if work.twin is not None:
        return _import_of(work.twin.response)
    return record
