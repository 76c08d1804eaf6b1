#!/bin/sh
# Takes the README's screenshots of kraal-gui under a virtual X server (needs xvfb and
# imagemagick: apt-get install -y xvfb imagemagick). Run from the repository's root after
# `cargo build --release -p kraal-gui`. Not part of CI.
set -eu
bin=${CARGO_TARGET_DIR:-target}/release/kraal-gui
out=docs/images
display=:99
config=$(mktemp -d)
export KRAAL_CONFIG_DIR="$config" LIBGL_ALWAYS_SOFTWARE=1 DISPLAY=$display
Xvfb $display -screen 0 1280x820x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -rf "$config"' EXIT
sleep 2

shot() { # NAME ARGS...
    name=$1
    shift
    "$bin" --size 1280x820 --seed 7 "$@" &
    app=$!
    sleep "${WAIT:-6}"
    import -window root "$out/$name.png"
    kill $app
    wait $app 2>/dev/null || true
}

shot gui --game morabaraba --black ai:3 \
    --moves "d7 b4 f2 d2 a7 g4 c3 e5 b6 f6 g7xb4 a1 d6 c4"
shot gui-oware --game oware --black ai:3 --moves "C f D b E c A"
shot gui-mulabalaba --game mulabalaba --black human --dark --moves "3 14 9"
shot gui-menu
