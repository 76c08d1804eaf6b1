#!/bin/sh
# Takes the README's screenshots of kraal-gui under a virtual X server (needs xvfb and
# imagemagick: apt-get install -y xvfb imagemagick). Run from the repository's root after
# `cargo build --release -p kraal-gui` (or name another build with KRAAL_GUI=path). Not part
# of CI. Plain Xvfb has no file-dialog service, so the window's own file-name field is used.
set -eu
bin=${KRAAL_GUI:-${CARGO_TARGET_DIR:-target}/release/kraal-gui}
out=${OUT:-docs/images}
display=:99
config=$(mktemp -d)
export KRAAL_CONFIG_DIR="$config" KRAAL_DATA_DIR="$config" LIBGL_ALWAYS_SOFTWARE=1 DISPLAY=$display
Xvfb $display -screen 0 1280x820x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -rf "$config"' EXIT
sleep 2

shot() { # NAME ARGS... (ONLY="gui-menu gui-ascent" takes only the shots named)
    name=$1
    shift
    case " ${ONLY:-$name} " in *" $name "*) ;; *) return 0 ;; esac
    "$bin" --size "${SIZE:-1280x820}" --seed 7 "$@" &
    app=$!
    sleep "${WAIT:-6}"
    import -window root "$out/$name.png"
    # A window smaller than the screen: keep only the window.
    if [ -n "${SIZE:-}" ]; then
        convert "$out/$name.png" -crop "${SIZE}+0+0" +repage "$out/$name.png"
    fi
    kill $app
    wait $app 2>/dev/null || true
}

# Two unfinished games for the menu's list to continue from, and a file it sets aside.
mkdir -p "$config/unfinished"
unfinished() { # FILE GAME RULES WHITE BLACK MOVES
    printf '[Game "%s"]\n[Rules "%s"]\n[Date "2026-12-01"]\n[White "%s"]\n[Black "%s"]\n[Result "*"]\n\n%s\n' \
        "$2" "$3" "$4" "$5" "$6" >"$config/unfinished/$1"
}
unfinished morabaraba-herder.txt morabaraba morabaraba human ai:3 "1. d7 b4 2. f2 d2"
sleep 1
unfinished abapa-two-players.txt oware abapa human human "1. C f 2. D b"
echo "not a game record" >"$config/unfinished/broken.txt"
# A climb game of the Mountain Ascent left unfinished: the list names its camp first.
sleep 1
printf '[Game "morabaraba"]\n[Rules "morabaraba"]\n[Date "2026-12-01"]\n[White "ai:4"]\n[Black "human"]\n[Result "*"]\n[Climb "morabaraba-morabaraba camp 4"]\n\n1. b2 d6\n' \
    >"$config/unfinished/morabaraba-kraal-keeper.txt"

# A climber's progress: camps 1 to 3 climbed (one with help), camp 4's match going on.
cat >"$config/progress.toml" <<'TOML'
version = 1
[ascent.morabaraba-morabaraba]
[[ascent.morabaraba-morabaraba.camps.1.climbs]]
games = [{ colour = "first", score = "won", assisted = false, clock = false, date = "2026-11-28", record = "ascent/morabaraba-morabaraba/camp-1.txt" }]
[[ascent.morabaraba-morabaraba.camps.1.climbs]]
games = [{ colour = "second", score = "won", assisted = false, clock = false, date = "2026-11-29", record = "ascent/morabaraba-morabaraba/camp-1-2.txt" }]
[[ascent.morabaraba-morabaraba.camps.2.climbs]]
games = [{ colour = "first", score = "won", assisted = true, clock = false, date = "2026-11-30", record = "ascent/morabaraba-morabaraba/camp-2.txt" }]
[[ascent.morabaraba-morabaraba.camps.3.climbs]]
games = [{ colour = "first", score = "lost", assisted = false, clock = false, date = "2026-11-30", record = "ascent/morabaraba-morabaraba/camp-3.txt" }]
[[ascent.morabaraba-morabaraba.camps.3.climbs]]
games = [{ colour = "second", score = "won", assisted = false, clock = false, date = "2026-12-01", record = "ascent/morabaraba-morabaraba/camp-3-2.txt" }]
[[ascent.morabaraba-morabaraba.camps.4.climbs]]
games = [{ colour = "first", score = "drew", assisted = false, clock = false, date = "2026-12-01", record = "ascent/morabaraba-morabaraba/camp-4.txt" }]
TOML

# The menu first: it reports the file set aside (the home screen would report it instead).
shot gui-menu --open play
shot gui-home
shot gui-ascent --open ascent
shot gui-rules --open rules
shot gui --game morabaraba --black ai:3 \
    --moves "d7 b4 f2 d2 a7 g4 c3 e5 b6 f6 g7xb4 a1 d6 c4"
# An Oware game just after a capture: South's F takes North's d and c.
shot gui-oware --game oware --black ai:3 --position "4,4,4,4,4,4/0,0,1,2,0,0 10:11 s" \
    --moves "F"
shot gui-mulabalaba --game mulabalaba --black human --dark --moves "3 14 9"
# The smallest window.
SIZE=640x420 shot gui-small --game morabaraba --black human --moves "d7 b4 f2"
