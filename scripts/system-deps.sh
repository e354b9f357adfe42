#!/usr/bin/env bash
# What `pnpm test` needs from the operating system: Debian's Chromium for the browser tests and Debian's
# PostgreSQL for the API suite's second driver. As root it installs what is missing (apt-get); otherwise
# it says in one line what to install. Node 22 itself comes from the npm registry (the `node` devDependency).
set -euo pipefail
missing=()
[ -n "${CHROMIUM_PATH:-}" ] || command -v chromium >/dev/null 2>&1 || missing+=(chromium)
# The layout tests measure text: Chromium's recommended fonts, not the wider fallback (a 1366 px list shows 6
# bills instead of 10 in DejaVu Sans).
dpkg -s fonts-liberation >/dev/null 2>&1 || missing+=(fonts-liberation)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  # Without PostgreSQL the API suite runs on PGlite only (scripts/with-postgres.sh says so); without a
  # Chromium the browser tests cannot run at all.
  echo "pnpm test wants ${missing[*]} from Debian: run 'sudo apt-get install ${missing[*]}' (or set CHROMIUM_PATH)." >&2
  [[ " ${missing[*]} " == *" chromium "* ]] && exit 1
  exit 0
fi
echo "Installing ${missing[*]} from Debian (apt-get)..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
