"""The production recipe on this machine, for tests and load generators:
PostgreSQL, app servers (gunicorn with ``deploy/gunicorn.conf.py``) and
nginx with TLS running ``deploy/nginx.conf`` itself.

    from bench.stack import festival_stack

    with festival_stack(app_servers=2, workers=2, cache=True) as stack:
        stack.url          # https://127.0.0.1:PORT, through nginx
        stack.ssl          # an SSLContext that trusts its throwaway certificate
        stack.app_urls     # http://127.0.0.1:PORT of each app server, nginx bypassed
        stack.database     # the SQLAlchemy URL every app server uses
        stack.pids         # {"postgres": …, "app0": …, "app1": …, "nginx": …} (masters)
        stack.access_log   # nginx's log: upstream=<app server>:<status> cache=<HIT|MISS|…>
        stack.kill_app(0)      # SIGKILL app server 0's master and workers
        stack.start_app(0)     # start it again (returns once it answers)
        stack.restart_app(1)   # graceful: out of nginx, SIGTERM, wait, start, back in
        stack.restart_postgres()
        with stack.postgres_down():  # PostgreSQL stopped for the block
            ...

    with festival_stack(app_servers=1, proxy=False) as stack:
        stack.url          # the one app server itself, over plain HTTP (for comparison)

``cache=False`` turns nginx's micro-cache off (``proxy_cache off;``);
``threads`` sets gunicorn's threads per worker (``THREADS``).  Every wait is
bounded (an AssertionError says what didn't come up), and every process is
stopped by its PID when the block ends, even when it ends by an error.
Logs (PostgreSQL's, each gunicorn's, nginx's) stay in ``stack.folder``
until then.
"""

from __future__ import annotations

import shutil
import ssl
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from bench.proxy import Nginx
from bench.servers import AppServer, Postgres


class Stack:
    """A running stack (see the module's docstring); made by :func:`festival_stack`."""

    def __init__(self, folder: Path, postgres: Postgres, apps: list[AppServer],
                 nginx: Nginx | None) -> None:
        self.folder, self.postgres, self.apps, self.nginx = folder, postgres, apps, nginx
        self.database = postgres.url
        self.app_urls = [app.url for app in apps]
        self.url = nginx.url if nginx is not None else apps[0].url
        self.access_log = nginx.site.log if nginx is not None else None
        self.ssl = (ssl.create_default_context(cafile=str(nginx.site.certificate))
                    if nginx is not None else None)

    @property
    def pids(self) -> dict[str, int]:
        """The PID of every master process running now."""
        found = {"postgres": self.postgres.pid,
                 **{f"app{i}": app.pid for i, app in enumerate(self.apps)},
                 "nginx": self.nginx.pid if self.nginx is not None else None}
        return {name: pid for name, pid in found.items() if pid is not None}

    def kill_app(self, i: int) -> None:
        """SIGKILL app server ``i``'s master and workers at once."""
        self.apps[i].kill()

    def start_app(self, i: int) -> None:
        """Start app server ``i`` again; returns once it answers."""
        self.apps[i].start()

    def restart_app(self, i: int) -> None:
        """Restart app server ``i`` without failing a request: nginx stops
        sending it any (its workers reload without it and finish what they
        sent), then SIGTERM lets it finish its own, it starts again, and
        nginx sends to it again."""
        if self.nginx is not None:
            self.nginx.take_out(frozenset({i}))
        self.apps[i].stop()
        self.apps[i].start()
        if self.nginx is not None:
            self.nginx.take_out(frozenset())

    @contextmanager
    def postgres_down(self) -> Iterator[None]:
        """PostgreSQL stopped (fast: open sessions ended) for the block, then
        started again; the app servers keep running throughout."""
        self.postgres.stop("fast")
        try:
            yield
        finally:
            self.postgres.start()

    def restart_postgres(self) -> None:
        with self.postgres_down():
            pass


@contextmanager
def festival_stack(app_servers: int = 2, workers: int = 2, *, cache: bool = True,
                   proxy: bool = True, threads: int | None = None,
                   server: str = "gunicorn") -> Iterator[Stack]:
    """Start the stack, yield it, and stop every process of it at the end."""
    if not proxy and app_servers != 1:
        raise ValueError("without nginx there is one app server (its address is the url)")
    folder = Path(tempfile.mkdtemp(prefix="sk-stack-"))
    folder.chmod(0o755)  # PostgreSQL and nginx's workers run as nobody under root
    with ExitStack() as stopping:
        stopping.callback(shutil.rmtree, folder, ignore_errors=True)
        postgres = Postgres(folder / "postgres")
        stopping.callback(postgres.stop, "immediate")
        postgres.start()
        env = {"THREADS": str(threads)} if threads else {}
        apps = [AppServer(postgres.url, folder / f"app{i}.log", workers, env, server)
                for i in range(app_servers)]
        nginx = Nginx(folder / "nginx", [a.url.removeprefix("http://") for a in apps],
                      cache) if proxy else None
        for app in apps:
            app.env.update({"SCOREKEEPER_BASE_URL": nginx.url, "SCOREKEEPER_SECURE_COOKIES": "1"}
                           if nginx is not None else {})
            stopping.callback(app.kill)
            app.start()
        if nginx is not None:
            stopping.callback(nginx.stop)
            nginx.start()
        yield Stack(folder, postgres, apps, nginx)
