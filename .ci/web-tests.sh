#!/usr/bin/env bash
# The browser page's checks (issue 19), run by .ci/run and `cargo xtask ci` after the cargo
# tests, which built the kraal-server binary they drive: the page's JavaScript type-checked
# (`tsc --checkJs`), then the Playwright tests in Debian's Chromium against the real server on
# 127.0.0.1 with a temporary SQLite database. No browser is downloaded: Chromium comes from
# apt, installed here if it is missing (CI runs as root). Exits non-zero on a failure.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}
# Only what is missing: a machine whose Node.js comes with its own npm (NodeSource's package)
# cannot take Debian's npm beside it.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v npm >/dev/null || missing+=(nodejs npm)
if [ "${#missing[@]}" -gt 0 ]; then
    echo "==> apt-get install ${missing[*]}"
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >/dev/null
fi
target="${CARGO_TARGET_DIR:-$PWD/target}"
export KRAAL_SERVER="${KRAAL_SERVER:-$target/debug/kraal-server}"
if [ ! -x "$KRAAL_SERVER" ]; then
    echo "no server binary at $KRAAL_SERVER (the cargo tests build it)" >&2
    exit 1
fi
cd web-tests
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
echo "==> npm ci (web-tests)"
npm ci --no-audit --no-fund --loglevel=error
echo "==> npx tsc -p jsconfig.json"
npx tsc -p jsconfig.json
echo "==> node --test unit/ (the page's move building)"
node --test unit/
echo "==> npx playwright test"
npx playwright test
