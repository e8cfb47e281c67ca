"""A spreadsheet's preview: what the person chose over the guesses
(:class:`Asked`), and the sheet read as the group's nights with every check
(:class:`Preview`), before anything is written.  Confirming it is
:mod:`scorekeeper.services.groups.sheets.bring_in`'s.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from sqlalchemy import select

from scorekeeper.db.models import GameTable, Group, db
from scorekeeper.limits import JOB_ROWS, MAX_MEMBERS, MAX_SHEET_NIGHTS, MAX_SHEET_TABS
from scorekeeper.names import name_key
from scorekeeper.rules import PRESETS
from scorekeeper.services import ServiceError, checks
from scorekeeper.services.background import elsewhere
from scorekeeper.services.groups import aliases
from scorekeeper.services.groups import group as groups
from scorekeeper.services.groups.sheets.files import Workbook
from scorekeeper.services.groups.sheets.layout import Layout, Row, chosen, problems, split
from scorekeeper.services.groups.sheets.names import NameMatch, match_names
from scorekeeper.services.groups.sheets.nights import (
    NightDraft,
    Reading,
    data_rows,
    has_zeros,
    sheet_names,
    zeros_look_absent,
)
from scorekeeper.services.groups.sheets.shapes import read_nights
from scorekeeper.services.nights.state import TableState

#: Every sheet of a workbook together, each read as it looks (``"tab": "all"``).
ALL_TABS = -1


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
    #: The nights left out by key (and those already in, but ``bring_again``).
    exclude: frozenset[str] = frozenset()
    #: What a 0 means in a sheet that gives everyone a number every night:
    #: "absent" (wasn't there) or "played" (broke even); None: as it looks;
    #: or, a sheet of the workbook each, by its name (the others as they look).
    zeros: str | Mapping[str, str] | None = None
    #: The nights already in the group (or twice in the file) to bring in
    #: again all the same, by key: any other such night is left out, whatever
    #: ``exclude`` says, so a choice made before a night was seen as already
    #: in never brings it in twice.
    bring_again: frozenset[str] = frozenset()


def asked(data: Mapping[str, Any]) -> Asked:
    """The choices an API body (or the page's form) sends, checked for their kind."""
    tab = data.get("tab", 0)
    if tab == "all":
        tab = ALL_TABS
    elif isinstance(tab, bool) or not isinstance(tab, int) or not 0 <= tab < MAX_SHEET_TABS:
        raise ServiceError("tab must be the number of one of the workbook's sheets (0 first), "
                           "or \"all\" for every sheet together", "tab")
    stake = data.get("stake_cents")
    names = data.get("names") or {}
    if not isinstance(names, Mapping) or len(names) > 2 * MAX_MEMBERS or not all(
            isinstance(k, str) and (v is None or isinstance(v, str)) for k, v in names.items()):
        raise ServiceError("names must say, for a name of the sheet, which member it is "
                           "(or null for a new member)", "names")
    exclude = _keys(data, "exclude", "the nights left out")
    again = _keys(data, "bring_again", "nights already in the group to bring in all the same")
    return Asked(tab, data.get("columns"), data.get("shape"), data.get("unit"),
                 data.get("dates"), None if stake is None else checks.check_stake(stake),
                 dict(names), exclude, _zeros(data.get("zeros")), again)


def _zeros(zeros: object) -> str | dict[str, str] | None:
    """What the body says a 0 is: for the whole file, or a sheet each."""
    if zeros is None or (isinstance(zeros, str) and zeros in ZEROS):
        return zeros
    if isinstance(zeros, Mapping) and len(zeros) <= MAX_SHEET_TABS and all(
            isinstance(k, str) and v in ZEROS for k, v in zeros.items()):
        return {str(k): str(v) for k, v in zeros.items()}
    raise ServiceError("zeros must be \"absent\" (a 0 is a player who wasn't there) or "
                       "\"played\" (a 0 is a player who broke even), or that for each sheet "
                       "by its name ({\"2006\": \"absent\"})", "zeros")


def _keys(data: Mapping[str, Any], name: str, what: str) -> frozenset[str]:
    """A list of night keys the body sends (``exclude``, ``bring_again``)."""
    keys = data.get(name) or []
    if not isinstance(keys, list) or len(keys) > MAX_SHEET_NIGHTS or not all(
            isinstance(k, str) for k in keys):
        raise ServiceError(f"{name} must list the keys of {what}", "exclude")
    return frozenset(keys)


#: What a 0 may mean in a sheet that gives everyone a number every night.
ZEROS = ("absent", "played")


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
    #: What a 0 was read as ("absent", "played"), when the sheet gives
    #: everyone a number every night and some are 0 (None: no such question),
    #: and whether that was the guess (not the person's choice).
    zeros: str | None = None
    zeros_guessed: bool = False
    #: With every sheet read together, each sheet's own: (its name, what a 0
    #: was read as, whether that was the guess), for the sheets that ask.
    tab_zeros: tuple[tuple[str, str, bool], ...] = ()

    @property
    def every_sheet(self) -> bool:
        """Every sheet of the workbook is read together (:data:`ALL_TABS`)."""
        return self.tab == ALL_TABS

    @property
    def shown_tab(self) -> int:
        """The sheet whose columns the page shows (the first, for every sheet)."""
        return 0 if self.every_sheet else self.tab

    @property
    def source(self) -> str:
        """Where the nights come from, in full: the file, and the sheet of a
        workbook of several ("sheepshead.xlsx, sheet 2006", "…, every sheet")."""
        if len(self.book.tabs) < 2:
            return self.book.filename
        if self.every_sheet:
            return f"{self.book.filename}, every sheet ({len(self.book.tabs)})"
        return f"{self.book.filename}, sheet {self.book.tabs[self.tab].name}"

    @property
    def importing(self) -> list[NightDraft]:
        """The nights a confirmation brings in."""
        return [n for n in self.nights if not n.flags and n.key not in self.exclude]

    @property
    def already(self) -> list[NightDraft]:
        """The nights already in the group (the same day, the same totals)."""
        return [n for n in self.nights if n.already and not n.flags]

    @property
    def nothing_new(self) -> bool:
        """Every night of the sheet is already in the group, and left out."""
        return bool(self.nights) and not self.importing and not self.flagged and all(
            n.already for n in self.nights)

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
            return "The columns need correcting first: " + " ".join(self.problems).rstrip(".")
        if self.flagged:
            keys = ", ".join(n.key for n in self.flagged[:8])
            more = f" and {len(self.flagged) - 8} more" if len(self.flagged) > 8 else ""
            return (f"{len(self.flagged)} flagged night{'s' if len(self.flagged) > 1 else ''} "
                    f"({keys}{more}) can't be brought in as the sheet has "
                    f"{'them' if len(self.flagged) > 1 else 'it'}: fix the sheet and choose "
                    "it again, or leave those nights out")
        if self.nothing_new:
            return (f"Nothing new: {'the' if len(self.nights) == 1 else 'every'} night of "
                    "this sheet is already in the group, with the same totals")
        if not self.importing:
            return "No night is left to bring in"
        return None


#: A sheet read for the preview: its name (with every tab asked for), its
#: layout, its rows, and whether its zeros mean absent.
Read = tuple[str, Layout, list[Row], bool]


def previewed(group: Group, book: Workbook, choices: Asked) -> Preview:
    """:func:`preview`, worked out in the import process for a sheet big
    enough to be a job to bring in (:data:`JOB_ROWS`): its CPU never holds
    the threads answering the phones."""
    if book.rows > JOB_ROWS:
        return elsewhere.run(preview_of, group.id, book, choices)
    return preview(group, book, choices)


def preview_of(group_id: int, book: Workbook, choices: Asked) -> Preview:
    """:func:`preview` of the group ``group_id`` (what the import process is sent)."""
    return preview(groups.get_group(group_id), book, choices)


def preview(group: Group, book: Workbook, choices: Asked, today: date | None = None
            ) -> Preview:
    """The sheet read as the group's nights, each checked; nothing is written.
    With every tab asked for (:data:`ALL_TABS`), each sheet of the workbook
    is read as it looks and its nights go under its own name; the names are
    matched across all of them at once."""
    if choices.tab != ALL_TABS and choices.tab >= len(book.tabs):
        raise ServiceError(f"tab: the workbook has {len(book.tabs)} sheet(s)", "tab")
    every = choices.tab == ALL_TABS and len(book.tabs) > 1
    members = groups.members(group)
    _, rules, _ = checks.checked_rules(group.preset, group.options)
    read, counts, said, tab_zeros = _read_tabs(book, choices, every, rules.seats,
                                               play_day(group))
    asked_zeros = [zeros for _, zeros, _ in tab_zeros]
    names = match_names(counts, members, choices.names, aliases.remembered(group.id))
    stake = group.stake_cents if choices.stake_cents is None else choices.stake_cents
    for name, layout, _, _ in read:
        said += [f"{name}: {p}" if name else p for p in problems(layout)]
        if layout.unit.value == "money" and not stake:
            said.append((f"{name}: " if name else "") + "A sheet of money needs the stake it "
                        "was played for (cents a point).")
    nights: list[NightDraft] = []
    skipped: list[str] = []
    if not said:
        roster = tuple(dict.fromkeys(names[s].name for s in counts if s in names))
        nights, skipped = _nights(read, Reading(read[0][1], rules, stake, names, today,
                                                roster, False))
        mark_already(group, nights)
    if len(nights) > MAX_SHEET_NIGHTS:
        said.append(f"The sheet has {len(nights):,} nights: bring in at most "
                    f"{MAX_SHEET_NIGHTS:,} at a time (a few tabs, or the file split by year)")
    preset = PRESETS[group.preset].name if group.preset in PRESETS else group.preset
    exclude = choices.exclude | {
        n.key for n in nights if n.already and n.key not in choices.bring_again}
    zeros_read = ("absent" if "absent" in asked_zeros else "played") if asked_zeros else None
    return Preview(book, choices.tab if not every else ALL_TABS, read[0][1], tuple(said),
                   tuple(names.values()), tuple(nights), tuple(skipped), stake, preset,
                   group.version, tuple(members), exclude, zeros_read,
                   any(guessed for _, _, guessed in tab_zeros), tuple(tab_zeros) if every else ())


def _read_tabs(book: Workbook, choices: Asked, every: bool, seats: int, weekday: int | None
               ) -> tuple[list[Read], Counter[str], list[str], list[tuple[str, str, bool]]]:
    """Each sheet asked for, read as laid out (as it looks, with every tab
    asked for; else as the choices say): the sheets, the names they hold
    (how often), what can't be read, and how each sheet's zeros were read
    (its name, "absent" or "played", and whether that was the guess)."""
    indexes = range(len(book.tabs)) if choices.tab == ALL_TABS else [choices.tab]
    read: list[Read] = []
    counts: Counter[str] = Counter()
    said: list[str] = []
    asked_zeros: list[tuple[str, str, bool]] = []
    for index in indexes:
        tab = book.tabs[index]
        try:
            layout = chosen(tab, *((None,) * 4 if every else (
                choices.columns, choices.shape, choices.unit, choices.dates)), weekday=weekday)
            _, _, rows = split(tab)
        except ServiceError as error:
            if not every:
                raise
            said.append(f"{tab.name}: {error.message}")
            continue
        kept, _ = data_rows(rows)
        looks = zeros_look_absent(layout, kept, seats)
        if looks is None and has_zeros(layout, kept):
            looks = False  # zeros among blank cells: played unless the director says not
        wanted = choices.zeros.get(tab.name) if isinstance(choices.zeros, Mapping) \
            else choices.zeros
        zeros = None if looks is None else wanted or ("absent" if looks else "played")
        if zeros is not None:
            asked_zeros.append((tab.name, zeros, not wanted))
        counts.update(sheet_names(layout, kept, zeros == "absent"))
        read.append((tab.name if every else "", layout, rows, zeros == "absent"))
    if not read:
        raise ServiceError("No sheet of the workbook can be read: " + " ".join(said), "tab")
    return read, counts, said, asked_zeros


def _nights(read: list[Read], reading: Reading) -> tuple[list[NightDraft], list[str]]:
    """Every sheet's nights (each keyed by its sheet's name, with every tab
    asked for) and the rows left out, read as ``reading`` says (each sheet
    with its own layout and zeros)."""
    nights: list[NightDraft] = []
    skipped: list[str] = []
    for name, layout, rows, absent in read:
        found, left = read_nights(replace(reading, layout=layout, zeros_absent=absent), rows)
        for night in found:
            night.key, night.sheet = (f"{name}: {night.key}", name) if name \
                else (night.key, "")
        nights += found
        skipped += [f"{name}: {s}" if name else s for s in left]
    return nights, skipped


def play_day(group: Group) -> int | None:
    """The weekday (Monday 0) most of the group's nights were played on, if
    it has nights: what a sheet's dates that read both ways are read by."""
    days = Counter(d.weekday() for d in db.session.scalars(
        select(GameTable.played_on).where(GameTable.group_id == group.id,
                                         GameTable.played_on.is_not(None))) if d)
    return days.most_common(1)[0][0] if days else None


def mark_already(group: Group, nights: Sequence[NightDraft]) -> None:
    """Mark each night the group already has: a night of the group on the
    same day whose players ended on the same points (those who broke even
    aside), as a sheet brought in before left them."""
    seen: dict[date, list[dict[str, int]]] = {}
    for draft in nights:  # the same night twice in the file (a tab copied)
        if draft.flags or not draft.totals:
            continue
        won = _won(draft.totals)
        if won in seen.get(draft.played_on, []):
            draft.already = ("Twice in this file: the night of "
                             f"{draft.played_on.strftime('%a %b %-d, %Y')} with these totals "
                             "comes earlier too (left out: keep it only if it was another "
                             "night)")
        seen.setdefault(draft.played_on, []).append(won)
    days = {n.played_on for n in nights if not n.flags}
    if not days:
        return
    kept: dict[date, list[dict[str, int]]] = {}
    for night in db.session.scalars(select(GameTable).where(
            GameTable.group_id == group.id, GameTable.played_on.in_(days))):
        if night.played_on is None:
            continue
        state = TableState.load(night)
        totals = dict(night.totals) if state.paper and night.totals else dict(
            state.night.balances)
        kept.setdefault(night.played_on, []).append(_won(totals))
    for draft in nights:
        if draft.flags or not draft.totals or draft.already:
            continue
        if _won(draft.totals) in kept.get(draft.played_on, []):
            draft.already = (f"Already in the group: the night of "
                             f"{draft.played_on.strftime('%a %b %-d, %Y')} with these totals "
                             "(left out: keep it only if it was another night)")


def _won(totals: Mapping[str, int]) -> dict[str, int]:
    """A night's totals by name key, those who broke even left out."""
    return {name_key(name): points for name, points in totals.items() if points}


def kinds_said(nights: Sequence[NightDraft]) -> str:
    """How the nights are kept, in words: "with their hands", "as night
    totals", "10 with their hands, 1 as night totals"."""
    hands = sum(1 for n in nights if n.hands is not None)
    if not hands:
        return "as night totals"
    if hands == len(nights):
        return "with their hands"
    return f"{hands} with their hands, {len(nights) - hands} as night totals"
