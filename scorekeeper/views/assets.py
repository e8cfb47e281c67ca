"""The app's own files (static/) as phones get them: under names that carry
their content's hash, kept for a year, and sent gzipped or brotli'd.

Every address the app builds for one of them (``url_for('static', ...)``:
the templates, the service worker's list, the manifest) names the file by
its content, ``css/app.css`` as ``css/app.3f2a1b9c0d4e.css``
(:func:`versioned`).  A name that says its content never changes, so a
browser keeps it for :data:`LIFETIME` without asking again (``immutable``),
and a release that changes a file changes its name.  The plain name still
answers, asked again each time (revalidated by its ETag): the favicon's
redirect and the manifest's icons use it (:func:`plain_url`: a
phone keeps those addresses for longer than a release), as do pages made
before.

What phones are sent is built once per set of files, at start-up, into a
folder of instance/ (git-ignored) named by the whole set's hash: each file
under both names, with ``.gz`` and ``.br`` beside the text ones, made by
WhiteNoise's compressor (gzip level 9, brotli's best).  It is built in a
temporary folder and renamed into place, so several server processes
starting at once each find a whole folder (the first rename wins; the
others drop theirs).  A start-up that finds its folder built only reads and
hashes static/ (docs/speed.md says how long that takes).  ``current`` beside
the folders points at the newest, for nginx (deploy/nginx.conf).

WhiteNoise serves the folder in front of the app: the encoding a phone
accepts (brotli, then gzip), with ``Vary: Accept-Encoding``, an ETag and
the lifetime its name allows.  Where instance/ can't be written, nothing is
versioned and Flask serves static/ as it is.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from flask import Flask, url_for
from whitenoise import WhiteNoise  # type: ignore[import-untyped]
from whitenoise.compress import Compressor  # type: ignore[import-untyped]

from scorekeeper.views.headers import SECURITY_HEADERS

#: Hex digits of a file's SHA-256 in its versioned name.
HASH_LENGTH = 12
#: How long a versioned file is kept: a year, the longest HTTP caches honour.
LIFETIME = 365 * 24 * 60 * 60
#: How long a file under its plain name is kept without asking again: not at all.
PLAIN_LIFETIME = 0
#: The folder of instance/ that holds the built files, one folder per set.
BUILT = "static"
#: The link in :data:`BUILT` to the newest folder (what nginx serves).
CURRENT = "current"
#: ``url_for('static', filename=..., plain=True)``: the file's plain name.
PLAIN = "plain"


def plain_url(name: str) -> str:
    """The address of the file ``name`` (under static/) by its plain name."""
    plain: dict[str, Any] = {PLAIN: True}
    return url_for("static", filename=name, **plain)


def digest(data: bytes) -> str:
    """The hash a file's versioned name carries (also names a set of files)."""
    return hashlib.sha256(data).hexdigest()[:HASH_LENGTH]


def versioned(name: str, hashed: str) -> str:
    """``css/app.css`` with hash ``hashed``: ``css/app.<hashed>.css``."""
    path = PurePosixPath(name)
    return str(path.with_name(f"{path.stem}.{hashed}{path.suffix}"))


@dataclass(frozen=True)
class Built:
    """The files phones are sent: the folder, and each file's versioned name
    by its plain one (both relative to static/, with "/")."""

    folder: Path
    names: dict[str, str]


def versions(static: Path) -> dict[str, str]:
    """Every file under ``static`` (hidden ones left out): its versioned name by its plain one."""
    found = {}
    for path in sorted(static.rglob("*")):
        name = path.relative_to(static).as_posix()
        if path.is_file() and not any(part.startswith(".") for part in name.split("/")):
            found[name] = versioned(name, digest(path.read_bytes()))
    return found


def current(instance: Path) -> Path:
    """The link to the newest built folder of ``instance`` (deploy/nginx.conf serves it)."""
    return instance / BUILT / CURRENT


def build(static: Path, instance: Path) -> Built:
    """The files of ``static`` built into ``instance``/:data:`BUILT` (at
    once when that set was built before), and :data:`CURRENT` pointed at them."""
    names = versions(static)
    home = instance / BUILT
    folder = home / digest(json.dumps(names, sort_keys=True).encode())
    if not folder.is_dir():
        home.mkdir(parents=True, exist_ok=True)
        _make(static, names, folder)
    _point(current(instance), folder.name)
    return Built(folder, names)


def _make(static: Path, names: dict[str, str], folder: Path) -> None:
    """Each file under both names, compressed beside, in a folder of its own
    renamed to ``folder`` when whole (another process may have won)."""
    making = Path(tempfile.mkdtemp(prefix=".making-", dir=folder.parent))
    try:
        compressor = Compressor(quiet=True)
        for name, named in names.items():
            plain = making / name
            plain.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(static / name, plain)
            made = compressor.compress(str(plain)) if compressor.should_compress(name) else []
            for path in (str(plain), *made):
                os.link(path, making / (named + path[len(str(plain)):]))
        making.chmod(0o755)
        try:
            making.rename(folder)
        except OSError:
            if not folder.is_dir():
                raise
    finally:
        shutil.rmtree(making, ignore_errors=True)


def _point(link: Path, target: str) -> None:
    """``link`` made to point at ``target`` (beside it), replaced in one step."""
    try:
        if os.readlink(link) == target:
            return
    except OSError:
        pass
    making = link.with_name(f".{link.name}-{os.getpid()}")
    making.unlink(missing_ok=True)
    making.symlink_to(target)
    making.replace(link)


class StaticFiles(WhiteNoise):  # type: ignore[misc]
    """WhiteNoise, with the app's lifetime for a versioned file."""

    FOREVER = LIFETIME


def serve_built(app: Flask) -> None:
    """Build the app's files and serve them in front of it (see above)."""
    try:
        built = build(Path(app.static_folder or "static"), Path(app.instance_path))
    except OSError as error:
        logging.getLogger(__name__).warning(
            "The static files could not be built; serving them as they are: %s", error)
        built = None
    names = built.names if built else {}

    def versioned_url(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static" and not values.pop(PLAIN, False):
            values["filename"] = names.get(values.get("filename", ""), values.get("filename"))

    app.url_defaults(versioned_url)
    if built is None:
        return
    app.extensions["assets"] = built
    prefix = f"{app.static_url_path}/"
    named = {prefix + name for name in names.values()}

    def security_headers(headers: Any, path: str, url: str) -> None:
        for name, value in SECURITY_HEADERS.items():
            headers[name] = value

    app.wsgi_app = StaticFiles(  # type: ignore[method-assign]
        app.wsgi_app, root=built.folder, prefix=prefix, max_age=PLAIN_LIFETIME,
        allow_all_origins=False, add_headers_function=security_headers,
        immutable_file_test=lambda path, url: url in named)
