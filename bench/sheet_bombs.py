"""Benchmark: spreadsheets made to be expensive, uploaded while phones watch a night.

Starts the server as ``scripts/run.sh`` does (``python -m scorekeeper.serve``:
granian on a SQLite file) with a night of 60 hands and a group to bring a
history into, then:

1. **Each upload alone**: every workbook of :data:`UPLOADS` is sent to the
   group's import API (``POST /api/v1/groups/<id>/import``, the file in base64
   as ``xlsx``, a CSV's text as ``sheet``), one at a time with nothing else
   going on: its answer (the status and the refusal's words), how long the
   answer took, and the server's CPU for it (``/proc/<pid>/stat`` of the
   server and its worker).
2. **Phones**: ``--phones`` phones poll the night's live fragment once a
   second with their ETag, as the share page does, for ``--seconds``: the
   polls' p50/p95/max with no upload, then while ``--uploaders`` uploaders
   each send ``--bomb`` again and again as soon as it is answered; the
   uploads answered and how fast, and the server's CPU.  A poll or an upload
   still unanswered when the time is up is counted so, its wait so far in
   the max.

The bombs are built here, part by part with :mod:`zipfile`.  The clients run
on the same machine as the server and take CPU too.

    .venv/bin/python -m bench.sheet_bombs
    .venv/bin/python -m bench.sheet_bombs --phones 100 --seconds 30 --bomb row
    .venv/bin/python -m bench.sheet_bombs --only strings,row --seconds 10
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import io
import json
import os
import platform
import random
import statistics
import subprocess
import tempfile
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bench.client import FAILED, Connection, cpu_seconds, free_port, percentile, start_server
from bench.night import PLAYERS, add_night, bench_app
from scorekeeper.limits import MAX_SHEET_CELLS, MAX_XLSX_MARKUP
from scorekeeper.services.groups.group import create_group

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
KIND = "application/vnd.openxmlformats-officedocument.spreadsheetml."


def xlsx(rows: bytes, strings: bytes | None = None, sheets: int = 1,
         prolog: bytes = b'<?xml version="1.0" encoding="UTF-8"?>') -> bytes:
    """A workbook of one sheet of these rows (what goes in ``sheetData``),
    listed ``sheets`` times, with these shared strings' ``<si>``s."""
    kinds = [f'<Override PartName="/xl/workbook.xml" ContentType="{KIND}sheet.main+xml"/>',
             f'<Override PartName="/xl/worksheets/sheet1.xml" '
             f'ContentType="{KIND}worksheet+xml"/>']
    related = [f'<Relationship Id="rId1" Type="{REL}/worksheet" '
               'Target="worksheets/sheet1.xml"/>']
    if strings is not None:
        kinds.append(f'<Override PartName="/xl/sharedStrings.xml" '
                     f'ContentType="{KIND}sharedStrings+xml"/>')
        related.append(f'<Relationship Id="rId2" Type="{REL}/sharedStrings" '
                       'Target="sharedStrings.xml"/>')
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("[Content_Types].xml", (
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="xml" ContentType="application/xml"/>' + "".join(kinds)
            + "</Types>"))
        archive.writestr("_rels/.rels", (
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
            f'relationships"><Relationship Id="rId1" Type="{REL}/officeDocument" '
            'Target="xl/workbook.xml"/></Relationships>'))
        archive.writestr("xl/workbook.xml", (
            f'<workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets>' + "".join(
                f'<sheet name="Sheet{n}" sheetId="{n}" r:id="rId1"/>'
                for n in range(1, sheets + 1)) + "</sheets></workbook>"))
        archive.writestr("xl/_rels/workbook.xml.rels", (
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
            'relationships">' + "".join(related) + "</Relationships>"))
        archive.writestr("xl/worksheets/sheet1.xml", prolog + (
            f'<worksheet xmlns="{MAIN}"><sheetData>').encode() + rows
            + b"</sheetData></worksheet>")
        if strings is not None:
            archive.writestr("xl/sharedStrings.xml", prolog + f'<sst xmlns="{MAIN}">'.encode()
                             + strings + b"</sst>")
    return out.getvalue()


ONE = b'<row r="1"><c r="A1" t="s"><v>0</v></c></row>'
NUMBER = b"<c><v>1</v></c>"


def laughs() -> bytes:
    """A billion "a"s from nine entities of ten each."""
    entities = b"".join(b'<!ENTITY %s "%s">' % (bytes([98 + n]), b"&%s;" % bytes([97 + n]) * 10)
                        for n in range(8))
    return xlsx(b'<row r="1"><c r="A1" t="inlineStr"><is><t>&i;</t></is></c></row>',
                prolog=b'<?xml version="1.0"?><!DOCTYPE lol [<!ENTITY a "aaaaaaaaaa">'
                + entities + b"]>")


def history(rows: int = 10_000) -> bytes:
    """Ten seasons hand by hand as Excel saves them (a shared string a
    name): the date (as text) on each night's first hand, the hand, picker,
    partner and card points."""
    names = b"".join(b"<si><t>%s</t></si>" % n.encode() for n in PLAYERS)
    header = b'<row r="1">' + b"".join(
        b'<c r="%s1" t="inlineStr"><is><t>%s</t></is></c>' % (column, title)
        for column, title in zip((b"A", b"B", b"C", b"D", b"E"),
                                 (b"Date", b"Hand", b"Picker", b"Partner", b"Points"),
                                 strict=True)) + b"</row>"
    body = b"".join(
        b'<row r="%d" spans="1:5"><c r="A%d" t="str"><v>%s</v></c><c r="B%d"><v>%d</v></c>'
        b'<c r="C%d" t="s"><v>%d</v></c><c r="D%d" t="s"><v>%d</v></c><c r="E%d"><v>%d</v>'
        b"</c></row>" % (n, n, b"%d/%d/20%02d" % (1 + n // 20 % 12, 1 + n // 240 % 28,
                                                   10 + n // 6720) if n % 20 == 2 else b"",
                         n, (n - 2) % 20 + 1, n, n % 6, n, (n + 2) % 6, n, 37 * n % 121)
        for n in range(2, rows + 2))
    return xlsx(header + body, names)


def costliest(last: bytes = b"") -> bytes:
    """The most filled cells a file may hold (rows of 60 numbers), then
    empty cells up to the markup a workbook may hold, and ``last``."""
    rows = MAX_SHEET_CELLS // 60
    empty = MAX_XLSX_MARKUP - 1000 - rows * (4 * 60 + 2)
    return xlsx((b"<row>" + NUMBER * 60 + b"</row>") * rows + b"<row>" + b"<c/>" * empty
                + last + b"</row>")


def csv(rows: int) -> bytes:
    """A CSV of ``rows`` rows of 60 columns of "1" (16,500 of them: the most
    cells a CSV under the size limit holds)."""
    return (",".join(["1"] * 60) + "\n").encode() * rows


#: name → (what it is, how to build it); the issue's two first.
UPLOADS: dict[str, tuple[str, Callable[[], bytes]]] = {
    "strings": ("the issue's: 2.7 million shared strings",
                lambda: xlsx(ONE, b"<si><t>a</t></si>" * 2_700_000)),
    "row": ("the issue's: a row of 1.3 million cells",
            lambda: xlsx(b'<row r="1">' + b'<c t="n"><v>1</v></c>' * 1_300_000 + b"</row>")),
    "strings-500k": ("500,000 shared strings (8.5 MB unpacked)",
                     lambda: xlsx(ONE, b"<si><t>a</t></si>" * 500_000)),
    "row-70k": ("a row of 70,000 cells", lambda: xlsx(b"<row>" + NUMBER * 70_000 + b"</row>")),
    "rows": ("100,000 rows", lambda: xlsx(b"".join(
        b'<row r="%d"><c r="A%d"><v>1</v></c></row>' % (n, n) for n in range(1, 100_001)))),
    "sheets": ("5,000 sheets", lambda: xlsx(ONE, b"<si><t>a</t></si>", sheets=5000)),
    "entities": ("entities that expand a billion times", laughs),
    "comment": ("a comment of 9 MB", lambda: xlsx(
        b'<row r="1"><c><v>1</v></c></row><!--' + b"a" * 9_000_000 + b"-->")),
    "costliest": ("as many filled cells and as much markup as admitted", costliest),
    "costliest-refused": ("the same, and a filled cell in column XFD at its end",
                          lambda: costliest(b'<c r="XFD1"><v>1</v></c>')),
    "history": ("a real history: 10,000 hands as Excel saves them", history),
    "csv": ("the largest CSV: 16,500 rows × 60 columns of 1 (2 MB)", lambda: csv(16_500)),
    "csv-admitted": ("as many filled cells as a CSV may hold (1,000 rows × 60)",
                     lambda: csv(1000)),
}


def body(raw: bytes) -> bytes:
    """The import API's body for a file (a CSV as text, else base64)."""
    if raw.startswith(b"PK"):
        return json.dumps({"xlsx": base64.b64encode(raw).decode(),
                           "filename": "bomb.xlsx"}).encode()
    return json.dumps({"sheet": raw.decode(), "filename": "big.csv"}).encode()


@dataclass
class Group:
    id: int
    headers: dict[str, str]

    @property
    def path(self) -> str:
        return f"/api/v1/groups/{self.id}/import"


@dataclass
class Tally:
    polls: list[float] = field(default_factory=list)
    uploads: list[float] = field(default_factory=list)
    errors: int = 0
    stop: bool = False
    #: requests sent and not yet answered → when each was sent
    polling: dict[int, float] = field(default_factory=dict)
    uploading: dict[int, float] = field(default_factory=dict)


def words(status: int, data: bytes) -> str:
    try:
        answer = json.loads(data)
    except ValueError:
        return f"{status}"
    if status == 200:
        return f"200 read: {len(answer.get('nights', []))} nights, {answer.get('problems')}"
    error = answer.get("error", answer)
    return f"{status} {error.get('message', error) if isinstance(error, dict) else error}"


async def upload_alone(port: int, group: Group, raw: bytes,
                       timeout: float) -> tuple[float | None, str]:
    connection = Connection(port)
    started = time.monotonic()
    try:
        status, _, data = await asyncio.wait_for(connection.request(
            "POST", group.path, {**group.headers, "Content-Type": "application/json"},
            body(raw)), timeout)
    except TimeoutError:
        return None, f"no answer within {timeout:g} s"
    finally:
        connection.close()
    return time.monotonic() - started, words(status, data)


async def phone(port: int, token: str, number: int, tally: Tally) -> None:
    connection = Connection(port)
    etag = ""
    await asyncio.sleep(random.random())
    next_poll = time.monotonic()
    while not tally.stop:
        started = time.monotonic()
        tally.polling[number] = started
        try:
            status, headers, _ = await connection.request(
                "GET", f"/s/{token}/live", {"If-None-Match": etag} if etag else None)
        except FAILED:
            del tally.polling[number]
            tally.errors += 1
            connection.close()
            await asyncio.sleep(1)
            continue
        del tally.polling[number]
        tally.polls.append(time.monotonic() - started)
        if status not in (200, 304):
            tally.errors += 1
        etag = headers.get("etag", etag)
        next_poll = max(next_poll + 1.0, time.monotonic())
        await asyncio.sleep(max(0.0, next_poll - time.monotonic()))
    connection.close()


async def uploader(port: int, group: Group, data: bytes, number: int, tally: Tally) -> None:
    connection = Connection(port)
    while not tally.stop:
        started = time.monotonic()
        tally.uploading[number] = started
        try:
            await connection.request("POST", group.path,
                                     {**group.headers, "Content-Type": "application/json"}, data)
        except FAILED:
            tally.errors += 1
            connection.close()
        del tally.uploading[number]
        tally.uploads.append(time.monotonic() - started)
    connection.close()


async def watched(port: int, token: str, phones: int, seconds: float, group: Group | None,
                  bomb: bytes, uploaders: int) -> tuple[Tally, float]:
    """Phones polling for ``seconds`` (after a second for their first polls),
    with ``uploaders`` sending the bomb meanwhile if a group is given."""
    tally = Tally()
    tasks = [asyncio.ensure_future(phone(port, token, n, tally)) for n in range(phones)]
    await asyncio.sleep(1.5)
    tally.polls.clear()
    if group is not None:
        data = body(bomb)
        tasks += [asyncio.ensure_future(uploader(port, group, data, n, tally))
                  for n in range(uploaders)]
    await asyncio.sleep(seconds)
    tally.stop = True
    ended = time.monotonic()
    await asyncio.wait(tasks, timeout=2)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return tally, ended


def show_polls(label: str, tally: Tally, ended: float, cpu: float, seconds: float) -> None:
    late = [ended - started for started in tally.polling.values()]
    ms = [p * 1000 for p in tally.polls + late]
    print(f"{label:<34} {len(tally.polls):>6} {statistics.median(ms) if ms else 0:>8.1f}ms "
          f"{percentile(ms, 95):>8.1f}ms {max(ms, default=0):>8.0f}ms {len(late):>10} "
          f"{tally.errors:>6} {cpu / seconds:>6.0%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default=",".join(UPLOADS),
                        help="the uploads of step 1, by name: " + ", ".join(UPLOADS))
    parser.add_argument("--phones", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=15, help="each polling scenario")
    parser.add_argument("--bomb", default="strings", help="what the uploaders send in step 2")
    parser.add_argument("--uploaders", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=120, help="for an upload in step 1")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-bombs-"))
    database = f"sqlite:///{folder / 'bombs.db'}"
    app = bench_app(SQLALCHEMY_DATABASE_URI=database)
    night = add_night(app, 60, "Watched")
    with app.app_context():
        made, token = create_group("Bombed", PLAYERS)
        group = Group(made.id, {"Authorization": f"Bearer {token}"})
    print(f"granian as scripts/run.sh starts it, SQLite; {platform.machine()}, "
          f"{os.cpu_count()} cores, Python {platform.python_version()}")
    port = free_port()
    server = start_server(database, port)
    try:
        # the first .xlsx a server reads imports openpyxl (some 0.3 s): not counted
        asyncio.run(upload_alone(port, group, xlsx(ONE, b"<si><t>Date</t></si>"), args.timeout))
        print("\n1. Each upload alone (the import API, nothing else going on)")
        print(f"{'upload':<70} {'KB':>6} {'answer':>8} {'CPU':>7}  answered")
        for name in args.only.split(","):
            what, build = UPLOADS[name]
            raw = build()
            cpu = cpu_seconds(server.pid)
            took, said = asyncio.run(upload_alone(port, group, raw, args.timeout))
            cpu = cpu_seconds(server.pid) - cpu
            answer = f"{took:>7.2f}s" if took is not None else f"{'>' + str(args.timeout):>8}"
            print(f"{name + ': ' + what:<70} {len(raw) // 1000:>6} {answer} {cpu:>6.2f}s  "
                  f"{said[:120]}", flush=True)
            if took is None:
                return
        bomb = UPLOADS[args.bomb][1]()
        print(f"\n2. {args.phones} phones polling once a second, {args.seconds:g} s each")
        print(f"{'':<34} {'polls':>6} {'p50':>10} {'p95':>10} {'max':>10} "
              f"{'unanswered':>10} {'errors':>6} {'CPU':>6}")
        for label, uploading in (("no upload", None),
                                 (f"{args.uploaders} uploading '{args.bomb}'", group)):
            cpu = cpu_seconds(server.pid)
            began = time.monotonic()
            tally, ended = asyncio.run(watched(port, night["view_token"], args.phones,
                                               args.seconds, uploading, bomb, args.uploaders))
            cpu = cpu_seconds(server.pid) - cpu
            show_polls(label, tally, ended, cpu, ended - began)
        late = [ended - started for started in tally.uploading.values()]
        answered = sorted(tally.uploads)
        print(f"uploads answered: {len(answered)}"
              + (f", in {answered[0]:.2f}–{answered[-1]:.2f} s (median "
                 f"{statistics.median(answered):.2f} s)" if answered else "")
              + (f"; {len(late)} unanswered after {min(late):.0f}–{max(late):.0f} s"
                 if late else ""))
    finally:
        server.terminate()
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:  # a worker still on a bomb: SIGTERM waits for it
            server.kill()
            server.wait(10)


if __name__ == "__main__":
    main()
