#!/usr/bin/env python3
"""An example client of the JSON API, written from docs/api.md alone with the
standard library: it starts a table of six players at five seats, records a
night of every common kind of hand at the seats the standings say the next
hand is dealt at, edits one (and sends the edit again under its key: the
same answer, marked replayed) and deletes one (first on a version the night
has moved on from: refused with the code "stale"), gives the night a new
share link (the old one stops at once), reads the night back window by
window, checks what the docs promise and prints who pays whom.  Every write
names itself with an X-Request-Id, which the answer echoes.
Anything the docs don't promise exits 1 with a message naming the refusal's
code.  The test suite runs it against a real server.

    python docs/example_client.py http://127.0.0.1:5000 [--hands 30] [--preset imsa]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from email.message import Message
from typing import Any, NamedTuple

#: Six players at a five-seat table: the dealer sits out each hand.
NAME, PLAYERS = "Friday", ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
WINDOW = 10  # hands per window when reading the night back
NETWORK_ERRORS = (urllib.error.URLError, ConnectionError, TimeoutError)


class Disagreement(Exception):
    """The server answered something docs/api.md doesn't promise."""


class Answer(NamedTuple):
    status: int
    headers: Message  # looked up by name in any case: headers.get("ETag")
    body: Any


class Client:
    """One table's conversation with the API: the server, the table's tokens and
    the night's version (its ETag) as this client last saw it."""

    def __init__(self, base: str) -> None:
        self.base = base.rstrip("/")
        self.table, self.edit, self.view, self.etag = "", "", "", "*"

    def send(self, method: str, path: str, body: Any = None, token: str = "",
             headers: dict[str, str] | None = None) -> Answer:
        """One request; a network error or a 503 is retried once with the same
        headers, so the same Idempotency-Key: the server carries a write out once."""
        data = json.dumps(body).encode() if body is not None else None
        sent = {**({"Content-Type": "application/json"} if data is not None else {}),
                **({"Authorization": f"Bearer {token}"} if token else {}), **(headers or {})}
        request = urllib.request.Request(urllib.parse.urljoin(self.base, path), data=data,
                                         method=method, headers=sent)
        try:
            answer = self._open(request)
        except NETWORK_ERRORS:  # the answer may be lost after the write was done
            return self._open(request)  # a second failure is the caller's to report
        if answer.status == 503:  # the database stayed busy: nothing was written
            time.sleep(int(answer.headers.get("Retry-After", "1")))
            return self._open(request)
        return answer

    @staticmethod
    def _open(request: urllib.request.Request) -> Answer:
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, headers, raw = response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:  # a 4xx or 5xx: an answer, not a network error
            status, headers, raw = error.code, error.headers, error.read()
        try:
            return Answer(status, headers, json.loads(raw) if raw else None)
        except ValueError:
            raise Disagreement(f"{request.full_url}: {status} is not JSON: {raw[:80]!r}") from None

    def write(self, method: str, path: str, body: Any, expect: int,
              seen: str | None = None, code: str | None = None,
              key: str | None = None) -> Answer:
        """A write on the night: If-Match names the version last seen (``seen``:
        an older one) so a change made meanwhile by another phone is a 412, not
        overwritten, and a fresh Idempotency-Key (or ``key``) makes the retry
        in ``send`` safe.  Keeps the new ETag; a refusal expected (its
        ``code``) keeps it.  The answer must echo the write's X-Request-Id."""
        asked = f"example-{uuid.uuid4()}"
        headers = {"If-Match": seen or self.etag, "Idempotency-Key": key or str(uuid.uuid4()),
                   "X-Request-Id": asked}
        answer = check(self.send(method, self.table + path, body, self.edit, headers),
                       expect, f"{method} {path}", code)
        if answer.headers.get("X-Request-Id") != asked:
            raise Disagreement(f"{method} {path}: X-Request-Id {asked} came back as "
                               f"{answer.headers.get('X-Request-Id')!r}")
        if expect >= 400:
            return answer
        etag = answer.headers.get("ETag", "")
        if not etag or etag == self.etag:
            raise Disagreement(f"{method} {path}: the night's ETag went {self.etag} -> {etag!r}")
        self.etag = etag
        return answer

    def read(self, path: str) -> Answer:
        """A read with the view token (the share link's: reading is all it may do)."""
        full = path if path.startswith("/api/") else self.table + path  # a Link's is whole
        return check(self.send("GET", full, token=self.view), 200, f"GET {full}")


def check(answer: Answer, expect: int, what: str, code: str | None = None) -> Answer:
    """The answer, if it is the one expected: its status, and for a refusal
    the ``code`` the docs give the situation (every refusal has one, beside
    the words meant for the player)."""
    said = answer.body if isinstance(answer.body, dict) else {}
    if answer.status != expect:
        refused = f" {said.get('code')}: {said.get('error')}" if "code" in said else ""
        raise Disagreement(f"{what}: expected {expect}, got {answer.status}{refused} "
                           f"{'' if refused else answer.body}".rstrip())
    if answer.status >= 400 and (said.get("code") != code or not said.get("error")):
        raise Disagreement(f"{what}: a {answer.status} without the code {code}: {answer.body}")
    return answer


def start_table(client: Client, preset: str) -> dict[str, Any]:
    """POST /tables; a retry with the same key (16+ characters) is the same table."""
    body = {"name": NAME, "players": PLAYERS, "preset": preset, "stake_cents": 25}
    answer = check(client.send("POST", "/api/v1/tables", body, headers={
        "Idempotency-Key": str(uuid.uuid4())}), 201, "POST /api/v1/tables")
    table: dict[str, Any] = answer.body
    client.table, client.edit, client.view = (f"/api/v1/tables/{table['id']}",
                                              table["edit_token"], table["view_token"])
    client.etag = answer.headers.get("ETag", "")
    if not client.etag or answer.headers.get("Location") != client.table:
        raise Disagreement(f"POST /api/v1/tables: ETag or Location missing: {answer.headers!r}")
    return table


def hand_for(n: int, seated: list[str], nobody_picks: str | None) -> dict[str, Any]:
    """Hand ``n`` of the night among the ``seated`` players: mostly a picker
    with a partner, and in every ten one who went alone, one nobody picked
    (as the table's rules play it) and a misdeal."""
    picker, points = seated[n % 5], 31 + (n * 37) % 80
    kind = n % 10
    if kind == 2:
        return {"picker": picker, "partners": [], "alone": True, "points": points}
    if kind == 5:  # a leaster where the table plays leasters, else a no-pick
        return {"kind": "leaster", "winner": seated[(n + 1) % 5]} \
            if nobody_picks == "leaster" else {"kind": "no-pick"}
    if kind == 7:
        return {"kind": "misdeal"}
    return {"picker": picker, "partners": [seated[(n + 2) % 5]], "points": points}


def next_seats(client: Client, n: int) -> dict[str, Any]:
    """The next hand's table as the standings say the server will deal it:
    five seated, the sixth (the dealer) sitting out."""
    seats: dict[str, Any] = client.read("/standings").body["next_hand"]
    if seats["number"] != n or len(seats["seated"]) != 5 or \
            seats["sitting_out"] != [seats["dealer"]] or seats["short"]:
        raise Disagreement(f"hand {n}'s seats: {seats}")
    return seats


def record_night(client: Client, hands: int, nobody_picks: str | None) -> None:
    """POST each hand after the last, at the seats the standings gave; the
    answer says where it went and who dealt and played."""
    for n in range(1, hands + 1):
        seats = next_seats(client, n)
        answer = client.write("POST", "/hands", hand_for(n, seats["seated"], nobody_picks), 201)
        where = (answer.body["number"], answer.headers.get("Location"))
        if where != (n, f"{client.table}/hands/{n}"):
            raise Disagreement(f"hand {n} was recorded as {where}")
        if (answer.body["dealer"], answer.body["seated"]) != (seats["dealer"], seats["seated"]):
            raise Disagreement(f"hand {n} was dealt {answer.body['dealer']} "
                               f"{answer.body['seated']}, not as the standings said: {seats}")


def edit_hand(client: Client, number: int) -> int:
    """GET a hand, change its points and PUT it back as read (the docs say the
    result's read-only fields are left out of a PUT); then send the same PUT
    again under the same key, as a client whose answer was lost would: the
    first answer again, marked ``Idempotent-Replayed: true``, and the night
    as it was.  Returns the new points."""
    hand = client.read(f"/hands/{number}").body
    if hand.get("points") is None:
        raise Disagreement(f"hand {number} has no points to edit: {hand}")
    hand["points"] = 90 if hand["points"] < 61 else 40
    seen, key = client.etag, str(uuid.uuid4())
    first = client.write("PUT", f"/hands/{number}", hand, 200, key=key)
    answer = first.body
    if (answer["id"], answer["number"], answer["points"]) != \
            (hand["id"], number, hand["points"]):
        raise Disagreement(f"PUT /hands/{number} answered {answer}")
    again = check(client.send("PUT", f"{client.table}/hands/{number}", hand, client.edit,
                              {"If-Match": seen, "Idempotency-Key": key}),
                  200, f"PUT /hands/{number} again")
    if again.headers.get("Idempotent-Replayed") != "true" or again.body != answer \
            or again.headers.get("ETag") != client.etag:
        raise Disagreement(f"PUT /hands/{number} sent again under its key answered "
                           f"{again.headers.get('Idempotent-Replayed')!r} {again.body}")
    return int(hand["points"])


def new_share_link(client: Client) -> None:
    """POST /rotate for a new view token: the old one is a 401 at once, the
    new one reads."""
    old = client.view
    answer = check(client.send("POST", f"{client.table}/rotate", {"token": "view"},
                               client.edit, {"Idempotency-Key": str(uuid.uuid4())}),
                   200, "POST /rotate")
    if answer.body.get("token") != "view" or not answer.body.get("value") \
            or answer.body["value"] == old:
        raise Disagreement(f"POST /rotate answered {answer.body}")
    check(client.send("GET", f"{client.table}/standings", token=old), 401,
          "GET /standings with the old share link", "bad_token")
    client.view = answer.body["value"]


def prev_link(answer: Answer) -> str | None:
    """The rel="prev" address in a Link header, if there is one."""
    found = re.search(r'<([^>]*)>;\s*rel="prev"', answer.headers.get("Link", ""))
    return found[1] if found else None


def read_back(client: Client) -> tuple[list[dict[str, Any]], int]:
    """Every hand, walking rel="prev" back from the latest window; and the
    number of windows read.  Checks every hand came exactly once."""
    answer = client.read(f"/hands?limit={WINDOW}")
    total, windows = int(answer.headers["X-Total-Count"]), [answer.body]
    while (link := prev_link(answer)) and len(windows) <= total:
        answer = client.read(link)
        windows.append(answer.body)
    hands = [hand for window in reversed(windows) for hand in window]
    if [h["number"] for h in hands] != list(range(1, total + 1)) or \
            len({h["id"] for h in hands}) != total:
        raise Disagreement(f"walking prev gave hands {[h['number'] for h in hands]}, "
                           f"not 1-{total} once each")
    for hand in hands:
        if sum(hand["payouts"].values()) != 0 or set(hand["payouts"]) != set(PLAYERS):
            raise Disagreement(f"hand {hand['number']}'s payouts: {hand['payouts']}")
    return hands, len(windows)


def settle(client: Client, hands: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Standings and the settle-up rounded to quarters, checked against each other."""
    standings = client.read("/standings").body
    balances = standings["balances_cents"]
    if standings["hands"] != hands or sum(balances.values()) != 0:
        raise Disagreement(f"standings after {hands} hands: {standings}")
    transfers = client.read("/settlement?round=quarters").body["transfers"]
    net = dict.fromkeys(PLAYERS, 0)
    for transfer in transfers:
        net[transfer["from"]] -= transfer["cents"]
        net[transfer["to"]] += transfer["cents"]
        if transfer["cents"] <= 0 or transfer["cents"] % 25:
            raise Disagreement(f"a payment not in whole quarters: {transfer}")
    if any(abs(net[name] - balances[name]) > 25 for name in PLAYERS):
        raise Disagreement(f"settle-up {net} is not within a quarter of {balances}")
    return standings, transfers


def dollars(cents: int) -> str:
    return f"{'-' if cents < 0 else ''}${abs(cents) // 100}.{abs(cents) % 100:02d}"


def delete_hand(client: Client, number: int, seen: str) -> None:
    """DELETE a hand, first on a version the night has moved on from (``seen``):
    refused as "stale" with what changed, and nothing deleted; then on the
    version now."""
    refused = client.write("DELETE", f"/hands/{number}", None, 412, seen, "stale").body
    if not refused["error"].startswith("Meanwhile, ") or refused.get("field") != "version":
        raise Disagreement(f"a stale DELETE was refused as {refused}")
    client.write("DELETE", f"/hands/{number}", None, 204)


def run(base: str, hands: int, preset: str) -> None:
    client = Client(base)
    table = start_table(client, preset)
    record_night(client, hands, table["rules"]["nobody_picks"])
    seen = client.etag
    points = edit_hand(client, 4)
    delete_hand(client, hands // 2, seen)
    new_share_link(client)
    night, windows = read_back(client)
    if len(night) != hands - 1 or night[3]["points"] != points:
        raise Disagreement(f"read back {len(night)} hands, hand 4 at {night[3]['points']}")
    standings, transfers = settle(client, len(night))
    print(f"{NAME} (table {table['id']}, {preset}): {len(night)} hands "
          f"(one edited, one deleted), read back in {windows} windows of up to {WINDOW}.")
    for name, cents in standings["balances_cents"].items():
        print(f"  {name:<4} {standings['balances'][name]:+4d} points  {dollars(cents):>8}")
    print("Settle up, rounded to quarters:")
    for transfer in transfers:
        print(f"  {transfer['from']} pays {transfer['to']} {dollars(transfer['cents'])}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", help="the server, e.g. http://127.0.0.1:5000")
    parser.add_argument("--hands", type=int, default=30, help="hands to record (10 or more)")
    parser.add_argument("--preset", default="called-ace", help="a five-seat preset's id")
    args = parser.parse_args()
    if args.hands < 10:
        parser.error("--hands: at least 10, so the night has every kind of hand")
    try:
        run(args.base, args.hands, args.preset)
    except (Disagreement, OSError, KeyError, ValueError) as error:
        print(f"example_client: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
