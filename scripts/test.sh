#!/usr/bin/env bash
# test.sh: the project's test command. Sets up the venv quietly, then runs pytest
# on one worker process more than the machine has cores (pytest-xdist): a browser
# test spends part of its time waiting on its page, and the extra worker keeps
# every core busy meanwhile (on 2 cores: 11 min with 3 workers, 14.4 with 2).
# Extra arguments go to pytest (e.g. `bash scripts/test.sh -m "not slow"`, or `-n 0`
# for one process). On PostgreSQL (SCOREKEEPER_TEST_DATABASE_URI) the tests share
# one database, so they run in one process.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup-venv.sh >/dev/null

status=0
# Let Python keep compiled modules and pytest its rewritten test modules: each
# worker imports and rewrites everything again otherwise (seconds per run).
unset PYTHONDONTWRITEBYTECODE
workers="${PYTEST_WORKERS:-$(( $(nproc) + 1 ))}"
if [ -n "${SCOREKEEPER_TEST_DATABASE_URI:-}" ]; then workers=0; fi
.venv/bin/python -m pytest -n "$workers" --dist worksteal "$@" || status=$?
if [ "$status" -eq 5 ]; then
    echo "ERROR: pytest collected no tests (exit 5); treating as a failure." >&2
    exit 1
fi
exit "$status"
