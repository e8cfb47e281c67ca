"""gunicorn settings for a club or league server (see deploy/README.md).

Threaded workers (gthread) keep each phone's connection open between its
polls without tying up a thread: idle connections wait in the worker's
epoll set.  Run it with ``gunicorn -c deploy/gunicorn.conf.py
'scorekeeper:create_app()'``; every setting can be overridden on the
command line or by the environment variables named below.
"""

import os

bind = os.environ.get("BIND", "127.0.0.1:8000")  # behind the TLS proxy
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gthread"
threads = int(os.environ.get("THREADS", "16"))
#: Open connections per worker: every phone watching keeps one.
worker_connections = 4000
#: A viewer polls every second; keep its connection well past that.
keepalive = 75
timeout = 60
graceful_timeout = 30
#: Bigger bodies than the app accepts are refused by the app (413) before
#: they are read; the proxy in front should cap them too (client_max_body_size).
limit_request_line = 8190
#: Replayed nights and rendered pages are kept per worker, so start the app
#: in each worker (the database migrates once: see scorekeeper.db.schema).
preload_app = False
accesslog = None
errorlog = "-"
loglevel = "info"
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
