// The page: the home screen and its modes (play the computer, online play, the daily puzzle in
// daily.js, the rules), and the game screen, which draws what the server sends and builds
// moves only from its legal list.

import { animateSowing, draw, focusSpot, tabStop, wireBoard } from "./board.js";
import { emptyPick, passMove, sowing, tapPoint, targets } from "./pick.js";
import { loadDaily, wireDaily } from "./daily.js";
import { $, button, byId, select, svgById } from "./dom.js";
import { Connection, forgetSeat, keepName, keepSeat, keptName, keptSeats } from "./net.js";

/** @typedef {import("./types.js").Catalog} Catalog */
/** @typedef {import("./types.js").GameSnapshot} GameSnapshot */
/** @typedef {import("./types.js").BoardView} BoardView */
/** @typedef {import("./types.js").PositionFrame} PositionFrame */
/** @typedef {import("./types.js").ServerFrame} ServerFrame */
/** @typedef {import("./types.js").MoveView} MoveView */
/** @typedef {import("./types.js").Seat} Seat */
/** @typedef {import("./pick.js").Pick} Pick */

const boardSvg = svgById("board");

/** The server's error codes in plain words (the server's own message follows). */
const ERRORS = /** @type {Record<string, string>} */ ({
  "illegal-move": "That move is not allowed here.",
  "not-your-turn": "It is the other side's turn.",
  "stale-ply": "The game had moved on; here it is as it stands.",
  "bad-token": "This browser's seat is not one of that game's.",
  "unknown-game": "There is no such game.",
  "game-over": "The game is over.",
  "rate-limited": "Too many requests: wait a moment and try again.",
  "game-full": "Both seats of that game are taken.",
  "bad-rules": "Those rules cannot be played.",
  "cannot-abort": "Each side has moved: resign instead.",
  "cannot-claim": "You cannot claim yet.",
  "no-draw-offer": "There is no draw offer to answer.",
  internal: "The server had a problem: try again.",
});

const state = {
  /** @type {Catalog | null} */ catalog: null,
  /** @type {Connection | null} */ conn: null,
  /** @type {GameSnapshot | null} */ snapshot: null,
  /** @type {BoardView | null} */ board: null,
  /** @type {string[]} */ sides: ["White", "Black"],
  /** @type {PositionFrame | null} */ pos: null,
  /** @type {Pick} */ pick: emptyPick(),
  /** @type {string | number | null} */ focus: null,
  /** @type {number | null} */ sowingHole: null,
  /** @type {number[] | null} */ shownSeeds: null,
  animating: 0,
  animate: false,
  /** @type {"computer" | "online"} */ mode: "computer",
  /** @type {object | null} */ again: null,
  /** @type {string | null} */ code: null,
  /** @type {number | null} */ claimAt: null,
  clockAt: 0,
};

// ---------------------------------------------------------------- screens

const SCREENS = ["home", "computer", "online", "rules", "daily", "game"];

/** @param {string} name */
function show(name) {
  for (const s of SCREENS) byId(s).hidden = s !== name;
  const heading = byId(name).querySelector("h1, h2");
  if (heading instanceof HTMLElement) {
    heading.tabIndex = -1;
    heading.focus();
  }
}

function home() {
  state.conn?.close();
  state.conn = null;
  state.snapshot = null;
  history.replaceState(null, "", location.pathname + location.search);
  listKept();
  show("home");
}

function listKept() {
  const list = byId("resume-list");
  list.replaceChildren();
  const seats = keptSeats();
  byId("resume").hidden = seats.length === 0;
  for (const seat of seats) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.textContent = `Resume ${seat.title}`;
    b.addEventListener("click", () => resume(seat.game, seat.token));
    li.appendChild(b);
    list.appendChild(li);
  }
}

// ---------------------------------------------------------------- menus

/**
 * Fills a game menu and its rule-set menu from the catalog.
 * @param {string} gameId
 * @param {string} rulesId
 */
function gameMenus(gameId, rulesId) {
  const games = select(gameId);
  const rules = select(rulesId);
  const catalog = state.catalog;
  if (!catalog) return;
  games.replaceChildren(...catalog.games.map((g) => new Option(`${g.name}: ${g.about}`, g.name)));
  const fill = () => {
    const game = catalog.games.find((g) => g.name === games.value);
    rules.replaceChildren(...(game?.rule_sets ?? []).map((r) => new Option(`${r.name}: ${r.description}`, r.name)));
    games.dispatchEvent(new CustomEvent("filled"));
  };
  games.addEventListener("change", fill);
  fill();
}

function opponentMenu() {
  const menu = select("c-opponent");
  const family = state.catalog?.games.find((g) => g.name === select("c-game").value)?.family;
  const keep = menu.value;
  menu.replaceChildren(
    ...(state.catalog?.opponents ?? []).map(
      (o) => new Option(`${o.level}. ${o.name}: ${family === "mill" ? o.mill : o.mancala}`, o.name),
    ),
  );
  if (keep) menu.value = keep;
}

let rulesAsked = 0;

async function loadRules() {
  const game = select("r-game").value;
  const rules = select("r-rules").value;
  const article = byId("rules-text");
  // Only the newest request is shown (answers may come back out of order).
  const asked = ++rulesAsked;
  try {
    const reply = await fetch(`/api/rules?game=${encodeURIComponent(game)}&rules=${encodeURIComponent(rules)}`);
    const body = await reply.json();
    if (asked !== rulesAsked) return;
    if (!reply.ok) throw new Error(body.error ?? reply.statusText);
    const h = document.createElement("h3");
    h.textContent = body.title;
    const about = document.createElement("p");
    about.className = "about";
    about.textContent = body.about;
    /** @type {HTMLElement[]} */
    const parts = [h, about];
    for (const text of body.paragraphs) {
      const p = document.createElement("p");
      p.textContent = text;
      parts.push(p);
    }
    if (body.differences.length) {
      const ul = document.createElement("ul");
      for (const d of body.differences) {
        const li = document.createElement("li");
        li.textContent = d;
        ul.appendChild(li);
      }
      parts.push(ul);
    }
    article.replaceChildren(...parts);
  } catch (e) {
    article.textContent = `The rules could not be loaded: ${e instanceof Error ? e.message : e}`;
  }
}

// ---------------------------------------------------------------- starting a game

/**
 * Connects and sends `first` (play-computer, create, join or resume).
 * @param {object} first
 * @param {{game: number, token: string}} [seat]
 */
function connect(first, seat) {
  state.conn?.close();
  state.snapshot = null;
  state.pos = null;
  state.board = null;
  state.code = null;
  state.claimAt = null;
  state.pick = emptyPick();
  byId("error").textContent = "";
  byId("over").hidden = true;
  byId("share").hidden = true;
  const conn = new Connection(onFrame, onConnState, keptName());
  if (seat) conn.seat = seat;
  state.conn = conn;
  conn.start(first);
  byId("status").textContent = "Connecting...";
  show("game");
}

function startComputer() {
  const seed = new URLSearchParams(location.search).get("seed");
  state.mode = "computer";
  const frame = {
    type: "play-computer",
    game: select("c-game").value,
    rules: select("c-rules").value,
    opponent: select("c-opponent").value,
    seat: select("c-seat").value,
    seed: seed === null ? null : Number(seed),
  };
  state.again = frame;
  connect(frame);
}

function createOnline() {
  state.mode = "online";
  const frame = {
    type: "create",
    game: select("o-game").value,
    rules: select("o-rules").value,
    clock: select("o-clock").value,
    seat: select("o-seat").value,
  };
  state.again = null;
  connect(frame);
}

/** @param {string} code */
function join(code) {
  state.mode = "online";
  state.again = null;
  connect({ type: "join", code: code.trim() });
}

/**
 * @param {number} game
 * @param {string} token
 */
function resume(game, token) {
  connect({ type: "resume", game, token }, { game, token });
}

// ---------------------------------------------------------------- frames

/** @param {"connecting" | "open" | "reconnecting" | "closed"} what @param {string} detail */
function onConnState(what, detail) {
  const words = { connecting: "Connecting...", open: "Connected", reconnecting: detail || "Reconnecting...", closed: detail || "Not connected" };
  const c = byId("conn");
  c.textContent = words[what];
  c.dataset.state = what;
  if (what === "closed" && detail) byId("error").textContent = detail;
}

/** @param {ServerFrame} frame */
function onFrame(frame) {
  const snap = state.snapshot;
  switch (frame.type) {
    case "created":
    case "joined": {
      const title = state.again ? describeSetup(/** @type {any} */ (state.again)) : `online game ${frame.game}`;
      keepSeat({ game: frame.game, token: frame.token, seat: frame.seat, title, at: Date.now() });
      if (state.conn) state.conn.seat = { game: frame.game, token: frame.token };
      history.replaceState(null, "", `${location.pathname}${location.search}#game=${frame.game}`);
      if (frame.type === "created" && state.mode === "online") state.code = frame.code;
      break;
    }
    case "game": {
      state.snapshot = /** @type {GameSnapshot} */ (/** @type {unknown} */ (frame));
      state.clockAt = performance.now();
      history.replaceState(null, "", `${location.pathname}${location.search}#game=${frame.game}`);
      break;
    }
    case "board":
      state.board = frame.board;
      state.sides = frame.sides;
      break;
    case "position": {
      const old = state.pos;
      const next = /** @type {PositionFrame} */ (/** @type {unknown} */ (frame));
      state.animate = !!old && next.ply === old.ply + 1 && !!next.last;
      state.pick = emptyPick();
      const before = old?.position.family === "mancala" ? old.position.seeds : null;
      state.pos = next;
      if (state.animate && before && next.last?.steps?.length) {
        sow(before, next.last.steps);
      } else {
        state.shownSeeds = null;
      }
      if (next.ending) gameOver(next.ending);
      break;
    }
    case "moved":
      if (snap) {
        snap.moves.push(frame.mv);
        snap.version = frame.version;
        snap.clocks_ms = frame.clocks_ms;
        snap.clock_running = frame.clock_running;
        snap.to_move = snap.to_move === "first" ? "second" : "first";
        if (snap.status.state === "waiting") snap.status = { state: "live" };
        snap.draw_offer = null;
        state.clockAt = performance.now();
      }
      byId("error").textContent = "";
      break;
    case "ended":
      if (snap) {
        snap.status = frame.status;
        snap.clock_running = null;
        forgetSeat(snap.game);
      }
      break;
    case "draw-offered":
      if (snap) snap.draw_offer = frame.by;
      say(frame.by === snap?.you ? "You offered a draw." : "Your opponent offers a draw.", true);
      break;
    case "draw-declined":
      if (snap) {
        if (snap.draw_offer === snap.you) say("Your draw offer was declined.", true);
        snap.draw_offer = null;
      }
      break;
    case "presence":
      if (snap && frame.seat !== snap.you) {
        snap.opponent_online = frame.online;
        state.claimAt = frame.online ? null : Date.now() + (frame.claim_in_ms ?? 0);
        say(frame.online ? "Your opponent is back." : "Your opponent has gone.", true);
      }
      break;
    case "error": {
      const words = ERRORS[frame.code] ?? "The server refused.";
      byId("error").textContent = `${words} (${frame.message})`;
      if ((frame.code === "bad-token" || frame.code === "unknown-game") && state.conn?.seat) {
        forgetSeat(state.conn.seat.game);
        state.conn.close();
      }
      if (frame.code === "stale-ply") state.conn?.send({ type: "sync" });
      break;
    }
    default:
      break;
  }
  render();
}

/**
 * Describes a game set up from the menus.
 * @param {{game: string, rules: string, opponent?: string}} frame
 */
function describeSetup(frame) {
  return frame.opponent ? `${frame.rules} against ${frame.opponent}` : `${frame.rules} online`;
}

/**
 * Animates a sowing seed by seed from the seeds before it.
 * @param {number[]} before
 * @param {import("./types.js").SowStep[]} steps
 */
function sow(before, steps) {
  const token = ++state.animating;
  state.shownSeeds = [...before];
  animateSowing(
    before,
    steps,
    (seeds, hole) => {
      state.shownSeeds = seeds;
      state.sowingHole = hole;
      render();
    },
    () => token === state.animating,
    () => {
      state.shownSeeds = null;
      state.sowingHole = null;
      render();
    },
  );
}

// ---------------------------------------------------------------- the game screen

/**
 * Says something on the status line; `keep`: the next drawing keeps it (instead of the
 * turn's prompt).
 * @param {string} text
 * @param {boolean} [keep]
 */
function say(text, keep = false) {
  const status = byId("status");
  status.textContent = text;
  if (keep) status.dataset.keep = "1";
}

/** @param {string} ending */
function gameOver(ending) {
  const snap = state.snapshot;
  let verdict = "";
  if (snap && snap.status.state === "over") {
    const winner = snap.status.outcome.winner;
    verdict = winner === null ? "A draw." : winner === snap.you ? "You won!" : "You lost.";
  }
  byId("over-title").textContent = verdict || "Game over";
  byId("over-text").textContent = ending;
  button("over-again").hidden = !state.again;
  byId("over").hidden = false;
}

/** Whether the viewer may move now. */
function myTurn() {
  const s = state.snapshot;
  const p = state.pos;
  return !!s && !!p && s.status.state === "live" && p.to_move === s.you && p.legal.length > 0;
}

/** @param {number} ms */
function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function renderPlayers() {
  const s = state.snapshot;
  if (!s) return;
  const me = s.you === "first" ? 0 : 1;
  const them = 1 - me;
  /** @param {string} id @param {number} seat @param {boolean} you */
  const fill = (id, seat, you) => {
    const box = byId(id);
    const name = s.names[seat] ?? (s.status.state === "waiting" ? "waiting for an opponent..." : "Opponent");
    const seatName = state.sides[seat];
    const p = state.pos?.position;
    let extra = "";
    if (p?.family === "mill") extra = ` · ${p.in_hand[seat]} in hand, ${p.on_board[seat]} on the board`;
    if (p?.family === "mancala") extra = ` · ${p.captured[seat]} captured`;
    /** @type {HTMLElement} */ (box.querySelector(".name")).textContent = `${you ? "You" : name} (${seatName}${seat === 0 ? ", moves first" : ""})${extra}`;
    box.dataset.seat = seat === 0 ? "first" : "second";
    const running = s.clock_running === (seat === 0 ? "first" : "second");
    box.classList.toggle("to-move", s.status.state === "live" && s.to_move === (seat === 0 ? "first" : "second"));
    const clock = /** @type {HTMLElement} */ (box.querySelector(".clock"));
    if (s.clocks_ms) {
      const elapsed = running ? performance.now() - state.clockAt : 0;
      clock.textContent = clockText(s.clocks_ms[seat] - elapsed);
      clock.setAttribute("aria-label", `${you ? "your" : "their"} clock: ${clockText(s.clocks_ms[seat] - elapsed)}${running ? ", running" : ""}`);
    } else {
      clock.textContent = "";
    }
    if (!you) {
      const gone = s.status.state === "live" && !s.opponent_online;
      box.classList.toggle("gone", gone);
      if (gone && state.claimAt) {
        const left = Math.max(0, Math.ceil((state.claimAt - Date.now()) / 1000));
        /** @type {HTMLElement} */ (box.querySelector(".presence")).textContent = left > 0 ? `gone: you may claim in ${left} s` : "gone: you may claim the game";
      } else {
        /** @type {HTMLElement} */ (box.querySelector(".presence")).textContent = gone ? "gone" : "";
      }
    }
  };
  fill("p-top", them, false);
  fill("p-bottom", me, true);
}

function render() {
  const s = state.snapshot;
  renderPlayers();
  const share = byId("share");
  if (s && s.status.state === "waiting" && state.code) {
    share.hidden = false;
    byId("share-code").textContent = state.code;
    const link = `${location.origin}/#join=${state.code}`;
    const a = $("share-link", HTMLAnchorElement);
    a.href = link;
    a.textContent = link;
  } else {
    share.hidden = true;
  }
  if (!s || !state.board || !state.pos) return;
  const mine = myTurn();
  const legal = mine ? state.pos.legal : [];
  const marks = {
    you: s.you,
    sides: state.sides,
    targets: /** @type {Set<string | number>} */ (mine ? holeOrPointTargets(legal) : new Set()),
    selected: state.pick.from && !state.pick.to ? state.pick.from : null,
    shots: state.pick.shots,
    last: state.pos.last,
    animate: state.animate,
    sowing: state.sowingHole,
    focus: state.focus,
  };
  let position = state.pos.position;
  if (state.shownSeeds && position.family === "mancala") position = { ...position, seeds: state.shownSeeds };
  const hadFocus = boardSvg.contains(document.activeElement);
  draw(boardSvg, state.board, position, marks);
  state.animate = false;
  state.focus = tabStop(boardSvg, state.focus, state.board.family === "mancala");
  if (hadFocus) focusSpot(boardSvg, state.focus);
  // Whose turn, and what to do.
  const live = s.status.state === "live";
  if (s.status.state === "waiting") {
    say("Waiting for an opponent to join.");
  } else if (mine && !byId("status").dataset.keep) {
    say(prompt(legal));
  } else if (s.status.state === "over" || s.status.state === "aborted") {
    say(state.pos.ending ?? "The game is over.");
  } else if (live && !mine) {
    const them = s.names[s.you === "first" ? 1 : 0] ?? "Your opponent";
    say(`${them} to move...`);
  }
  delete byId("status").dataset.keep;
  const offered = s.draw_offer !== null && s.draw_offer !== s.you;
  button("pass").hidden = !(mine && passMove(legal));
  button("offer-draw").hidden = !live || offered || s.draw_offer === s.you;
  button("accept-draw").hidden = !(live && offered);
  button("decline-draw").hidden = !(live && offered);
  // After a resume the grace period's end is not known: the server says how long is left.
  const claimable = live && !s.opponent_online && (state.claimAt === null || Date.now() >= state.claimAt);
  button("claim-win").hidden = !claimable;
  button("claim-draw").hidden = !claimable;
  button("resign").hidden = !(live || s.status.state === "waiting");
  button("resign").textContent = s.status.state === "waiting" ? "Cancel the game" : "Resign";
  button("cancel-pick").hidden = !(mine && (state.pick.from || state.pick.to));
}

/** @param {MoveView[]} legal */
function holeOrPointTargets(legal) {
  if (state.board?.family === "mancala") return new Set(legal.map((m) => m.hole ?? -1));
  return targets(legal, state.pick);
}

/** @param {MoveView[]} legal */
function prompt(legal) {
  if (state.board?.family === "mancala") return "Your turn: choose one of your holes to sow.";
  if (state.pick.to) return "A mill! Choose an opponent's cow to shoot.";
  if (state.pick.from) return `Your turn: choose where the cow on ${state.pick.from} goes.`;
  if (passMove(legal) && legal.length === 1) return "Your turn: you cannot move, so you pass.";
  if (legal.some((m) => m.from === undefined && m.to)) return "Your turn: choose an empty point to place a cow.";
  return "Your turn: choose a cow to move.";
}

/**
 * A tap on a point or hole (click, Enter or Space).
 * @param {string} id
 */
function tap(id) {
  if (!state.board || !state.pos) return;
  state.focus = state.board.family === "mancala" ? Number(id) : id;
  if (!myTurn()) {
    say(state.snapshot?.status.state === "live" ? "It is not your turn." : "The game is not being played.", true);
    render();
    return;
  }
  const legal = state.pos.legal;
  if (state.board.family === "mancala") {
    const move = sowing(legal, Number(id));
    if (move) send(move);
    else {
      say("You cannot sow that hole: choose one of yours with seeds.", true);
    }
    render();
    return;
  }
  const result = tapPoint(legal, state.pick, id);
  if (result.kind === "move") {
    send(result.move);
  } else {
    if (result.kind === "picked") state.pick = result.pick;
    say(result.say, true);
  }
  render();
}

/** @param {MoveView} move */
function send(move) {
  const s = state.snapshot;
  if (!s || !state.pos) return;
  state.conn?.send({ type: "move", ply: state.pos.ply, mv: move.mv });
  state.pick = emptyPick();
  // Until the server answers, nothing more is offered.
  state.pos = { ...state.pos, legal: [] };
  say(`You played ${move.text}.`, true);
}

// ---------------------------------------------------------------- wiring

function wire() {
  button("go-computer").addEventListener("click", () => show("computer"));
  button("go-online").addEventListener("click", () => show("online"));
  button("go-daily").addEventListener("click", () => {
    show("daily");
    loadDaily();
  });
  button("go-rules").addEventListener("click", () => {
    show("rules");
    loadRules();
  });
  for (const b of document.querySelectorAll(".back")) b.addEventListener("click", home);
  byId("home-link").addEventListener("click", (e) => {
    e.preventDefault();
    home();
  });
  $("computer-form", HTMLFormElement).addEventListener("submit", (e) => {
    e.preventDefault();
    startComputer();
  });
  $("create-form", HTMLFormElement).addEventListener("submit", (e) => {
    e.preventDefault();
    createOnline();
  });
  $("join-form", HTMLFormElement).addEventListener("submit", (e) => {
    e.preventDefault();
    join($("join-code", HTMLInputElement).value);
  });
  const name = $("o-name", HTMLInputElement);
  name.value = keptName() ?? "";
  name.addEventListener("change", () => keepName(name.value));
  select("r-game").addEventListener("filled", loadRules);
  select("r-rules").addEventListener("change", loadRules);
  select("c-game").addEventListener("filled", opponentMenu);
  wireBoard(boardSvg, {
    tap,
    moved: (id) => {
      state.focus = state.board?.family === "mancala" ? Number(id) : id;
    },
    escape: () => {
      state.pick = emptyPick();
      render();
    },
  });
  button("pass").addEventListener("click", () => {
    const move = state.pos && passMove(state.pos.legal);
    if (move) send(move);
    render();
  });
  button("cancel-pick").addEventListener("click", () => {
    state.pick = emptyPick();
    render();
  });
  button("offer-draw").addEventListener("click", () => state.conn?.send({ type: "offer-draw" }));
  button("accept-draw").addEventListener("click", () => state.conn?.send({ type: "accept-draw" }));
  button("decline-draw").addEventListener("click", () => state.conn?.send({ type: "decline-draw" }));
  button("claim-win").addEventListener("click", () => state.conn?.send({ type: "claim", kind: "win" }));
  button("claim-draw").addEventListener("click", () => state.conn?.send({ type: "claim", kind: "draw" }));
  button("resign").addEventListener("click", () => {
    const waiting = state.snapshot?.status.state === "waiting";
    if (waiting || confirm("Resign this game?")) state.conn?.send({ type: "resign" });
  });
  button("over-home").addEventListener("click", home);
  button("over-again").addEventListener("click", () => state.again && connect(state.again));
  button("copy-link").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("share-link", HTMLAnchorElement).href);
      say("The link is copied.");
    } catch {
      say("Copy the link by hand: the browser did not allow it.");
    }
  });
  // The clocks and the claim countdown tick between frames.
  setInterval(() => {
    if (state.snapshot && !byId("game").hidden) renderPlayers();
    const s = state.snapshot;
    if (s && s.status.state === "live" && !s.opponent_online) {
      const claimable = state.claimAt === null || Date.now() >= state.claimAt;
      button("claim-win").hidden = !claimable;
      button("claim-draw").hidden = !claimable;
    }
  }, 250);
}

/** Follows the address: `#join=CODE` joins, `#game=ID` resumes a seat kept here, `#daily` opens
 * the daily puzzle. */
function route() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const code = hash.get("join");
  const game = Number(hash.get("game"));
  if (code) {
    join(code);
    return;
  }
  if (hash.has("daily")) {
    show("daily");
    loadDaily();
    return;
  }
  const kept = keptSeats().find((s) => s.game === game);
  if (kept) {
    state.mode = "online";
    resume(kept.game, kept.token);
    return;
  }
  home();
}

async function main() {
  wire();
  try {
    const reply = await fetch("/api/catalog");
    state.catalog = await reply.json();
  } catch {
    byId("error").textContent = "The server did not answer: reload the page to try again.";
    return;
  }
  gameMenus("c-game", "c-rules");
  gameMenus("o-game", "o-rules");
  gameMenus("r-game", "r-rules");
  opponentMenu();
  wireDaily(state.catalog?.games.map((g) => g.name) ?? []);
  window.addEventListener("hashchange", route);
  route();
  document.body.dataset.ready = "1";
}

main();
