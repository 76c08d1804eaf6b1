// Building a move tap by tap, only by filtering the legal moves the server sent (as the
// session's MorrisPick does): the page has no rules of its own. Pure functions, no DOM.

/** @typedef {import("./types.js").MoveView} MoveView */

/**
 * What has been tapped so far this turn (mill games).
 * @typedef {object} Pick
 * @property {string | null} from the cow chosen to move
 * @property {string | null} to the point placed on or moved to
 * @property {string[]} shots the cows chosen to shoot
 */

/** @returns {Pick} */
export function emptyPick() {
  return { from: null, to: null, shots: [] };
}

/**
 * The legal moves that agree with the pick so far.
 * @param {MoveView[]} legal
 * @param {Pick} pick
 * @returns {MoveView[]}
 */
export function candidates(legal, pick) {
  return legal.filter(
    (m) =>
      (pick.from === null || m.from === pick.from) &&
      (pick.to === null || m.to === pick.to) &&
      pick.shots.every((s) => (m.shots ?? []).includes(s)),
  );
}

/**
 * What tapping a point means now.
 * @typedef {{kind: "picked", pick: Pick, say: string}
 *   | {kind: "move", move: MoveView}
 *   | {kind: "refused", say: string}} Tap
 */

/**
 * Taps a point of a mill board.
 * @param {MoveView[]} legal
 * @param {Pick} pick
 * @param {string} point
 * @returns {Tap}
 */
export function tapPoint(legal, pick, point) {
  const placing = legal.some((m) => m.to !== undefined && m.from === undefined);
  if (pick.to === null) {
    if (placing) {
      return choose(legal, { ...pick, to: point }, `You cannot place a cow on ${point}.`);
    }
    if (pick.from === point) {
      return { kind: "picked", pick: emptyPick(), say: `${point} let go.` };
    }
    if (pick.from !== null && legal.some((m) => m.from === pick.from && m.to === point)) {
      return choose(legal, { ...pick, to: point }, "");
    }
    if (legal.some((m) => m.from === point)) {
      return { kind: "picked", pick: { from: point, to: null, shots: [] }, say: `${point} picked up: now tap where it goes.` };
    }
    return {
      kind: "refused",
      say: pick.from === null ? `The cow on ${point} cannot move: tap one of your cows that can.` : `The cow on ${pick.from} cannot go to ${point}.`,
    };
  }
  // Shooting.
  if (pick.shots.includes(point)) {
    return { kind: "picked", pick: { ...pick, shots: pick.shots.filter((s) => s !== point) }, say: `${point} is no longer shot.` };
  }
  return choose(legal, { ...pick, shots: [...pick.shots, point] }, `The cow on ${point} cannot be shot.`);
}

/**
 * The pick after a tap: a complete move, a pick that goes on, or the refusal `refusal`.
 * @param {MoveView[]} legal
 * @param {Pick} next
 * @param {string} refusal
 * @returns {Tap}
 */
function choose(legal, next, refusal) {
  const left = candidates(legal, next);
  if (left.length === 0) {
    return { kind: "refused", say: refusal };
  }
  const exact = left.find((m) => (m.shots ?? []).length === next.shots.length);
  if (exact && left.length === 1) {
    return { kind: "move", move: exact };
  }
  if (exact && left.every((m) => (m.shots ?? []).length === next.shots.length)) {
    return { kind: "move", move: exact };
  }
  if (exact) {
    // A move without (more) shots, and others with them: only a closed mill has shots, and a
    // closed mill must shoot, so this does not arise; play the exact one.
    return { kind: "move", move: exact };
  }
  const n = (left[0].shots ?? []).length - next.shots.length;
  return {
    kind: "picked",
    pick: next,
    say: `A mill! Tap ${n === 1 ? "an opponent's cow" : `${n} of the opponent's cows`} to shoot.`,
  };
}

/**
 * The points that can be tapped next (to draw them as targets).
 * @param {MoveView[]} legal
 * @param {Pick} pick
 * @returns {Set<string>}
 */
export function targets(legal, pick) {
  const left = candidates(legal, pick);
  /** @type {Set<string>} */
  const out = new Set();
  for (const m of left) {
    if (pick.to === null && pick.from === null) {
      out.add(m.from ?? m.to ?? "");
    } else if (pick.to === null) {
      if (m.to) out.add(m.to);
    } else {
      for (const s of m.shots ?? []) if (!pick.shots.includes(s)) out.add(s);
    }
  }
  out.delete("");
  return out;
}

/**
 * The move sowing hole `hole`, if it is legal.
 * @param {MoveView[]} legal
 * @param {number} hole
 * @returns {MoveView | undefined}
 */
export function sowing(legal, hole) {
  return legal.find((m) => m.hole === hole);
}

/**
 * The pass, if it is the (only kind of) legal move.
 * @param {MoveView[]} legal
 * @returns {MoveView | undefined}
 */
export function passMove(legal) {
  return legal.find((m) => m.text === "pass");
}
