"""WTForms for the pages: the shape of the input only.  The hand form builds
an engine hand directly; the rules engine judges whether it makes sense, and
its errors are attached to the field they name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from flask import abort, request
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    Field,
    FieldList,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
    widgets,
)
from wtforms.validators import InputRequired, Length, Optional, StopValidation

from scorekeeper.limits import (
    MAX_ADJUSTMENT,
    MAX_ROW_ID,
    TABLE_NAME,
    whole_number,
)
from scorekeeper.rules import OPTIONS, PRESETS, Hand, HandError, Kind, Rules, Tricks
from scorekeeper.rules.cards import TOTAL_POINTS
from scorekeeper.rules.fields import allowed_kinds, kind_fields
from scorekeeper.rules.words import KIND_LABELS, crack_label
from scorekeeper.rulings.text import option_words
from scorekeeper.services import ServiceError, made_on
from scorekeeper.services.checks import check_stake
from scorekeeper.services.events.plan import check_entry

KEEP = "__preset__"
#: What a house rule left as the preset's says (then the preset's own value).
KEEP_LABEL = "As the preset"
#: A set option's select says "only the boxes ticked below".
TICKED = "__ticked__"


class MultiCheckboxField(SelectMultipleField):
    """Several names as tappable checkboxes."""

    widget = widgets.ListWidget(prefix_label=False)
    option_widget = widgets.CheckboxInput()


class WholeField(IntegerField):
    """A whole number typed in a box: ASCII digits only (WTForms' own field
    takes whatever ``int`` does, so "7_0" and "٧٠" would read as 70).  A box
    that isn't a number says so once, in ``unreadable`` (or ``negative`` for a
    minus), and no range check repeats it."""

    def __init__(self, *args: Any, unreadable: str = "Enter a whole number in the digits 0 to 9",
                 negative: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.unreadable = unreadable
        self.negative = negative or unreadable

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist:
            return
        text = str(valuelist[0]).strip()
        self.data = whole_number(text, 0) if text else None
        if text and self.data is None:
            minus = text[:1] in ("-", "\u2212") and whole_number(text[1:], 0) is not None
            raise ValueError(self.negative if minus else self.unreadable)

    def pre_validate(self, form: Any) -> None:
        if self.process_errors:
            raise StopValidation()  # said once; no "must be between" as well


class Checked:
    """A box judged by the service's own check (``check`` raises a
    :class:`~scorekeeper.services.ServiceError`): the form refuses what the
    API and an import refuse, with the same words, against the same bound."""

    def __init__(self, check: Callable[[Any], object]) -> None:
        self.check = check

    def __call__(self, form: Any, field: Field) -> None:
        if field.data is None:
            return
        try:
            self.check(field.data)
        except ServiceError as error:
            raise StopValidation(error.message) from None


#: The stake box (a table's or a group's) and the entry fee box (whole
#: dollars), judged as the API and an import judge them.
STAKE = Checked(check_stake)
ENTRY_DOLLARS = Checked(lambda dollars: check_entry(dollars * 100))


def hidden_number(name: str, what: str, lowest: int = 0) -> int | None:
    """A number the page itself put in a hidden field (the night's version, a
    hand's id): None when the form has none; a 400 when it isn't a whole
    number this app could have written (a garbled or tampered form)."""
    raw = request.form.get(name, "").strip()
    if not raw:
        return None
    number = whole_number(raw, lowest, MAX_ROW_ID)
    if number is None:
        abort(400, f"This form's {what} isn't one this app wrote; reload the page and "
              "try again. Nothing was saved.")
    return number


def shown_version(name: str, what: str, field: str) -> int:
    """The version of ``what`` (a ticket, a player, a table) a page's form
    showed, from its hidden ``name``: a form without one is refused
    (:class:`ServiceError` on ``field``), one this app didn't write is a 400."""
    shown = hidden_number(name, f"version of the {what}")
    if shown is None:
        raise ServiceError(f"This form doesn't say which {what} it showed: open the page "
                           "again and try again", field)
    return shown


class TableForm(FlaskForm):
    """Start a table: name, players (handled as a list), preset, options, stake."""

    name = StringField("Table name", default="Friday night", validators=[
        InputRequired("Give the table a name"),
        Length(max=TABLE_NAME, message=f"Keep the table's name to {TABLE_NAME} characters")])
    preset = RadioField("How do you play?", choices=[(p.id, p.name) for p in PRESETS.values()],
                        default="called-ace", validators=[InputRequired()])
    stake_cents = WholeField(
        "Stake per point (cents)", default=25,
        unreadable="The stake is whole cents a point, in the digits 0 to 9 (e.g. 25)",
        negative="The stake can't be negative: 0 plays for points only",
        validators=[InputRequired("Say the stake per point in cents (0 plays for points only)"),
                    STAKE])
    submission = HiddenField()


def option_fields() -> list[tuple[str, list[tuple[str, str]]]]:
    """(key, choices) for each house-rule select; the first choice keeps the preset's."""
    out = []
    for option in OPTIONS:
        choices = [(KEEP, KEEP_LABEL)]
        if option.many:
            choices += [(TICKED, "Only those ticked:")]
            choices += [(text_of(c), option_words(option.key, (str(c),))) for c in option.choices]
        elif option.choices:
            choices += [(text_of(c), option_words(option.key, c)) for c in option.choices]
        out.append((option.key, choices))
    return out


@cache
def preset_words() -> dict[str, dict[str, str]]:
    """Every preset's value of every house rule, as players say it: what
    "As the preset" means under each (the page carries them all, so the
    words follow the preset chosen)."""
    return {preset.id: {key: option_words(key, value)
                        for key, value in preset.rules.to_dict().items()}
            for preset in PRESETS.values()}


def text_of(value: object) -> str:
    """An option's value as the start page's inputs send it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def overrides_from(form: Any) -> tuple[dict[str, object], dict[str, str]]:
    """Parse the ``opt-<key>`` inputs: (overrides, errors by key)."""
    overrides: dict[str, object] = {}
    errors: dict[str, str] = {}
    for option in OPTIONS:
        raw = form.get(f"opt-{option.key}", KEEP)
        ticked = form.getlist(f"opt-{option.key}-item") if option.many else []
        if (raw in (KEEP, None) and not ticked) or (raw == "" and not option.nullable):
            continue
        try:
            if option.many and raw in (TICKED, KEEP, None):
                overrides[option.key] = option.check(ticked)  # a box ticked means "these"
                continue
            overrides[option.key] = option.parse_text(raw)
        except ValueError as error:
            errors[option.key] = str(error)
    return overrides, errors


class HandForm(FlaskForm):
    """Record or edit one hand; choices are filled in from the table's players."""

    kind = RadioField("What happened?", default="picked", validate_choice=False)
    picker = RadioField("Who picked?", validators=[Optional()], validate_choice=False)
    partners = MultiCheckboxField("Partner", validate_choice=False)
    alone = BooleanField("Alone")
    #: The picker Save asked "alone?" about (the form shows the one-tap answer).
    alone_asked: str | None = None
    points = WholeField("Picking side's points", validators=[Optional()])
    count_side = RadioField("Count", choices=[("picking", "Picking side"),
                                              ("defense", "Defense")], default="picking")
    tricks = RadioField("Tricks", choices=[("some", "Some"), ("all", "Every trick"),
                                           ("none", "No trick")], default="some")
    cracks = RadioField("Cracks", default="0", validate_choice=False)
    blitzes = RadioField("Blitzes", choices=[("0", "None"), ("1", "1"), ("2", "2")],
                         default="0")
    declared_doubler = BooleanField("Declared doubler")
    forced = BooleanField("Forced pick (dealer)")
    king_of_diamonds_cut = BooleanField("K♦ at the cut")
    last_round = BooleanField("Last round (doubled)")
    stolen_from = SelectField("Stole the blind from", validate_choice=False)
    no_trick_pickers = MultiCheckboxField("Took no trick themselves", validate_choice=False)
    winner = RadioField("Leaster winner", validators=[Optional()], validate_choice=False)
    second_winner = RadioField("Second winner (a tie)", validators=[Optional()],
                               validate_choice=False)
    offender = RadioField("Who reneged?", validators=[Optional()], validate_choice=False)
    losers = MultiCheckboxField("Who pays? (the most trump points, or caught)",
                                validate_choice=False)
    dealer = SelectField("Dealer", validate_choice=False)
    seated = MultiCheckboxField("Playing this hand", validate_choice=False)
    #: Other payment: one box per player in seat order (adjust-0, adjust-1, ...).
    adjust = FieldList(StringField(), min_entries=0, max_entries=12)
    note = StringField("What for?")
    submission = HiddenField()
    version = HiddenField()
    deal = HiddenField()

    def set_players(self, rules: Rules, players: Sequence[str]) -> None:
        """Fill the name choices and the kinds/cracks this table allows."""
        self.table_players = list(players)
        names = [(p, p) for p in players]
        for field in (self.picker, self.partners, self.no_trick_pickers, self.winner,
                      self.second_winner, self.offender, self.dealer, self.seated,
                      self.losers):
            field.choices = list(names)
        self.stolen_from.choices = [("", "—")] + names
        self.kind.choices = [(str(k), KIND_LABELS[k]) for k in allowed_kinds(rules)]
        self.cracks.choices = [(str(i), crack_label(i)) for i in range(rules.max_cracks + 1)]

    def to_hand(self, rules: Rules) -> Hand:
        """The hand the submitted fields describe.  Only the fields a hand of the
        chosen kind has are read (the others stay hidden on the page); the
        engine judges the rest, including flags this table doesn't play."""
        kind = self.kind.data or Kind.PICKED
        if kind not in set(Kind):
            raise HandError(f"Unknown kind {kind!r}", "kind")
        wanted = kind_fields(rules, Kind(kind))
        values = {name: value for name, value in self._values(wanted).items()
                  if name in wanted}
        return Hand(kind=kind, dealer=self.dealer.data or None,
                    seated=tuple(self.seated.data) if self.seated.data else None, **values)

    def _values(self, wanted: frozenset[str]) -> dict[str, Any]:
        points = self.points.data
        if points is not None and self.count_side.data == "defense":
            points = TOTAL_POINTS - points
        return {
            "picker": self.picker.data or None,
            "partners": tuple(self.partners.data or ()),
            "alone": bool(self.alone.data),
            "points": points,
            "tricks": self.tricks.data or Tricks.SOME,
            "cracks": _whole(self.cracks.data, "cracks") if "cracks" in wanted else 0,
            "blitzes": _whole(self.blitzes.data, "blitzes") if "blitzes" in wanted else 0,
            "declared_doubler": bool(self.declared_doubler.data),
            "forced": bool(self.forced.data),
            "king_of_diamonds_cut": bool(self.king_of_diamonds_cut.data),
            "last_round": bool(self.last_round.data),
            "stolen_from": self.stolen_from.data or None,
            "no_trick_pickers": tuple(self.no_trick_pickers.data or ()),
            "winner": self.winner.data or None,
            "second_winner": self.second_winner.data or None,
            "payouts": self._payouts() if "payouts" in wanted else (),
            "note": " ".join((self.note.data or "").split()) or None,
            "offender": self.offender.data or None,
            "losers": tuple(self.losers.data or ()),
        }

    def _payouts(self) -> tuple[tuple[str, int], ...]:
        """The other payment's boxes: whole points (a leading minus for who pays)."""
        pairs: list[tuple[int, str, int]] = []
        # Read by the box's own number (adjust-<seat>): the list field numbers
        # what it is sent from 0, so a box left out would shift the others.
        for box, raw in request.form.items(multi=False):
            if not box.startswith("adjust-"):
                continue
            text = (raw or "").strip().replace("−", "-").replace("+", "")
            if not text or text in ("0", "-0"):
                continue
            seat = whole_number(box[len("adjust-"):], 0, len(self.table_players) - 1)
            if seat is None:
                raise HandError("A payment was entered in a box for no player at this table",
                                "payouts")
            name = self.table_players[seat]
            digits = text[1:] if text.startswith("-") else text
            if not (digits.isascii() and digits.isdigit()
                    and len(digits) <= len(str(MAX_ADJUSTMENT))):  # the engine says the bound
                raise HandError(f"{name}'s payment must be whole points, e.g. 4 or -2",
                                "payouts")
            pairs.append((seat, name, int(text)))
        return tuple((name, points) for _, name, points in sorted(pairs))

    def fill(self, hand: Hand) -> None:
        """Put a recorded hand back into the form for editing."""
        for key in ("picker", "winner", "second_winner", "offender", "dealer"):
            getattr(self, key).data = getattr(hand, key)
        self.kind.data, self.tricks.data = str(hand.kind), str(hand.tricks)
        for key in ("partners", "no_trick_pickers", "seated", "losers"):
            getattr(self, key).data = list(getattr(hand, key) or ())
        for key in ("alone", "declared_doubler", "forced", "king_of_diamonds_cut", "last_round"):
            getattr(self, key).data = getattr(hand, key)
        self.points.data = hand.points
        self.note.data = hand.note or ""
        paid = dict(hand.payouts)
        while len(self.adjust.entries) < len(self.table_players):
            self.adjust.append_entry()
        for entry, name in zip(self.adjust.entries, self.table_players, strict=False):
            entry.data = str(paid[name]) if paid.get(name) else ""
        self.cracks.data, self.blitzes.data = str(hand.cracks), str(hand.blitzes)
        self.stolen_from.data = hand.stolen_from or ""

    def field_for(self, name: str | None) -> Field | None:
        """The form field an engine error names (``points`` etc.)."""
        if name == "payouts":
            return self.adjust
        return getattr(self, name, None) if name else None


def _whole(value: str | None, name: str) -> int:
    """A count from a radio button, or a refusal in words."""
    text = (value or "0").strip()
    if not (text.isascii() and text.isdigit() and len(text) <= 9):
        raise HandError(f"{name} must be a whole number", name)
    return int(text)


def made_on_form(kind: str, row_id: int, what: str) -> None:
    """The version of the night, group or event (``kind``) the form's page
    showed (its hidden ``version``), held for the write path: a write to it
    since is refused (:func:`scorekeeper.services.made_on.made_on`), so a
    form sent twice, or from an older page, changes nothing.  A form
    without one is a 400."""
    version = hidden_number("version", what)
    if version is None:
        abort(400, "This form doesn't say which version of the page it was made on; reload "
              "the page and try again. Nothing was saved.")
    made_on.made_on(kind, row_id, [version])
