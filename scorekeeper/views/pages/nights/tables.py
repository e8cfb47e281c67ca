"""Starting a table, its house rules, and its roster."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date
from functools import cache
from typing import TYPE_CHECKING, Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from scorekeeper.limits import PLAYER_NAME, whole_number
from scorekeeper.names import name_key
from scorekeeper.policy.acl import Action, OwnerAction
from scorekeeper.rules import OPTIONS, PRESETS, find_option
from scorekeeper.rules.option_list import in_effect
from scorekeeper.rulings.chart import preset_payouts
from scorekeeper.rulings.text import option_words
from scorekeeper.services import OptionRefused, ServiceError
from scorekeeper.services.grants.grants import new_token
from scorekeeper.services.groups import group as group_service
from scorekeeper.services.groups.group import groups_of, joining
from scorekeeper.services.nights import pay as pay_service
from scorekeeper.services.nights import roster as roster_service
from scorekeeper.services.nights.tables import create_table, tables_of
from scorekeeper.services.once import Once
from scorekeeper.services.registry import owner_of
from scorekeeper.views.access import grant_label, load_group, load_table, permission
from scorekeeper.views.forms import (
    KEEP,
    KEEP_LABEL,
    TICKED,
    TableForm,
    option_fields,
    overrides_from,
    preset_words,
    text_of,
)
from scorekeeper.views.held import (
    keep_editing,
    remembered_group_ids,
    remembered_table_ids,
    session_token,
)
from scorekeeper.views.option_groups import GROUPS

bp = Blueprint("tables", __name__)

#: The table's tabs after Ledger and Record: (endpoint, label, key).
TABS = (
    ("tables.players", "Players", "players"),
    ("share.share", "Share", "share"),
    ("settle.settle", "Settle up", "settle"),
    ("tables.rules", "Rules", "rules"),
    ("rulings.table_rulings", "Rulings", "rulings"),
    ("hands.audit", "History", "audit"),
)

if TYPE_CHECKING:
    from scorekeeper.db.models import GameTable, Group


@bp.app_context_processor
def tabs() -> dict[str, Any]:
    """The tabs every table page shows."""
    return {"table_tabs": TABS}


@dataclass(frozen=True)
class Started:
    """A table on "Your tables", told apart from another of the same name by
    when it was started (and played, a group's night) and who plays."""

    table: GameTable
    when: str
    who: str


def _my_tables() -> list[Started]:
    ids = remembered_table_ids()
    if not ids:
        return []
    return [_started(t) for t in tables_of(ids) if session_token(t.id)]


def _started(table: GameTable) -> Started:
    """"Thu Nov 26, 8:14 pm" in the server's local time (the clock of the
    laptop on the table, as the default name's weekday), and the players in
    seat order."""
    at = table.created_at
    local = (at if at.tzinfo else at.replace(tzinfo=UTC)).astimezone()
    when = f"{local:%a %b} {local.day}, {local.hour % 12 or 12}:{local:%M} " \
           f"{'am' if local.hour < 12 else 'pm'}"
    if table.played_on is not None and table.played_on != local.date():
        when = f"played {table.played_on:%a %b} {table.played_on.day} · started {when}"
    names = [p.name for p in table.players]
    who = ", ".join(names[:6]) + (f" and {len(names) - 6} more" if len(names) > 6 else "")
    return Started(table, when, who)


def tonight() -> str:
    """The start page's name for a new table: "Thursday night" on a Thursday,
    by the server's local date (the laptop on the table keeps the players'
    time; a server elsewhere names the day by its own clock)."""
    return f"{date.today():%A} night"


@cache
def preset_sets() -> dict[str, dict[str, list[str]]]:
    """Each preset's own boxes of every house rule that is a set (which hands
    make a doubler), as the page's inputs send them: ticking a first box
    starts from them (start.js)."""
    many = [option.key for option in OPTIONS if option.many]
    return {preset.id: {key: [text_of(v) for v in _listed(preset.rules.to_dict()[key])]
                        for key in many}
            for preset in PRESETS.values()}


def _listed(value: object) -> list[object]:
    return list(value) if isinstance(value, list | tuple) else []


@bp.route("/", methods=["GET", "POST"])
@permission(OwnerAction.PUBLIC)
def home() -> tuple[str, int] | Response:
    """Start a table (players in seat order, preset, house rules, stake); with
    ``group``, that group's next night, its regulars and rules filled in."""
    form = TableForm()
    group = _asked_group()
    coming = group_service.next_night_defaults(group) if group is not None else None
    chosen: Any = request.form
    if request.method == "POST":
        players = list(request.form.getlist("players"))
    elif group is not None and coming is not None:
        players, chosen = _group_defaults(form, group, coming)
    else:
        players = ["", "", "", "", ""]
        form.name.data = tonight()
    others = _others(group, players)
    players, moved = _edit_player_list(players, others)
    others = _others(group, players)
    errors: dict[str, str] = {}
    bad_row = None
    if not form.submission.data:
        form.submission.data = new_token()  # one table per filled-in form, however often sent
    if request.method == "POST" and not moved and form.validate_on_submit():
        overrides, errors = overrides_from(request.form)
        if not errors:
            try:
                table, token = create_table(form.name.data, [p for p in players if p.strip()],
                                            form.preset.data, overrides, form.stake_cents.data,
                                            once=Once(f"form:table:{form.submission.data[:64]}"),
                                            played_on=_played_on(group), joins=joining(group))
            except ServiceError as error:
                errors[_field_of(error)] = error.message
                bad_row = _row_of(error, players)
            else:
                keep_editing(table, token)
                flash(f"{table.name} is ready. {_first_dealer(table)} deals first.")
                return redirect(url_for("hands.new", table_id=table.id))
    refused = request.method == "POST" and not moved
    return _start_page(form, players, errors, chosen, bad_row, group, others, coming), \
        400 if refused else 200


def _start_page(form: TableForm, players: list[str], errors: dict[str, str], chosen: Any,
                bad_row: int | None, group: Group | None, others: Any, coming: Any) -> str:
    """The start page as filled in (a group's next night: its regulars, the
    others it knows, when it last played)."""
    return render_template("tables/new.html", form=form, players=players, errors=errors,
                           presets=PRESETS.values(), option_fields=option_fields(),
                           options=OPTIONS, option_groups=GROUPS, chosen=chosen, keep=KEEP,
                           asked_preset=_asked_preset(), my_tables=_my_tables(),
                           preset_words=preset_words(), keep_label=KEEP_LABEL,
                           preset_sets=preset_sets(),
                           bad_row=bad_row, name_limit=PLAYER_NAME,
                           payouts=preset_payouts(), group=group, others=others,
                           last_night=coming.last_played_on if coming else None,
                           played_on=request.form.get("played_on") or date.today().isoformat(),
                           my_groups=groups_of(remembered_group_ids()))


def _asked_group() -> Group | None:
    """The group whose next night this is (``group``): this phone must run it."""
    raw = request.values.get("group", "")
    if not raw:
        return None
    number = whole_number(raw) if len(raw) <= 20 else None
    if number is None:
        abort(404, "No such group")
    return load_group(number).row


def _group_defaults(form: TableForm, group: Group, coming: group_service.NextNight
                    ) -> tuple[list[str], MultiDict[str, str]]:
    """The group's next night as the form shows it: last night's regulars
    (or, before the first night, every member), its name, rules and stake."""
    players = list(coming.players) or group_service.members(group) or ["", "", "", ""]
    form.name.data = group.name
    form.preset.data = coming.preset
    form.stake_cents.data = coming.stake_cents
    chosen: MultiDict[str, str] = MultiDict({"preset": coming.preset})
    for key, value in coming.options.items():
        option = find_option(key)
        if option.many and isinstance(value, list | tuple):
            chosen["opt-" + key] = TICKED
            chosen.setlist(f"opt-{key}-item", [text_of(v) for v in value])
        else:
            chosen["opt-" + key] = text_of(value)
    return players, chosen


def _others(group: Group | None, players: list[str]) -> list[str]:
    """The group's members not in the list yet (tap one to add them)."""
    if group is None:
        return []
    taken = {name_key(p) for p in players if p.strip()}
    return [n for n in group_service.members(group) if name_key(n) not in taken]


def _played_on(group: Group | None) -> str | None:
    """The night's date from the form (a group's night only; else today)."""
    if group is None:
        return None
    return request.form.get("played_on") or None


def _field_of(error: ServiceError) -> str:
    """Where the start page shows a refusal: next to the option the engine
    names, else next to the field the service names."""
    if isinstance(error, OptionRefused) and error.option:
        return error.option
    return error.field or "form"


def _row_of(error: ServiceError, players: list[str]) -> int | None:
    """The row of the player list a refusal is about (the service counts only
    the rows with a name in them)."""
    named = [i for i, p in enumerate(players) if p.strip()]
    if error.field != "players" or error.row is None or error.row >= len(named):
        return None
    return named[error.row]


def _asked_preset() -> str | None:
    """``?preset=`` from the presets comparison page, when it names a preset."""
    asked = request.args.get("preset")
    return asked if asked in PRESETS else None


def _first_dealer(table: GameTable) -> str:
    return table.players[0].name


def _edit_player_list(players: list[str], others: Sequence[str] = ()) -> tuple[list[str], bool]:
    """Apply the add / remove / up buttons of the player list, and a tap on
    one of the group's other regulars (works without JS)."""
    action = request.form.get("player_action", "")
    verb, _, where = action.partition("-")
    if verb == "add":
        return players + [""], True
    if verb == "join" and where.isascii() and where.isdigit() and len(where) <= 4 \
            and int(where) < len(others):
        kept = [p for p in players if p.strip()]
        return kept + [others[int(where)]], True
    if verb in ("remove", "up") and where.isascii() and where.isdigit() and len(where) <= 4 \
            and int(where) < len(players):
        i = int(where)
        if verb == "remove":
            return players[:i] + players[i + 1:], True
        if i > 0:
            players[i - 1], players[i] = players[i], players[i - 1]
        return players, True
    return players, False


@bp.get("/t/<int:table_id>/rules")
@permission(Action.READ)
def rules(table_id: int) -> str:
    """The house rules frozen on this table."""
    night = load_table(table_id)
    state = night.state
    table, rules = state.table, state.rules
    preset = PRESETS.get(table.preset)
    changed = {k for k, v in rules.to_dict().items()
               if preset is None or preset.rules.to_dict().get(k) != v}
    rows = [(option, option_words(option.key, value), option.key in changed)
            for option, value in in_effect(rules)]
    return render_template("tables/rules.html", table=table, rows=rows, preset=preset,
                           active="rules", access=night)


@bp.route("/t/<int:table_id>/players", methods=["GET", "POST"])
@permission(Action.ROSTER)
def players(table_id: int) -> str | Response | tuple[str, int]:
    """Roster changes mid-night: someone joins (at a seat), leaves or comes
    back, and seats change between hands."""
    night = load_table(table_id)
    state = night.state
    table = state.table
    error = None
    if request.method == "POST":
        try:
            message = roster_service.apply(state, request.form.get("action", ""),
                                           request.form.get("name", ""),
                                           after=request.form.get("after"),
                                           by=grant_label(night))
        except ServiceError as failure:
            error = failure.message
        else:
            flash(message)
            return redirect(url_for("tables.players", table_id=table.id))
    page = render_template("tables/players.html", table=table, state=state, error=error,
                           rules=state.rules, active="players", access=night,
                           balances=state.night.balances,
                           handles=pay_service.night_handles(table),
                           regulars=owner_of(table).regulars_away(table))
    return (page, 400) if error else page
