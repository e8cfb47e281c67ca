#!/usr/bin/env bash
# run.sh: serve the app on the LAN with waitress so phones at the table can open it.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup-venv.sh
mkdir -p instance

PORT="${PORT:-5000}"
echo "Scorekeeper is starting. Open one of these on a phone on the same network:"
ips="$(hostname -I 2>/dev/null || true)"
for ip in $ips; do
    case "$ip" in
        127.*|*:*) ;;  # skip loopback and IPv6
        *) echo "  http://$ip:$PORT/" ;;
    esac
done
echo "  http://127.0.0.1:$PORT/ (this machine)"

export PORT
if [ "${SCOREKEEPER_SERVER:-waitress}" = "gunicorn" ]; then
    # A league night in one hall (more than ~500 phones watching): gunicorn's
    # threaded worker keeps idle connections in epoll (see deploy/README.md).
    # One worker by default: SQLite, and one process's memory for every table.
    export BIND="0.0.0.0:$PORT" WEB_CONCURRENCY="${WEB_CONCURRENCY:-1}"
    exec .venv/bin/gunicorn -c deploy/gunicorn.conf.py "scorekeeper:create_app()"
fi
# waitress set for a room of phones (connections, body limit, open 304s):
# see scorekeeper/serve.py.
exec .venv/bin/python -m scorekeeper.serve
