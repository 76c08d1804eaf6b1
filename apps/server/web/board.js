// The board as SVG, drawn only from what the server sends: the geometry (points, lines,
// holes), the position, the legal moves (as targets) and the last move. Keyboard: arrow keys
// move between points or holes by where they are drawn; Enter or Space taps.

/** @typedef {import("./types.js").BoardView} BoardView */
/** @typedef {import("./types.js").PositionView} PositionView */
/** @typedef {import("./types.js").LastMove} LastMove */
/** @typedef {import("./types.js").Seat} Seat */

const SVG = "http://www.w3.org/2000/svg";

/**
 * An SVG element with attributes.
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 * @param {Element} [parent]
 * @returns {SVGElement}
 */
function el(tag, attrs, parent) {
  const e = /** @type {SVGElement} */ (document.createElementNS(SVG, tag));
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

/**
 * What to draw besides the position.
 * @typedef {object} Marks
 * @property {Seat} you the viewer's seat (mancala: their row at the bottom)
 * @property {string[]} sides the sides' names, first seat first
 * @property {Set<string | number>} targets points or holes that can be tapped now
 * @property {string | null} selected a mill cow picked up
 * @property {string[]} shots cows chosen to shoot
 * @property {LastMove | null} last the last move (marked)
 * @property {boolean} animate whether the last move is new (animate it)
 * @property {number | null} sowing mancala: the hole a seed just fell into (animation)
 * @property {string | number | null} focus the point or hole that has the keyboard focus
 */

/**
 * Draws the board into `svg` (replacing what was there).
 * @param {SVGSVGElement} svg
 * @param {BoardView} board
 * @param {PositionView} position
 * @param {Marks} marks
 */
export function draw(svg, board, position, marks) {
  svg.replaceChildren();
  if (board.family === "mill" && position.family === "mill") {
    drawMill(svg, board, position, marks);
  } else if (board.family === "mancala" && position.family === "mancala") {
    drawMancala(svg, board, position, marks);
  }
}

/** @param {number} x */
const px = (x) => 50 + x * 100;
/** @param {number} y */
const py = (y) => 650 - y * 100;

/**
 * @param {SVGSVGElement} svg
 * @param {Extract<BoardView, {family: "mill"}>} board
 * @param {Extract<PositionView, {family: "mill"}>} position
 * @param {Marks} marks
 */
function drawMill(svg, board, position, marks) {
  svg.setAttribute("viewBox", "-36 0 736 736");
  svg.setAttribute("aria-label", `The ${board.board} mill board, 24 points`);
  /** @type {Map<string, {x: number, y: number}>} */
  const at = new Map(board.points.map((p) => [p.name, { x: px(p.x), y: py(p.y) }]));
  el("rect", { x: 0, y: 0, width: 700, height: 700, rx: 24, class: "wood" }, svg);
  const lines = el("g", { class: "lines" }, svg);
  for (const [a, b] of board.lines) {
    const p = at.get(a);
    const q = at.get(b);
    if (p && q) el("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y }, lines);
  }
  const last = marks.last?.mv;
  if (last?.from && last.to) {
    const p = at.get(last.from);
    const q = at.get(last.to);
    if (p && q) el("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: "last-path" }, svg);
  }
  const names = board.points.map((p) => p.name);
  board.points.forEach((p, i) => {
    const { x, y } = /** @type {{x: number, y: number}} */ (at.get(p.name));
    const cow = position.cows[i];
    const g = el("g", { class: "spot", "data-id": p.name, role: "button" }, svg);
    let label = p.name;
    if (cow) label += `, ${marks.sides[cow === "first" ? 0 : 1].toLowerCase()} cow`;
    else label += ", empty";
    if (marks.selected === p.name) label += ", picked up";
    if (marks.shots.includes(p.name)) label += ", to be shot";
    if (last && (last.to === p.name)) label += ", last move";
    if (marks.targets.has(p.name)) label += ", can be chosen";
    g.setAttribute("aria-label", label);
    g.setAttribute("tabindex", marks.focus === p.name ? "0" : "-1");
    el("circle", { cx: x, cy: y, r: 44, class: "hit" }, g);
    el("circle", { cx: x, cy: y, r: 9, class: "point" }, g);
    if (last?.to === p.name || last?.from === p.name) {
      el("circle", { cx: x, cy: y, r: 40, class: last.to === p.name ? "last-to" : "last-from" }, g);
    }
    if (marks.targets.has(p.name)) {
      const shoot = cow !== null && cow !== marks.you;
      el("circle", { cx: x, cy: y, r: shoot ? 38 : 24, class: shoot ? "target shoot" : "target" }, g);
    }
    if (cow) {
      const c = drawCow(g, x, y, cow);
      if (marks.animate && last?.to === p.name) {
        const from = last.from ? at.get(last.from) : null;
        if (from) {
          el("animateTransform", { attributeName: "transform", type: "translate", from: `${from.x - x} ${from.y - y}`, to: "0 0", dur: "0.35s", fill: "freeze" }, c);
        } else {
          el("animate", { attributeName: "opacity", from: "0", to: "1", dur: "0.3s", fill: "freeze" }, c);
        }
      }
    }
    if (marks.selected === p.name) el("circle", { cx: x, cy: y, r: 38, class: "selected" }, g);
    if (marks.shots.includes(p.name)) drawCross(g, x, y);
    // A shot cow of the last move fades away where it stood.
    if (marks.last?.mv.shots?.includes(p.name) && !cow) {
      const ghost = drawCow(g, x, y, marks.last.by === "first" ? "second" : "first");
      ghost.classList.add("ghost");
      drawCross(ghost, x, y);
      if (marks.animate) {
        el("animate", { attributeName: "opacity", values: "1;1;0.25", dur: "0.9s", fill: "freeze" }, ghost);
      }
    }
  });
  // The points' names along the edges, as on a printed board.
  const files = "abcdefg";
  for (let i = 0; i < 7; i++) {
    const t = el("text", { x: px(i), y: 728, class: "coord" }, svg);
    t.textContent = files[i];
    const r = el("text", { x: -18, y: py(i) + 8, class: "coord" }, svg);
    r.textContent = String(i + 1);
  }
  svg.dataset.ids = names.join(" ");
}

/**
 * A cow: a light disc with a ring for the first seat, a dark disc with a square for the
 * second (shape as well as colour).
 * @param {Element} parent
 * @param {number} x
 * @param {number} y
 * @param {Seat} seat
 */
function drawCow(parent, x, y, seat) {
  const g = el("g", { class: `cow ${seat}` }, parent);
  el("circle", { cx: x, cy: y, r: 30, class: "body" }, g);
  if (seat === "first") {
    el("circle", { cx: x, cy: y, r: 13, class: "mark" }, g);
  } else {
    el("rect", { x: x - 10, y: y - 10, width: 20, height: 20, class: "mark" }, g);
  }
  return g;
}

/**
 * @param {Element} parent
 * @param {number} x
 * @param {number} y
 */
function drawCross(parent, x, y) {
  const g = el("g", { class: "cross" }, parent);
  el("line", { x1: x - 22, y1: y - 22, x2: x + 22, y2: y + 22 }, g);
  el("line", { x1: x - 22, y1: y + 22, x2: x + 22, y2: y - 22 }, g);
}

/**
 * @param {SVGSVGElement} svg
 * @param {Extract<BoardView, {family: "mancala"}>} board
 * @param {Extract<PositionView, {family: "mancala"}>} position
 * @param {Marks} marks
 */
function drawMancala(svg, board, position, marks) {
  const flip = marks.you === "second";
  const w = board.columns * 100 + 40;
  const h = board.rows * 100 + 100;
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("aria-label", `The ${board.game} board, ${board.holes.length} holes`);
  el("rect", { x: 5, y: 5, width: w - 10, height: h - 10, rx: 30, class: "wood" }, svg);
  // The stores: what each side captured, theirs at the top, yours at the bottom.
  const mine = flip ? 1 : 0;
  for (const [seat, y] of [[1 - mine, 12], [mine, h - 52]]) {
    const t = el("text", { x: w / 2, y: y + 28, class: "store" }, svg);
    t.textContent = `${marks.sides[seat]}: ${position.captured[seat]} captured`;
  }
  const last = marks.last?.mv.hole;
  const ids = [];
  const texts = el("g", { class: "texts" });
  const order = [...board.holes].sort((a, b) => place(a, board, flip) - place(b, board, flip));
  for (const hole of order) {
    const row = flip ? board.rows - 1 - hole.row : hole.row;
    const column = flip ? board.columns - 1 - hole.column : hole.column;
    const x = 20 + column * 100;
    const y = 50 + row * 100;
    const seeds = position.seeds[hole.index];
    const g = el("g", { class: `spot hole ${hole.owner}`, "data-id": String(hole.index), role: "button" }, svg);
    let label = `${hole.describe}, ${seeds} seed${seeds === 1 ? "" : "s"}`;
    if (last === hole.index) label += ", last move";
    if (marks.targets.has(hole.index)) label += ", can be sown";
    g.setAttribute("aria-label", label);
    g.setAttribute("tabindex", marks.focus === hole.index ? "0" : "-1");
    el("rect", { x: x + 6, y: y + 6, width: 88, height: 88, rx: 40, class: "pit" }, g);
    if (marks.targets.has(hole.index)) el("rect", { x: x + 2, y: y + 2, width: 96, height: 96, rx: 44, class: "target" }, g);
    if (last === hole.index) el("rect", { x: x + 10, y: y + 10, width: 80, height: 80, rx: 36, class: "last-to" }, g);
    if (marks.sowing === hole.index) el("rect", { x: x + 6, y: y + 6, width: 88, height: 88, rx: 40, class: "sowing" }, g);
    for (let s = 0; s < Math.min(seeds, 24); s++) {
      const angle = s * 2.4;
      const radius = 8 + 3.2 * Math.sqrt(s) * 3;
      el("circle", { cx: x + 50 + Math.cos(angle) * Math.min(radius, 30), cy: y + 50 + Math.sin(angle) * Math.min(radius, 30), r: 6, class: "seed" }, g);
    }
    // The numbers drawn are in the hole's label already, in words: they are drawn beside
    // the button, not in it, and let clicks through.
    const n = el("text", { x: x + 50, y: y + 60, class: "count", "aria-hidden": "true", "data-hole": hole.index }, texts);
    n.textContent = String(seeds);
    const l = el("text", { x: x + 88, y: y + 22, class: "label", "aria-hidden": "true" }, texts);
    l.textContent = hole.label;
    ids.push(String(hole.index));
  }
  svg.appendChild(texts);
  svg.dataset.ids = ids.join(" ");
}

/**
 * The reading order of a hole as drawn (row by row, left to right).
 * @param {import("./types.js").HoleView} hole
 * @param {Extract<BoardView, {family: "mancala"}>} board
 * @param {boolean} flip
 */
function place(hole, board, flip) {
  const row = flip ? board.rows - 1 - hole.row : hole.row;
  const column = flip ? board.columns - 1 - hole.column : hole.column;
  return row * 100 + column;
}

/**
 * The spot the arrow key `key` leads to from `from`, by where the spots are drawn: the
 * nearest one in that direction.
 * @param {SVGSVGElement} svg
 * @param {string} from the data-id of the focused spot
 * @param {string} key ArrowUp, ArrowDown, ArrowLeft or ArrowRight
 * @returns {string | null}
 */
export function neighbour(svg, from, key) {
  const spots = [...svg.querySelectorAll(".spot")];
  const centre = (/** @type {Element} */ e) => {
    const b = /** @type {SVGGraphicsElement} */ (e.firstElementChild).getBBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  };
  const here = spots.find((s) => s.getAttribute("data-id") === from);
  if (!here) return spots[0]?.getAttribute("data-id") ?? null;
  const c = centre(here);
  const dir = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[key];
  if (!dir) return null;
  let best = null;
  let bestScore = Infinity;
  for (const s of spots) {
    if (s === here) continue;
    const p = centre(s);
    const dx = p.x - c.x;
    const dy = p.y - c.y;
    const along = dx * dir[0] + dy * dir[1];
    if (along <= 1) continue;
    const across = Math.abs(dx * dir[1] - dy * dir[0]);
    const score = along + across * 3;
    if (score < bestScore) {
      bestScore = score;
      best = s.getAttribute("data-id");
    }
  }
  return best;
}

/**
 * Gives the keyboard focus to the spot `id` (the board's one tab stop).
 * @param {SVGSVGElement} svg
 * @param {string | number | null} id
 */
export function focusSpot(svg, id) {
  if (id === null) return;
  const spot = svg.querySelector(`[data-id="${id}"]`);
  if (spot instanceof SVGElement) {
    for (const s of svg.querySelectorAll(".spot")) s.setAttribute("tabindex", "-1");
    spot.setAttribute("tabindex", "0");
    spot.focus();
  }
}

/**
 * Makes the first spot the tab stop when `focus` names none drawn; returns the spot that has it.
 * @param {SVGSVGElement} svg
 * @param {string | number | null} focus
 * @param {boolean} holes whether the spots are holes (numbered)
 * @returns {string | number | null}
 */
export function tabStop(svg, focus, holes) {
  if (focus !== null && svg.querySelector(`[data-id="${focus}"]`)) return focus;
  const first = svg.querySelector(".spot");
  if (!first) return focus;
  first.setAttribute("tabindex", "0");
  return holes ? Number(first.getAttribute("data-id")) : first.getAttribute("data-id");
}

/**
 * The board's input: a click, Enter or Space taps a spot; the arrow keys move the focus
 * (`moved` is told the spot's id); Escape starts the turn again.
 * @param {SVGSVGElement} svg
 * @param {{tap: (id: string) => void, moved: (id: string) => void, escape: () => void}} on
 */
export function wireBoard(svg, on) {
  svg.addEventListener("click", (e) => {
    const spot = e.target instanceof Element ? e.target.closest(".spot") : null;
    const id = spot?.getAttribute("data-id");
    if (id != null) on.tap(id);
  });
  svg.addEventListener("keydown", (e) => {
    const spot = e.target instanceof Element ? e.target.closest(".spot") : null;
    const id = spot?.getAttribute("data-id");
    if (id == null) return;
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      on.tap(id);
    } else if (e.key.startsWith("Arrow")) {
      e.preventDefault();
      const next = neighbour(svg, id, e.key);
      if (next !== null) {
        on.moved(next);
        focusSpot(svg, next);
      }
    } else if (e.key === "Escape") {
      on.escape();
    }
  });
}

/**
 * Plays a sowing's steps, one a tick, on a copy of the seeds before it: `show(seeds, hole)`
 * after each step (the hole a seed just fell into or was taken from), `done(seeds)` at the end.
 * It stops when `wanted()` turns false (a newer state came).
 * @param {number[]} before
 * @param {import("./types.js").SowStep[]} steps
 * @param {(seeds: number[], hole: number) => void} show
 * @param {() => boolean} wanted
 * @param {(seeds: number[]) => void} done
 */
export function animateSowing(before, steps, show, wanted, done) {
  const seeds = [...before];
  let i = 0;
  const tick = () => {
    if (!wanted()) return;
    if (i >= steps.length) {
      done(seeds);
      return;
    }
    const step = steps[i++];
    if (step.step === "lift" || step.step === "capture") seeds[step.hole] = 0;
    else seeds[step.hole] = step.seeds;
    show(seeds, step.hole);
    setTimeout(tick, step.step === "capture" ? 320 : 160);
  };
  tick();
}
