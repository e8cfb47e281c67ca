#!/usr/bin/env bash
# vendor.sh: fetch the front-end files from the npm registry into static/vendor/
# (served by the app itself, no CDN). Re-run after changing a version below.
set -euo pipefail
cd "$(dirname "$0")/.."

HTMX=htmx.org@2.0.11
PICO=@picocss/pico@2.1.1

dest="$PWD/static/vendor"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$dest"

cd "$tmp"
for pkg in "$HTMX" "$PICO"; do
    tgz="$(npm pack --silent "$pkg" | tail -n1)"
    name="${tgz%.tgz}"
    mkdir "$name"
    tar -xzf "$tgz" -C "$name"
done

cp htmx.org-*/package/dist/htmx.min.js        "$dest/htmx.min.js"
cp htmx.org-*/package/LICENSE                 "$dest/htmx.LICENSE"
cp picocss-pico-*/package/css/pico.min.css    "$dest/pico.min.css"
cp picocss-pico-*/package/LICENSE.md          "$dest/pico.LICENSE.md"

echo "Vendored $HTMX, $PICO into static/vendor/:"
ls -l "$dest"
