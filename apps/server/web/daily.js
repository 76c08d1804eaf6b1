// The daily puzzle screen: the day's puzzle of a game (`/api/daily`, docs/web.md), drawn on
// the same SVG board as a game. The page builds a move only from the legal list the server
// sends, as in a game; the server judges it against the proven solution and plays the
// defender's reply. Solved days and the streak are kept in this browser (streak.js).

import { animateSowing, draw, focusSpot, tabStop, wireBoard } from "./board.js";
import { button, byId, select, svgById } from "./dom.js";
import { emptyPick, passMove, sowing, tapPoint, targets } from "./pick.js";
import { bestStreak, keep, kept, record, streak } from "./streak.js";

/** @typedef {import("./types.js").DailyAnswer} DailyAnswer */
/** @typedef {import("./types.js").MoveView} MoveView */
/** @typedef {import("./pick.js").Pick} Pick */

const svg = svgById("daily-board");

const daily = {
  /** @type {DailyAnswer | null} */ answer: null,
  /** @type {Pick} */ pick: emptyPick(),
  /** @type {string | number | null} */ focus: null,
  busy: false,
  /** the next drawing animates the last move (a reply just played) */
  animate: false,
  /** mancala: the seeds shown while a sowing is animated, and the hole sown into */
  /** @type {number[] | null} */ shownSeeds: null,
  /** @type {number | null} */ sowingHole: null,
  /** the animation running (a newer one stops it) */
  animating: 0,
  /** the newest request (older answers are dropped) */
  asked: 0,
};

/**
 * The day asked for in the address (`?date=YYYY-MM-DD`, to see another day), or none: today.
 * @returns {string | null}
 */
function pinnedDate() {
  return new URLSearchParams(location.search).get("date");
}

/**
 * Says something on the puzzle's status line.
 * @param {string} text
 */
function say(text) {
  byId("daily-status").textContent = text;
}

/**
 * Asks the server: `moves` (the accepted ones, then the one to judge) or the solution.
 * @param {{moves?: import("./types.js").WireMove[], solution?: boolean}} what
 * @returns {Promise<DailyAnswer | null>} null when refused (the reason is shown) or superseded
 */
async function ask(what) {
  const asked = ++daily.asked;
  const game = select("d-game").value;
  daily.busy = true;
  byId("daily-error").textContent = "";
  try {
    let reply;
    if (what.moves || what.solution) {
      reply = await fetch("/api/daily", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ game, date: daily.answer?.date ?? pinnedDate(), moves: what.moves ?? [], solution: !!what.solution }),
      });
    } else {
      const date = pinnedDate();
      reply = await fetch(`/api/daily?game=${encodeURIComponent(game)}${date ? `&date=${encodeURIComponent(date)}` : ""}`);
    }
    const body = await reply.json();
    if (asked !== daily.asked) return null;
    if (!reply.ok) throw new Error(body.error ?? reply.statusText);
    return /** @type {DailyAnswer} */ (body);
  } catch (e) {
    if (asked === daily.asked) {
      byId("daily-error").textContent = `The server refused: ${e instanceof Error ? e.message : e}`;
    }
    return null;
  } finally {
    if (asked === daily.asked) daily.busy = false;
  }
}

/** Loads the chosen game's puzzle of the day, from its start. */
export async function loadDaily() {
  daily.animating++;
  daily.shownSeeds = null;
  daily.sowingHole = null;
  daily.answer = null;
  daily.pick = emptyPick();
  byId("daily-solution").hidden = true;
  byId("daily-heading").replaceChildren();
  svg.replaceChildren();
  say("Loading the puzzle...");
  const answer = await ask({});
  if (!answer) {
    say("");
    return;
  }
  daily.answer = answer;
  daily.focus = null;
  say(prompt());
  render();
}

/** What the player does now. */
function prompt() {
  const a = daily.answer;
  if (!a) return "";
  if (a.over) return a.solution ? "The solution is shown: choose another game, or start again." : "Solved!";
  if (a.board.family === "mancala") return "Your move: choose one of your holes to sow.";
  if (daily.pick.to) return "A mill! Choose an opponent's cow to shoot.";
  if (daily.pick.from) return `Choose where the cow on ${daily.pick.from} goes.`;
  const legal = a.position.legal;
  if (legal.some((m) => m.from === undefined && m.to)) return "Your move: choose an empty point to place a cow.";
  return "Your move: choose a cow to move.";
}

function renderHeading() {
  const a = daily.answer;
  const box = byId("daily-heading");
  if (!a) return;
  const lines = a.heading.map((text) => {
    const p = document.createElement("p");
    p.textContent = text;
    return p;
  });
  box.replaceChildren(...lines);
  box.dataset.id = a.id;
  const solved = kept();
  const today = a.today ? a.date : null;
  const n = today ? streak(solved, today) : null;
  byId("daily-streak").textContent =
    n === null
      ? `The puzzle of ${a.date}: only today's puzzle counts for your streak.`
      : `Your streak: ${n} day${n === 1 ? "" : "s"} (best ${bestStreak(solved)}), kept in this browser.`;
}

function render() {
  const a = daily.answer;
  if (!a) return;
  renderHeading();
  const legal = a.over || daily.busy ? [] : a.position.legal;
  const marks = {
    you: a.you,
    sides: a.sides,
    targets: /** @type {Set<string | number>} */ (
      a.board.family === "mancala" ? new Set(legal.map((m) => m.hole ?? -1)) : targets(legal, daily.pick)
    ),
    selected: daily.pick.from && !daily.pick.to ? daily.pick.from : null,
    shots: daily.pick.shots,
    last: a.position.last,
    animate: daily.animate,
    sowing: daily.sowingHole,
    focus: daily.focus,
  };
  const hadFocus = svg.contains(document.activeElement);
  let position = a.position.position;
  if (daily.shownSeeds && position.family === "mancala") position = { ...position, seeds: daily.shownSeeds };
  draw(svg, a.board, position, marks);
  daily.animate = false;
  svg.setAttribute("aria-label", `The puzzle's board: ${svg.getAttribute("aria-label") ?? ""}`);
  daily.focus = tabStop(svg, daily.focus, a.board.family === "mancala");
  if (hadFocus) focusSpot(svg, daily.focus);
  button("daily-show").hidden = a.over;
  button("daily-pass").hidden = a.over || !passMove(legal);
  button("daily-cancel").hidden = a.over || !(daily.pick.from || daily.pick.to);
  const solution = byId("daily-solution");
  solution.hidden = !a.solution;
  if (a.solution) solution.textContent = `The solution: ${a.solution.join(" ")}`;
}

/**
 * A tap on a point or hole of the puzzle's board.
 * @param {string} id
 */
function tap(id) {
  const a = daily.answer;
  if (!a) return;
  daily.focus = a.board.family === "mancala" ? Number(id) : id;
  if (a.over) {
    say("The puzzle is over: choose another game, or start again.");
    return;
  }
  if (daily.busy) return;
  const legal = a.position.legal;
  if (a.board.family === "mancala") {
    const move = sowing(legal, Number(id));
    if (move) play(move);
    else say("You cannot sow that hole: choose one of yours with seeds.");
    render();
    return;
  }
  const result = tapPoint(legal, daily.pick, id);
  if (result.kind === "move") {
    play(result.move);
  } else {
    if (result.kind === "picked") daily.pick = result.pick;
    say(result.say);
  }
  render();
}

/**
 * Sends a finished move to be judged.
 * @param {MoveView} move
 */
async function play(move) {
  const a = daily.answer;
  if (!a) return;
  daily.pick = emptyPick();
  say(`You played ${move.text}...`);
  const answer = await ask({ moves: [...a.accepted, move.mv] });
  if (!answer) {
    render();
    return;
  }
  const before = a.position.position;
  daily.answer = answer;
  const v = answer.verdict?.verdict;
  if (before.family === "mancala" && answer.just_played?.length) sowInTurn(before.seeds, answer.just_played);
  // The defender's reply moves its cow (or fades the shot ones) as in a game.
  daily.animate = v === "right";
  let after = "";
  if (v === "wrong" || v === "solved") {
    const solved = v === "solved";
    const now = record(kept(), answer.date, answer.game, { solved, clean: solved, onDay: answer.today });
    keep(now);
    const result = now[answer.date][answer.game];
    if (solved && result.clean && result.onDay) after = " Solved cleanly: today counts for your streak.";
    else if (solved && result.clean) after = " Solved cleanly (only today's puzzle counts for the streak).";
    else if (solved) after = " Solved, with help: it does not count for the streak.";
  }
  say((answer.said ?? prompt()) + after);
  render();
}

/**
 * Animates the sowings just played (the player's, then the reply), one after the other.
 * @param {number[]} seeds the seeds before the first
 * @param {import("./types.js").LastMove[]} plies
 */
function sowInTurn(seeds, plies) {
  const token = ++daily.animating;
  const stop = () => {
    daily.shownSeeds = null;
    daily.sowingHole = null;
    render();
  };
  /** @param {number[]} from @param {number} i */
  const next = (from, i) => {
    if (i >= plies.length || !plies[i].steps?.length) {
      stop();
      return;
    }
    animateSowing(
      from,
      plies[i].steps ?? [],
      (now, hole) => {
        daily.shownSeeds = now;
        daily.sowingHole = hole;
        render();
      },
      () => token === daily.animating,
      (after) => next(after, i + 1),
    );
  };
  daily.shownSeeds = [...seeds];
  next(seeds, 0);
}

async function showSolution() {
  const a = daily.answer;
  if (!a || a.over) return;
  const answer = await ask({ moves: a.accepted, solution: true });
  if (!answer) return;
  keep(record(kept(), answer.date, answer.game, { solved: false, clean: false, onDay: answer.today }));
  daily.answer = answer;
  say(answer.said ?? "");
  render();
}

/**
 * Fills the game menu and wires the screen.
 * @param {string[]} games
 */
export function wireDaily(games) {
  const menu = select("d-game");
  menu.replaceChildren(...games.map((g) => new Option(g, g)));
  menu.addEventListener("change", loadDaily);
  wireBoard(svg, {
    tap,
    moved: (id) => {
      daily.focus = daily.answer?.board.family === "mancala" ? Number(id) : id;
    },
    escape: () => {
      daily.pick = emptyPick();
      say(prompt());
      render();
    },
  });
  button("daily-show").addEventListener("click", showSolution);
  button("daily-again").addEventListener("click", loadDaily);
  button("daily-cancel").addEventListener("click", () => {
    daily.pick = emptyPick();
    say(prompt());
    render();
  });
  button("daily-pass").addEventListener("click", () => {
    const move = daily.answer && passMove(daily.answer.position.legal);
    if (move) play(move);
  });
}
