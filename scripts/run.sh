#!/usr/bin/env bash
# run.sh: serve the app on the LAN so phones at the table (or a festival hall) can open it.
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
# granian, set for a hall of phones (threads, idle connections, drain on
# SIGTERM): every setting is in scorekeeper/serve.py.
exec .venv/bin/python -m scorekeeper.serve
