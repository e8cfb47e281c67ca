"""A whole group as one JSON file: its name, members, next night's rules and
stake, and every night as a night's own export with its date and how it was
settled; and importing that file.  And the group's nights as a spreadsheet
(:func:`export_csv`), which the sheet import reads back.  Like a night's import, the whole file is
checked (every night replays under its rules) before anything is written.
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from collections.abc import Mapping
from datetime import date
from typing import Any

from sqlalchemy import delete, select

from scorekeeper.db.engine import writing
from scorekeeper.db.models import GameTable, Group, Job, KeptExport, MemberAlias, db, utcnow
from scorekeeper.limits import (
    JOB_NIGHTS,
    MAX_GROUP_FILE_NIGHTS,
    MAX_MEMBERS,
    PLAYER_NAME,
    QUOTED,
)
from scorekeeper.moments import iso
from scorekeeper.names import NameError_, clean_name, find_name
from scorekeeper.services import ServiceError, caches, writes
from scorekeeper.services.background import elsewhere, jobs, progress
from scorekeeper.services.checks import (
    check_played_on,
    check_stake,
    checked_rules,
    clean_players,
    group_name,
)
from scorekeeper.services.groups import aliases, unclaimed
from scorekeeper.services.groups import group as groups
from scorekeeper.services.groups.group import AT_TABLE, CARRIED, WITH_GROUP
from scorekeeper.services.groups.seasons import night_rows, results
from scorekeeper.services.nights import exports
from scorekeeper.services.nights.import_checks import (
    Checked,
    check_export,
    reason_of,
    refuse,
    when,
)
from scorekeeper.services.nights.paper import check_totals, totals_of
from scorekeeper.services.nights.state import TableState
from scorekeeper.services.nights.tables import build_table, get_table
from scorekeeper.services.once import Once, earlier, made
from scorekeeper.services.writes import unit

FORMAT = "sheepshead-scorekeeper-group/1"


def export_group(group: Group) -> dict[str, Any]:
    """The group as JSON-ready data; :func:`import_group` reads it back."""
    rows = night_rows(group.id)
    nights = []
    for done, row in enumerate(rows):
        progress.report(done, len(rows), f"Writing {len(rows):,} nights")
        state = TableState.load(get_table(row.id))
        nights.append({"played_on": row.played_on.isoformat(), "settled": row.settled,
                       "settled_at": iso(state.table.settled_at),
                       "night": exports.export_table(state),
                       **({"totals": totals_of(state.table)} if row.paper else {})})
    progress.report(len(rows), len(rows), "Writing the file")
    return {"format": FORMAT, "name": group.name, "players": groups.members(group),
            "preset": group.preset, "options": dict(group.options),
            "stake_cents": group.stake_cents, "rating": group.rating, "nights": nights,
            "aliases": [{"alias": a.alias, "member": a.member}
                        for a in aliases.aliases_of(group.id)]}


#: A group's file by (group, version), in this process: worked out once per
#: version (a league's is seconds of CPU), as every change the file shows
#: raises the version.  A big group's is kept in the database too
#: (:class:`~scorekeeper.db.models.KeptExport`), for every process.
KEPT: caches.Recent[tuple[int, int], str] = caches.register("group_export", caches.Recent(4))


def big(group: Group) -> bool:
    """Whether the group's file is big work: more than :data:`JOB_NIGHTS`
    nights, worked out in the import process (a job, on the page), kept in
    the database."""
    return len(night_rows(group.id)) > JOB_NIGHTS


def kept(group: Group) -> str | None:
    """The group's file at its version, if it was worked out already."""
    key = (group.id, group.version)
    found = KEPT.get(key)
    if found is None:
        found = db.session.scalar(select(KeptExport.body).where(
            KeptExport.group_id == group.id, KeptExport.version == group.version))
        if found is not None:
            KEPT.put(key, found)
    return found


def export_json(group: Group) -> str:
    """:func:`export_group` as a compact UTF-8 file, kept per version (:func:`kept`);
    a big group's (:func:`big`) is worked out in the import process (seconds
    of CPU the phones' threads never wait for) and kept under the version it
    was worked out at."""
    found = kept(group)
    if found is not None:
        return found
    if big(group) and not writing(db.session):
        version, found = elsewhere.run(_exported, group.id)
        KEPT.put((group.id, version), found)
        return found
    found = _text(group)
    if not writing(db.session):
        KEPT.put((group.id, group.version), found)
    return found


def export_job(group: Group, refused: jobs.Refused) -> tuple[Job, bool]:
    """The job that writes the group's file at its version (:func:`kept` once
    done), and whether it was made before: one a version, so a second tap,
    another phone or a client's retry follows the same one (after a refusal,
    the server busy: a new one)."""
    token = f"group-export:{group.id}:{group.version}"
    while (found := jobs.made(group.id, Once(token))) is not None and \
            found.state == jobs.REFUSED:  # asked again after a refusal: a new try
        token = f"group-export:{group.id}:{group.version}:{found.id}"
    return jobs.start(group.id, "group_export", _export_work, (group.id,), refused,
                      once=Once(token))


def _export_work(group_id: int) -> dict[str, Any]:
    """The group's file worked out as a job's work (its progress reported,
    night by night) and kept: the group, the version it is of, its size."""
    version, text = _exported(group_id)
    return {"group": group_id, "version": version, "bytes": len(text.encode())}


def _text(group: Group) -> str:
    return json.dumps(export_group(group), ensure_ascii=False, separators=(",", ":"))


def _exported(group_id: int) -> tuple[int, str]:
    """The group's version and its file, worked out (in one read: the file
    is of that version) and kept in the database for every process."""
    group = groups.get_group(group_id)
    version, text = group.version, _text(group)
    with unit():
        db.session.execute(delete(KeptExport).where(KeptExport.group_id == group_id))
        db.session.add(KeptExport(group_id=group_id, version=version, body=text, at=utcnow()))
    return version, text


#: The columns of a group's spreadsheet: what the sheet import reads as "a
#: player's night" with the night's number that day (two tables on one day
#: stay two nights).
CSV_COLUMNS = ("Date", "Game", "Player", "Points")


def export_csv(group: Group) -> str:
    """The group's nights as a spreadsheet or another app reads them: a row a
    player a closed night played, oldest first (its date, the night's number that
    day, the player, his points), in the seats' order.  Brought in through
    the sheet import it makes the same nights of totals, and exports again
    byte for byte (a CSV carries no hands, rules or history: the JSON does)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    games: Counter[date] = Counter()
    for night in results(group.id)[1]:
        if not night.players or not night.closed:  # a night under way isn't a result yet
            continue
        games[night.played_on] += 1
        writer.writerows([night.played_on.isoformat(), games[night.played_on],
                          exports.cell(name), night.points[name]] for name in night.players)
    return out.getvalue()


class CheckedNight:
    """One night of a group file, checked: the night, its date and settling."""

    def __init__(self, checked: Checked, raw: Mapping[str, Any], where: str) -> None:
        self.checked = checked
        self.played_on = check_played_on(raw.get("played_on"))
        settled = raw.get("settled")
        if settled not in (None, AT_TABLE, CARRIED, WITH_GROUP):
            raise refuse(f"{where}: settled must be null, {AT_TABLE!r}, {CARRIED!r} or "
                         f"{WITH_GROUP!r}")
        if settled is not None and checked.closed_at is None:
            raise refuse(f"{where}: only a closed night can be settled")
        self.settled: str | None = settled
        at = raw.get("settled_at")
        self.settled_at = (when(at, f"{where}: settled_at")
                           if settled in (AT_TABLE, WITH_GROUP) and at is not None else None)
        try:  # a night of totals (paper_nights): its players' points, no hands
            totals = check_totals(raw.get("totals"), [n for n, _ in checked.players],
                                  len(checked.hands))
        except ServiceError as error:
            raise refuse(f"{where}: {error.message}", "totals") from None
        if totals is not None and checked.closed_at is None:
            raise refuse(f"{where}: a night of totals is a closed night (its result came "
                         "from paper: it takes no hands)", "totals")
        if None not in (totals, checked.totals) and totals != checked.totals:
            raise refuse(f"{where}: its totals aren't its night's totals", "totals")
        #: Given beside the night (as this app writes them) or in it (a night's own file).
        self.totals = totals if totals is not None else checked.totals


def check_aliases(raw: object, players: list[str]) -> list[tuple[str, str]]:
    """A group file's remembered spellings: each a name's other spelling and
    the member it is (none of a file from before they were kept)."""
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > 2 * MAX_MEMBERS:
        raise refuse(f"aliases must be a list of at most {2 * MAX_MEMBERS} spellings",
                     "aliases")
    found = []
    for index, item in enumerate(raw, start=1):
        where = f"alias {index}"
        if not isinstance(item, Mapping) or set(item) != {"alias", "member"}:
            raise refuse(f"{where} must be {{alias, member}}", "aliases")
        member = find_name(str(item["member"]), players)
        if member is None:
            raise refuse(f"{where}: {str(item['member'])[:QUOTED]!r} isn't a member", "aliases")
        try:
            spelling = clean_name(item["alias"], f"{where}'s spelling") if isinstance(
                item["alias"], str) else None
        except NameError_ as error:
            raise refuse(str(error), "aliases") from None
        if spelling is None or len(spelling) > PLAYER_NAME:
            raise refuse(f"{where}: alias must be a name of up to {PLAYER_NAME} characters",
                         "aliases")
        found.append((spelling, member))
    return found


def check_group(data: object) -> tuple[str, list[str], str, dict[str, Any], int,
                                        list[CheckedNight]]:
    """Everything in a group file, checked; a refusal says where and why."""
    if not isinstance(data, Mapping):
        raise refuse("the file must hold one JSON object (a group's export)")
    if data.get("format") != FORMAT:
        raise refuse(f"this isn't a group file from this app (format {FORMAT})", "format")
    try:
        name = group_name(data.get("name"))
        players = clean_players(data.get("players", []), MAX_MEMBERS, "in a group")
        preset, _, options = checked_rules(data.get("preset"), data.get("options"))
        stake = check_stake(data.get("stake_cents"))
    except ServiceError as error:
        raise refuse(reason_of(error), error.field or "file") from None
    raw_nights = data.get("nights")
    if not isinstance(raw_nights, list) or len(raw_nights) > MAX_GROUP_FILE_NIGHTS:
        raise refuse(f"nights must be a list of at most {MAX_GROUP_FILE_NIGHTS:,} nights",
                     "nights")
    nights = []
    for index, raw in enumerate(raw_nights, start=1):
        where = f"night {index}"
        if not isinstance(raw, Mapping):
            raise refuse(f"{where} must be an object", "nights")
        try:
            nights.append(CheckedNight(check_export(raw.get("night")), raw, where))
        except ServiceError as error:
            raise refuse(f"{where}: {reason_of(error)}", error.field or "nights") from None
    return name, players, preset, options, stake, nights


def import_group(data: object, label: str = "Scorekeeper", once: Once | None = None
                 ) -> tuple[Group, str | None]:
    """Recreate an exported group with all its nights; returns it and the
    importer's edit token (a repeated request: the group it made and no token).

    Its nights are written a turn of rows at a time (:func:`.in_turns`), each turn its own
    commit, then the group that holds them in one last commit: until then
    nobody can reach them (nobody has their tokens), and an import that fails
    on the way takes back the nights it wrote (one stopped from outside: the
    server does, :mod:`.unclaimed`)."""
    name, players, preset, options, stake, nights = check_group(data)
    spellings = check_aliases(data.get("aliases") if isinstance(data, Mapping) else None,
                              players)
    rating = data.get("rating", True) if isinstance(data, Mapping) else True
    if not isinstance(rating, bool):
        raise refuse("rating must be true or false", "rating")
    with unit(once):
        before = made(earlier(once), Group)
    if before is not None:
        return before, None

    def claim(written: list[int], job: str) -> tuple[tuple[Group, str | None], bool]:
        with unit(once) as work:
            before = made(earlier(once), Group)
            if before is not None:  # a twin of this request carried it out meanwhile
                work.cancel()
                return (before, None), False
            group, token = groups.build_group(name, players, preset, options, stake, label)
            group.rating = rating
            _gather(group, unclaimed.claimed(written, job), nights, spellings)
            writes.begin_group(group.id)
            writes.audit_group(group.id, "import", f"Brought in from its file: "
                               f"{len(nights):,} nights, {len(group.members)} members", label)
            work.remember(group, 201)
        twin = made(work.twin, Group)
        return ((twin, None), False) if twin is not None else ((group, token), True)

    return unclaimed.written_in_turns(
        nights, _rows, lambda turn, job: _write_nights(turn, label, job), claim,
        f"Writing {len(nights):,} nights")


def _rows(night: CheckedNight) -> int:
    """The rows a night of a group's file writes: its own and its players',
    its hands, payments and lines of history (a night of totals is its own
    and its players': 2,000 of them counted as none went in one turn)."""
    checked = night.checked
    return (1 + len(checked.players) + len(checked.hands) + len(checked.payments)
            + len(checked.audit))


def _write_nights(nights: list[CheckedNight], label: str, job: str) -> list[int]:
    """One turn of a group's import: these nights written, in one commit,
    belonging to no group yet (unclaimed by ``job``); their ids."""
    with unit():
        filled = []
        for night in nights:
            checked = night.checked
            table, _ = build_table(checked.name, checked.players, checked.preset,
                                   checked.rules, checked.stake_cents, label, flush=False)
            filled.append((table, checked))
            table.settled, table.settled_at = night.settled, night.settled_at
            table.unclaimed_by = job
        exports.fill_all(filled)  # each night's own history as its file keeps it
        for (table, _), night in zip(filled, nights, strict=True):  # the group's say
            table.played_on, table.totals = night.played_on, night.totals
        return [table.id for table, _ in filled]


def _gather(group: Group, tables: list[GameTable], nights: list[CheckedNight],
            spellings: list[tuple[str, str]]) -> None:
    """The import's last turn: the nights written join ``group`` (their
    players its members, in the file's order) and its spellings are kept."""
    for table, night in zip(tables, nights, strict=True):
        groups.belong(table, group)
        groups.join_members(group, [n for n, _ in night.checked.players])
    db.session.flush()
    for spelling, member in spellings:
        found = next(m for m in group.members if m.name == member)
        found.aliases.append(MemberAlias(group_id=group.id, alias=spelling))
