#!/usr/bin/env bash
# Proves that this machine can run the browser tests: Debian's Chromium, headless and as root,
# draws a local page, and Debian's chromedriver drives it through the W3C WebDriver protocol
# (the protocol a Rust test speaks through a WebDriver client crate such as fantoccini).
#
# Usage: scripts/chromium-check.sh [OUT_DIR]
#
# With OUT_DIR, the two screenshots it takes are kept there (cli.png, webdriver.png) to be
# looked at; without it, everything is made in a temporary directory and removed. Exits 0 when
# every check passed, 1 with the failing step named otherwise. chromedriver is stopped on the
# way out, passed or failed.
#
# The flags every test should give Chromium, and why:
#   --headless                       no display on a server or in CI
#   --no-sandbox                     Chromium's sandbox refuses to run as root (CI runs as root)
#   --disable-gpu                    no GPU here; draw in software from the start
#   --disable-quic --disable-background-networking --disable-component-update --disable-sync
#   --no-first-run                   no network traffic of the browser's own and no first-run
#                                    pages: a test talks to 127.0.0.1 only, and works offline
#   --user-data-dir=FRESH_DIR        a new profile per run, so nothing carries over between runs
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

chromium=/usr/bin/chromium
flags=(
    --headless --no-sandbox --disable-gpu --disable-quic --no-first-run
    --disable-background-networking --disable-component-update --disable-sync
    "--window-size=800,600"
)

work=$(mktemp -d)
out=${1:-$work}
mkdir -p "$out"
driver_pid=""

# On every exit: stop chromedriver (and the browsers it started, which are its children), then
# remove the temporary directory, profiles included.
cleanup() {
    if [[ -n "$driver_pid" ]]; then
        stop_process "$driver_pid" tree
    fi
    rm -rf "$work"
}
trap cleanup EXIT
# An interrupt or a termination becomes an ordinary exit, so that the cleanup above runs then too.
trap 'exit 130' INT
trap 'exit 143' TERM

fail() {
    echo "chromium-check: FAILED: $*" >&2
    exit 1
}

echo "chromium-check: $("$chromium" --version 2>/dev/null); $(chromedriver --version | cut -d' ' -f1-2)"

# The page: a title to read back, text and an SVG figure to see in the screenshot, and a number
# written by a script, so that a check of it proves JavaScript ran (a static page would pass
# even with scripts broken).
cat > "$work/page.html" <<'EOF'
<!doctype html>
<html><head><meta charset="utf-8"><title>chromium check</title></head>
<body style="font: 32px sans-serif">
<h1>Headless Chromium works</h1>
<svg width="200" height="100"><rect width="200" height="100" fill="#0072b2"/>
<text x="20" y="60" fill="white">IDA*</text></svg>
<p>3 + 4 = <span id="sum"></span></p>
<script>document.getElementById("sum").textContent = 3 + 4;</script>
</body></html>
EOF
page=file://$work/page.html

# True when file $1 is a PNG image of a size that holds more than a blank page.
is_png() {
    [[ -s "$1" ]] && [[ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" == 89504e470d0a1a0a ]] &&
        (($(stat -c %s "$1") > 5000))
}

# Step 1: the browser alone, from the command line, the simplest use there is. Its D-Bus
# complaints on stderr are expected in a container without a session bus, so stderr goes to
# a log that is shown only on failure.
"$chromium" "${flags[@]}" --user-data-dir="$work/cli-profile" \
    --screenshot="$out/cli.png" "$page" > "$work/cli.log" 2>&1 ||
    { cat "$work/cli.log" >&2; fail "chromium --screenshot exited with an error"; }
is_png "$out/cli.png" || { cat "$work/cli.log" >&2; fail "chromium --screenshot wrote no picture"; }
echo "chromium-check: command-line screenshot ok"

# Step 2: chromedriver, on a free port. It accepts connections from this machine only (its
# default, which --allowed-ips would widen) and listens on the loopback addresses 127.0.0.1 and
# ::1. It is started in the background and asked for its status until it answers ready.
port=$(free_port)
chromedriver --port="$port" --log-path="$work/chromedriver.log" > /dev/null 2>&1 &
driver_pid=$!
base=http://127.0.0.1:$port
for _ in $(seq 100); do
    curl -sf "$base/status" 2>/dev/null | grep -q '"ready":true' && break
    sleep 0.1
done
curl -sf "$base/status" | grep -q '"ready":true' || fail "chromedriver did not become ready on port $port"

# Sends one WebDriver command and prints the answer; a curl failure (no answer at all) fails
# the check. Arguments: method, path below $base, and a JSON body for POST.
webdriver() {
    local method=$1 path=$2
    shift 2
    curl -sS -X "$method" -H 'Content-Type: application/json' "$@" "$base$path" ||
        fail "WebDriver $method $path: no answer"
}

# Prints the string value of key $1 in the JSON on standard input (the answers here are flat
# enough for a regular expression; no JSON tool needs installing).
json_string() {
    sed -n "s/.*\"$1\":\"\\([^\"]*\\)\".*/\\1/p"
}

# The capabilities a test sends: Debian's browser binary (chromedriver would otherwise look for
# Google Chrome), the flags above, and a fresh profile directory of the test's own.
args_json=$(printf '"%s",' "${flags[@]}" "--user-data-dir=$work/webdriver-profile")
capabilities='{"capabilities":{"alwaysMatch":{"browserName":"chrome","goog:chromeOptions":{"binary":"'$chromium'","args":['${args_json%,}']}}}}'
echo "chromium-check: capabilities: $capabilities"

answer=$(webdriver POST /session -d "$capabilities")
session=$(json_string sessionId <<< "$answer")
[[ -n "$session" ]] || fail "no session created: $answer"

webdriver POST "/session/$session/url" -d "{\"url\":\"$page\"}" > /dev/null
title=$(webdriver GET "/session/$session/title" | json_string value)
[[ "$title" == "chromium check" ]] || fail "the page's title read '$title', not 'chromium check'"

# The number the page's script wrote: found by CSS selector, read as the element's text.
element=$(webdriver POST "/session/$session/element" -d '{"using":"css selector","value":"#sum"}' |
    json_string 'element-6066-11e4-a52e-4f735466cecf')
[[ -n "$element" ]] || fail "element #sum not found"
sum=$(webdriver GET "/session/$session/element/$element/text" | json_string value)
[[ "$sum" == 7 ]] || fail "the page's script wrote '$sum', not 7: JavaScript did not run"

# A screenshot through WebDriver comes back as base64 PNG.
webdriver GET "/session/$session/screenshot" | json_string value | base64 -d > "$out/webdriver.png"
is_png "$out/webdriver.png" || fail "the WebDriver screenshot is not a picture"

# Ending the session closes the browser; chromedriver itself is stopped by cleanup.
webdriver DELETE "/session/$session" > /dev/null
echo "chromium-check: WebDriver session ok (title '$title', script result $sum, screenshot taken)"
if [[ "$out" != "$work" ]]; then
    echo "chromium-check: screenshots in $out"
fi
echo "chromium-check: passed"
