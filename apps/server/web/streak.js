// The daily puzzles solved in this browser (localStorage, key `kraal.daily`) and the streak
// they make: the same rule as `kraal puzzle daily` (docs/puzzles.md, "Progress"): a day counts
// when one of its puzzles was solved cleanly (no wrong move, no solution asked for) on that
// very day; the streak is the run of such days up to today or yesterday. Pure functions and
// the storage; no DOM.

export const DAILY_KEY = "kraal.daily";

/**
 * How one game's puzzle of a day went.
 * @typedef {object} DayResult
 * @property {boolean} solved solved (with help or without)
 * @property {boolean} clean solved with no wrong move and no solution asked for
 * @property {boolean} onDay solved on its own day (the server's today)
 */

/** @typedef {Record<string, Record<string, DayResult>>} Solved the days (YYYY-MM-DD), then the games */

/**
 * Days since 1970-01-01 of a date `YYYY-MM-DD` (NaN if it is not one).
 * @param {string} date
 */
export function dayNumber(date) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return NaN;
  return Math.round(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000);
}

/**
 * Whether a day counts for the streak.
 * @param {Record<string, DayResult> | undefined} games
 */
function counts(games) {
  return !!games && Object.values(games).some((r) => r.solved && r.clean && r.onDay);
}

/**
 * The streak on `today`: days in a row that count, ending today or yesterday.
 * @param {Solved} solved
 * @param {string} today YYYY-MM-DD
 * @returns {number}
 */
export function streak(solved, today) {
  const counted = new Set(Object.keys(solved).filter((d) => counts(solved[d])).map(dayNumber));
  let day = dayNumber(today);
  if (!counted.has(day)) day -= 1;
  let n = 0;
  while (counted.has(day)) {
    n += 1;
    day -= 1;
  }
  return n;
}

/**
 * The longest run of counted days.
 * @param {Solved} solved
 * @returns {number}
 */
export function bestStreak(solved) {
  const days = Object.keys(solved)
    .filter((d) => counts(solved[d]))
    .map(dayNumber)
    .sort((a, b) => a - b);
  let best = 0;
  let run = 0;
  for (let i = 0; i < days.length; i++) {
    run = i > 0 && days[i] === days[i - 1] + 1 ? run + 1 : 1;
    best = Math.max(best, run);
  }
  return best;
}

/**
 * Records how an attempt went. The first attempt at a day's puzzle decides whether it is
 * clean: a wrong move or the solution asked for is recorded at once (not solved, not clean),
 * and solving it later, or again, cannot make it clean; a clean solve stays as it is.
 * @param {Solved} solved
 * @param {string} date
 * @param {string} game
 * @param {DayResult} result
 * @returns {Solved} a new record
 */
export function record(solved, date, game, result) {
  const before = solved[date]?.[game];
  let now = result;
  if (before && before.solved && before.clean) now = before;
  else if (before) now = { solved: before.solved || result.solved, clean: false, onDay: before.onDay };
  return { ...solved, [date]: { ...solved[date], [game]: now } };
}

/** @returns {Solved} what this browser keeps */
export function kept() {
  try {
    const value = JSON.parse(localStorage.getItem(DAILY_KEY) ?? "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

/** @param {Solved} solved */
export function keep(solved) {
  try {
    localStorage.setItem(DAILY_KEY, JSON.stringify(solved));
  } catch {
    // Storage full or refused: the streak is not kept, the puzzle still plays.
  }
}
