#!/usr/bin/env bash
# test.sh: the project's test command. Sets up the venv quietly, then runs pytest.
# Extra arguments go to pytest (e.g. `bash scripts/test.sh -m "not browser"`).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup-venv.sh >/dev/null

status=0
.venv/bin/python -m pytest "$@" || status=$?
if [ "$status" -eq 5 ]; then
    echo "ERROR: pytest collected no tests (exit 5); treating as a failure." >&2
    exit 1
fi
exit "$status"
