"""Every bound on what the app accepts, in one place: the forms, the JSON
API, imports and the engine's options all check against these, so a number
is refused with a clear message before it reaches the database (whose
integers stop at 2^63, or 2^31 on PostgreSQL) or Python's own limits (an
integer of more than 4,300 digits, JSON nested thousands deep).

Standard library only: the rules engine imports it too.
"""

from __future__ import annotations

from datetime import UTC, datetime

#: A table: its name, its players and their names, its stake.
TABLE_NAME = 80
PLAYER_NAME = 40
MAX_PLAYERS = 12
MAX_STAKE_CENTS = 100_000
#: A device's name, as the scorekeeper types it for an edit grant.
MAX_GRANT_LABEL = 40
#: A group: its name, its members, the nights one settle-up or file may hold.
GROUP_NAME = 80
MAX_MEMBERS = 200
MAX_NIGHTS = 1_000
#: The nights a group's own file may bring back at once: every night a
#: group holds (a league's seventeen years; its bytes are bounded by
#: MAX_IMPORT_BYTES).
MAX_GROUP_FILE_NIGHTS = 20_000
#: The regulars typed one a line when a group starts (characters).
MAX_GROUP_LIST = 2_000
#: An event: its name, players (names as a table's), a player's private
#: contact, tables a session, sessions, rounds of the deal a session (or
#: hands a table plays a session: ten rounds at a table of eight), the
#: players pasted at once (characters), a penalty's points and reason, the
#: penalties it keeps, the entry fee, a draw's seed.
EVENT_NAME = 80
MAX_EVENT_PLAYERS = 1_000
EVENT_CONTACT = 120
MAX_EVENT_TABLES = 250
MAX_SESSIONS = 10
MAX_ROUNDS = 10
MAX_SESSION_HANDS = 80
MAX_EVENT_LIST = 60_000
MAX_EVENT_PENALTY = 1_000
PENALTY_REASON = 200
MAX_EVENT_PENALTIES = 10_000
#: Signatures one tournament table keeps (each tap a row: a player changing
#: his mind, or the table asked again after a correction).
MAX_SIGNATURES = 200
MAX_ENTRY_CENTS = 100_000
MAX_SEED = 2**31 - 1
#: A paper ticket: one player's points for a session, either way.  A
#: player's standing adds a ticket a session and the penalties: at most
#: MAX_SESSIONS × MAX_TICKET_POINTS + MAX_EVENT_PENALTIES × MAX_EVENT_PENALTY
#: (20 million) either way, well inside a database integer (2^31) and what
#: a browser's numbers keep exactly (2^53), and every page prints it.
MAX_TICKET_POINTS = 1_000_000
#: A player's name as asked for in a URL, before it is looked up.
MAX_NAME_ASKED = 200
#: Options: points in a unit, and the cap on tier × multiplier.
MAX_BASE = 1_000
MAX_MULTIPLIER_CAP = 1_000_000
#: A fixed penalty (renege, no-trick pick, the board), per other player.
MAX_PENALTY = 1_000
#: An adjustment (other payment): points per player, and its note.
MAX_ADJUSTMENT = 100_000
NOTE = 200
#: A hand said in words (the record form's box, the API's ``words``).
SAID = 300

#: A payment handle, as each service allows it (characters, shortest, longest).
VENMO_HANDLE = (5, 30)
PAYPAL_HANDLE = (1, 20)
CASHTAG = (1, 20)
#: The longest of them (the column that keeps one), and how much of a pasted
#: link to a profile is read before it is refused.
PAY_HANDLE = 30
MAX_HANDLE_ASKED = 200

#: A night: hands (recorded, imported or exported), early payments, history.
MAX_HANDS = 10_000
MAX_PAYMENTS = 500
MAX_PAYMENT_CENTS = 100_000_000  # $1,000,000
MAX_AUDIT = 100_000
#: A line of history: its summary, and the phone that made the change.
AUDIT_SUMMARY = 300
AUDIT_BY = 80
#: How much of a refused value a message repeats back.
QUOTED = 40
#: The API's window of hands: the latest this many, and at most this many a request.
API_HANDS = 100
API_MAX_HANDS = 500
#: An import file: room for the export of the largest night these limits
#: allow (10,000 other payments between 12 players with 40-letter names, each
#: with a 200-letter note and its line of history, and 500 early payments:
#: about 37 MB, measured by tests/web/test_export_size.py).  Any request body
#: may be an upload of one, with its form around it: MAX_REQUEST_BYTES, which
#: the app (MAX_CONTENT_LENGTH, from the Content-Length before any of it is
#: read) and deploy/'s nginx refuse above.
MAX_IMPORT_BYTES = 40_000_000
MAX_REQUEST_BYTES = 41 * 1024 * 1024
#: A photo of a score ticket (scorekeeper.tickets): its bytes, its pixels
#: (read from its header before any is decoded: a decompression bomb is
#: refused at once), the formats a phone's camera writes, the photos one
#: request may bring (all within MAX_REQUEST_BYTES: a phone's page shrinks
#: each to PHOTO_SEND_SIDE before sending), and the side of the copy kept
#: with the ticket (its metadata, a phone's location too, left out).
MAX_PHOTO_BYTES = 15_000_000
MAX_PHOTO_PIXELS = 50_000_000
PHOTO_FORMATS = ("JPEG", "PNG", "WEBP")
MAX_PHOTOS_AT_ONCE = 40
PHOTO_SEND_SIDE = 2400
KEPT_PHOTO_SIDE = 1600
#: Imports anyone may send (a table's, a group's or an event's file, no token
#: asked): at most this many a minute from one address, costing at most this
#: many seconds of server CPU between them (each server process counts its
#: own), then 429 with Retry-After.  A night of 10,000 hands costs about
#: 1.2 s to import (docs/speed.md), so it comes in; a stranger sending such
#: files in a loop gets three a minute.  A sheet brought in is never counted.
IMPORTS_PER_MINUTE = 10
IMPORT_CPU_PER_MINUTE = 4.0
#: Imports one server process takes at once, waiting or being worked on by
#: its import process (scorekeeper.services.background.elsewhere); one more is answered
#: 503 with Retry-After, so strangers from many addresses can't hold every
#: thread that answers the phones.  And the seconds one may take there
#: before it is stopped (a file within the limits above takes about one).
IMPORTS_AT_ONCE = 2
IMPORT_SECONDS = 30.0
#: Work big enough to be a job (scorekeeper.services.background.jobs), answered at once
#: and followed by its progress: a sheet of more rows than this brought in,
#: an import of more nights than this taken back; and work big enough to be
#: done in the import process: a sheet that big previewed, a group of more
#: nights than this exported.  And how often a job's progress is written
#: (seconds), and how often its page asks (milliseconds).
JOB_ROWS = 500
JOB_NIGHTS = 200
#: The seconds a job's work may take in the import process before it is
#: stopped: a sheet of the most nights a group may bring in (20,000),
#: written in turns, takes about a minute.
JOB_SECONDS = 300.0
PROGRESS_SECONDS = 0.25
JOB_POLL_MS = 1_000
#: A group's history brought in from a spreadsheet (CSV, TSV or .xlsx): the
#: file, the rows and columns of a sheet, one cell's characters, what an
#: .xlsx may unpack to and the sheets it may have; the JSON body that sends
#: one to the API (an .xlsx as base64 is a third larger); the nights one
#: sheet may bring in (every night a workbook within the cells' bound can
#: hold); and the hands tried for each hand of a sheet that gives a column
#: per player, finding the hand the rules pay that way.
MAX_SHEET_BYTES = 2_000_000
MAX_SHEET_ROWS = 20_000
MAX_SHEET_COLUMNS = 60
MAX_SHEET_CELL = 200
#: A file's filled cells (all its sheets): 10,000 hands of 6 columns, previewed in about 0.5 s.
MAX_SHEET_CELLS = 60_000
#: (What an .xlsx's parts unpack to is parsed: 10 MB in about 0.1 s of CPU.)
MAX_XLSX_UNPACKED = 10_000_000
#: An .xlsx's markup, counted before it is parsed: a tag each, an attribute half of one,
#: about 1 µs of CPU each (bench/sheet_bombs.py); 10,000 hands as Excel saves them: 275,000.
MAX_XLSX_MARKUP = 300_000
#: The longest run of an .xlsx part without a tag (bytes): a text, comment or tag longer
#: is refused, never parsed (expat scans one again with each megabyte it is fed).
MAX_XLSX_RUN = 65_536
MAX_SHEET_TABS = 50
MAX_SHEET_BODY = 3_000_000
MAX_SHEET_NIGHTS = 20_000
MAX_HAND_TRIALS = 400
#: A sheet uploaded to a group's import page is kept on the server between
#: the page's steps: the group's last few uploads, for at most this long.
STAGED_SHEETS = 3
STAGED_HOURS = 24
#: An API client's Idempotency-Key: at most this long, and at least this long
#: for a request anyone may send (its retry hands out a token: the key must be
#: one nobody could guess, a UUID say).
MAX_KEY = 100
UNGUESSABLE_KEY = 16
#: Ids in URLs and bodies: the database's largest integer.
MAX_ROW_ID = 2**63 - 1
#: Digits a number in a URL or form may have before it is even parsed.
MAX_DIGITS = 18
#: JSON nesting: a hand is two levels deep, an export five.
MAX_JSON_DEPTH = 20
#: Dates in imports: the app's own lifetime, with room either side.
EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
LATEST = datetime(2100, 1, 1, tzinfo=UTC)
#: Request headers that end up in a page or a link.
MAX_HOST = 255


def whole_number(text: str, lowest: int = 1, highest: int = MAX_ROW_ID) -> int | None:
    """``text`` as a whole number from ``lowest`` to ``highest``, or None:
    ASCII digits only (and a leading minus where ``lowest`` is negative), at
    most :data:`MAX_DIGITS` of them (so Python never parses a number of
    thousands of digits, and ``int``'s leniency, "7_0" or Arabic-Indic
    digits, never reaches the app)."""
    digits = text[1:] if lowest < 0 and text.startswith("-") else text
    if not digits or len(digits) > MAX_DIGITS or not digits.isascii() or not digits.isdigit():
        return None
    number = int(text)
    return number if lowest <= number <= highest else None


def within_lifetime(moment: datetime) -> bool:
    """True for a timezone-aware time between :data:`EARLIEST` and :data:`LATEST`."""
    return moment.tzinfo is not None and EARLIEST <= moment <= LATEST
