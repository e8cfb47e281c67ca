#!/usr/bin/env bash
# setup-venv.sh: create/refresh the project's .venv and install the app with its dev extras.
# Idempotent: safe to run again; it reuses .venv and only installs what changed.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x .venv/bin/python ]; then
    PY="$(command -v python3.11 || command -v python3)"
    echo "Creating .venv with $PY"
    "$PY" -m venv .venv
fi

# Installed already from this very pyproject.toml: nothing to do (the app is
# installed editable, so a change to its code needs no install).
stamp=".venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)"
if [ -f "$stamp" ]; then
    exit 0
fi

began=$SECONDS
echo "Installing the app into .venv (the first time takes a minute or two):"
echo "  1/3 pip"
.venv/bin/python -m pip install --quiet --upgrade pip
echo "  2/3 uv, the installer"
.venv/bin/python -m pip install --quiet uv
echo "  3/3 the app and its dependencies (pyproject.toml)"
if ! .venv/bin/uv pip install --quiet --compile-bytecode --python .venv/bin/python -e '.[dev]'; then
    echo "uv failed; falling back to pip" >&2
    .venv/bin/python -m pip install --quiet -e '.[dev]'
fi
rm -f .venv/.installed-*
touch "$stamp"
echo "Installed in $((SECONDS - began)) s."
