"""The Flask application factory: configuration, database, CSRF, blueprints,
error pages, and a log filter that keeps tokens out of the logs.
"""

from __future__ import annotations

import json
import logging
import os
import re
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import (
    Flask,
    Request,
    Response,
    abort,
    g,
    redirect,
    request,
)
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from flask_wtf.csrf import CSRFProtect
from jinja2 import BytecodeCache, FileSystemBytecodeCache
from jinja2.bccache import Bucket
from sqlalchemy.exc import DBAPIError
from werkzeug.routing import IntegerConverter

from scorekeeper.db.engine import in_memory, is_unreachable
from scorekeeper.db.models import db
from scorekeeper.db.schema import init_schema
from scorekeeper.errors import register_errors
from scorekeeper.hosts import lower_case_host, trusted_hosts
from scorekeeper.limits import MAX_DIGITS, MAX_REQUEST_BYTES
from scorekeeper.services import kinds  # noqa: F401  (the app's kinds of owner, registered)
from scorekeeper.views.assets import plain_url, serve_built
from scorekeeper.views.caching import PRIVATE, behind_view_link, cache_policy
from scorekeeper.views.headers import SECURITY_HEADERS

ROOT = Path(__file__).resolve().parent.parent
csrf = CSRFProtect()
_TOKEN_IN_PATH = re.compile(r"/(s|gs|claim|gclaim|eclaim|edit-link)/[A-Za-z0-9_-]{16,}")


class RedactTokens(logging.Filter):
    """Replace share and edit tokens in logged request lines with '…'."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = _TOKEN_IN_PATH.sub(r"/\1/…", record.msg)
        if record.args:
            record.args = tuple(_TOKEN_IN_PATH.sub(r"/\1/…", a) if isinstance(a, str) else a
                                for a in record.args)
        return True


class AsciiInt(IntegerConverter):
    """``<int:...>`` in every route: a number in a path is ASCII digits, at
    most :data:`~scorekeeper.limits.MAX_DIGITS` of them.  Werkzeug's own
    takes any Unicode digit, so ``/tables/１`` (fullwidth) or ``/tables/١``
    (Arabic-Indic) would be table 1; here they are no route at all (404)."""

    regex = rf"[0-9]{{1,{MAX_DIGITS}}}"


def _secret_key(instance: Path) -> str:
    """SECRET_KEY from the environment, else one kept in instance/ across restarts."""
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


class SessionCookies(SecureCookieSessionInterface):
    """The signed-cookie session, renewed by the pages a phone opens, not by
    what is fetched beside them.

    A cookie sent back unchanged still replaces the phone's: an answer to a
    background request (the service worker keeping its files and copies of
    pages, the online check, a script or stylesheet) that arrives after a
    save's answer would put back the cookie from before the save, losing its
    message and its Undo.  So an unchanged session is renewed only by a
    navigation (``Sec-Fetch-Mode: navigate``; clients that don't send the
    header count as one), and never by the copies the service worker fetches
    (``X-Offline-Copy: 1``).

    Nor does a background request keep a form secret it made: a page the
    worker keeps (the offline page) makes one for a cookie that had none, and
    its answer, arriving after the page the phone opened next, would replace
    that page's secret with another, so the page's form comes back "Form
    expired".  A background answer whose only change is a new secret sets no
    cookie; the phone's next page makes the secret it keeps.

    A page behind a view link never sets it: a proxy keeps that page for
    everyone holding the link (:mod:`scorekeeper.views.caching`), and must
    never hand one phone's cookie to another.  Any answer that does set it
    is marked ``no-store``."""

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        """Behind a view link the cookie isn't even read: the page is the same
        for every phone holding the link (and a crowd's poll skips checking
        its signature)."""
        if behind_view_link(request):
            return self.null_session_class()
        session = super().open_session(app, request)
        if session is not None:
            g.session_opened = dict(session)
        return session

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        if request.headers.get("X-Offline-Copy") == "1" or behind_view_link(request):
            return False
        navigation = request.headers.get("Sec-Fetch-Mode", "navigate") == "navigate"
        if session.modified:
            return navigation or not self._only_a_new_secret(app, session)
        return navigation and super().should_set_cookie(app, session)

    @staticmethod
    def _only_a_new_secret(app: Flask, session: SessionMixin) -> bool:
        opened = g.get("session_opened", {})
        secret = app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
        return secret not in opened and {k: v for k, v in session.items()
                                         if k != secret} == opened

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        super().save_session(app, session, response)
        if "Set-Cookie" in response.headers:
            response.headers["Cache-Control"] = PRIVATE


POOL = {"pool_size": 20, "max_overflow": 20, "pool_timeout": 10}
#: A database server can restart under the app: each checkout first checks
#: its connection and replaces a dead one, so the request after a restart
#: works instead of failing on a connection the server closed.
SERVER_POOL = {**POOL, "pool_pre_ping": True}


DEFAULT_SESSION_DAYS = 30


def _flag(value: str | None) -> bool:
    return (value or "").strip().lower() in ("1", "true", "yes", "on")


def _days(value: str | None, default: int) -> int:
    """A whole number of days from 1 to 3650 (else the default, said in the log)."""
    text = (value or "").strip()
    if text.isascii() and text.isdigit() and 1 <= int(text) <= 3650:
        return int(text)
    if text:
        logging.getLogger(__name__).warning(
            "SCOREKEEPER_SESSION_DAYS must be 1 to 3650; using %s", default)
    return default


def _configure(app: Flask, test_config: dict[str, Any] | None) -> None:
    """The app's settings: the environment's and instance/config.py's (or
    the tests' own), the secret key kept in instance/, the hosts it answers."""
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=os.environ.get(
            "SQLALCHEMY_DATABASE_URI", f"sqlite:///{Path(app.instance_path) / 'scorekeeper.db'}"),
        SCOREKEEPER_BASE_URL=os.environ.get("SCOREKEEPER_BASE_URL"),
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        # Behind HTTPS (deploy/), send the session cookie only over HTTPS.
        SESSION_COOKIE_SECURE=_flag(os.environ.get("SCOREKEEPER_SECURE_COOKIES")),
        # A phone's edit secrets last this long without being used (each visit
        # renews them); then the scorekeeper takes over again with a code.
        PERMANENT_SESSION_LIFETIME=timedelta(days=_days(
            os.environ.get("SCOREKEEPER_SESSION_DAYS"), DEFAULT_SESSION_DAYS)),
        WTF_CSRF_TIME_LIMIT=None,
        # The largest request anything here reads is an import (40 MB of JSON,
        # plus a form's envelope): bigger bodies are refused (413) unread.
        MAX_CONTENT_LENGTH=MAX_REQUEST_BYTES,
        JSON_SORT_KEYS=False,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(Path(app.instance_path))
    if app.config.get("TRUSTED_HOSTS") is None:
        app.config["TRUSTED_HOSTS"] = trusted_hosts(app.config.get("SCOREKEEPER_BASE_URL"),
                                                    os.environ.get("SCOREKEEPER_ALLOWED_HOSTS"))
    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    if not in_memory(uri):  # one connection: no pool to size
        # Every server thread may hold a connection (scorekeeper/serve.py runs
        # 16, deploy/'s gunicorn 16 per worker): never queue for one.
        app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", POOL if uri.startswith("sqlite")
                              else SERVER_POOL)


def build_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create and configure the app (see :func:`scorekeeper.create_app`)."""
    app = Flask("scorekeeper", instance_path=str(ROOT / "instance"),
                template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static"))
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    _configure(app, test_config)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.jinja_env.bytecode_cache = _compiled_templates(Path(app.instance_path))
    app.session_interface = SessionCookies()
    db.init_app(app)
    app.teardown_appcontext(_end_session)  # runs before Flask-SQLAlchemy's own
    csrf.init_app(app)
    app.url_map.converters["int"] = AsciiInt  # before any route is added
    _register(app)
    _gate_polls(app)
    serve_built(app)  # in front of everything: a phone's files, answered first
    register_errors(app)
    _redact_werkzeug_log()
    init_schema(app, ROOT / "migrations")
    return app


class _CompiledTemplates(FileSystemBytecodeCache):
    """Jinja's file cache, where a template that can't be written compiled
    (instance/ turned read-only, a folder left by another user) is only
    compiled again, never a page that fails."""

    def dump_bytecode(self, bucket: Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError as error:
            logging.getLogger(__name__).warning(
                "A compiled template could not be kept: %s", type(error).__name__)


def _compiled_templates(instance: Path) -> BytecodeCache | None:
    """The templates compiled once per machine rather than once per process:
    compiling all of them costs a new server process some 1.5 s (twice that
    on a busy machine), paid by the first phones it answers after a restart;
    loading them compiled, 0.06 s.  Jinja checks each against its source, so
    a changed template is compiled again.  The compiled files are code the
    app runs: kept only in a folder of this user's own that nobody else may
    write to (as Jinja's own cache folder is); None where there is none."""
    folder = instance / "compiled-templates"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        found = folder.stat()
    except OSError:
        return None
    if found.st_uid != os.getuid() or found.st_mode & 0o022:
        return None
    return _CompiledTemplates(str(folder))


def _end_session(_: BaseException | None) -> None:
    """End the request's session, letting a lost connection go: when the
    database went away after the answer was made (PostgreSQL restarting
    while a page rendered), the rollback that ends a read fails, and that
    must not turn the answer into the server's bare 500.  Whatever the
    request wrote was committed before its answer said so; the pool drops
    the dead connection and the next checkout opens a new one."""
    try:
        db.session.close()
    except DBAPIError as error:
        if not is_unreachable(error):
            raise
        logging.getLogger(__name__).warning(
            "The database went away as a request ended: %s", type(error.orig).__name__)


def _gate_polls(app: Flask) -> None:
    """In front of the app: Host names lower-cased, then the unchanged polls
    answered before a Flask request is built (:mod:`scorekeeper.views.poll_gate`)."""
    from scorekeeper.views import POLLS
    from scorekeeper.views.poll_gate import PollGate

    gate = app.extensions["poll_gate"] = PollGate(app, app.wsgi_app, POLLS)
    app.wsgi_app = lower_case_host(gate)  # type: ignore[method-assign,assignment]


def _redact_werkzeug_log() -> None:
    """Keep tokens out of the request log (added once, however many apps are built)."""
    log = logging.getLogger("werkzeug")
    if not any(isinstance(f, RedactTokens) for f in log.filters):
        log.addFilter(RedactTokens())


#: htmx under that policy: no eval, no inline <style>, no scripts in swapped HTML.
HTMX_CONFIG = {"includeIndicatorStyles": False, "allowEval": False, "allowScriptTags": False,
               "selfRequestsOnly": True}
#: The live fragment's polls: a 304 (nothing changed) must not swap; a 404
#: (the link was replaced) swaps in the notice that ends the polling.
HTMX_LIVE = {"responseHandling": [
    {"code": "204", "swap": False}, {"code": "304", "swap": False},
    {"code": "404", "swap": True}, {"code": "[23]..", "swap": True},
    {"code": "[45]..", "swap": False, "error": True}]}


def _register(app: Flask) -> None:
    from scorekeeper.policy.acl import OwnerAction
    from scorekeeper.services import made_on
    from scorekeeper.views import BLUEPRINTS, api, filters
    from scorekeeper.views.access import permission

    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    csrf.exempt(api.bp)
    filters.register(app)
    app.before_request(api.preflight)
    app.after_request(api.request_headers)

    @app.teardown_request
    def made_on_nothing(_: BaseException | None) -> None:
        """What a request was made on (an If-Match, a form's version) ends with it."""
        made_on.made_on_nothing()

    @app.before_request
    def refuse_an_oversized_body() -> None:
        """A body bigger than anything here reads is refused (413) from its
        Content-Length, before any of it is read, on every route and
        whatever server serves the app."""
        length = request.content_length
        if length is not None and length > app.config["MAX_CONTENT_LENGTH"]:
            abort(413)

    @app.after_request
    def security_headers(response: Response) -> Response:
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        return cache_policy(response)

    @app.context_processor
    def htmx_settings() -> dict[str, Any]:
        def htmx_config(live: bool = False) -> str:
            return json.dumps(HTMX_CONFIG | (HTMX_LIVE if live else {}))
        return {"htmx_config": htmx_config}

    @app.get("/favicon.ico")
    @permission(OwnerAction.PUBLIC)
    def favicon() -> Any:
        """Browsers ask for it whatever the page links: the app's icon."""
        return redirect(plain_url("favicon.svg"), 301)

    @app.get("/healthz")
    @permission(OwnerAction.PUBLIC)
    def healthz() -> str:
        """A trivial route (benchmarks compare pages against it)."""
        return "ok"
