// The daily puzzle's streak kept in the browser (apps/server/web/streak.js): node --test.
// The expected counts are worked by hand from the rule in docs/puzzles.md ("Progress"): a day
// counts when a puzzle of it was solved cleanly on that day; the streak runs up to today or
// yesterday.
import { test } from "node:test";
import assert from "node:assert/strict";
import { bestStreak, dayNumber, record, streak } from "../../apps/server/web/streak.js";

const clean = { solved: true, clean: true, onDay: true };

test("day numbers count from 1970-01-01 and refuse other text", () => {
  assert.equal(dayNumber("1970-01-01"), 0);
  assert.equal(dayNumber("1970-02-01"), 31);
  // 2026-12-01: 20,788 days (date -u -d 2026-12-01 +%s is 1796083200, / 86400).
  assert.equal(dayNumber("2026-12-01"), 20_788);
  assert.ok(Number.isNaN(dayNumber("yesterday")));
});

test("the streak runs up to today or yesterday, across a month's end", () => {
  const solved = {
    "2026-11-29": { oware: clean },
    "2026-11-30": { morabaraba: clean },
    "2026-12-01": { mulabalaba: clean },
  };
  assert.equal(streak(solved, "2026-12-01"), 3);
  // Today not solved yet: yesterday's run still stands.
  assert.equal(streak(solved, "2026-12-02"), 3);
  // A day missed breaks it.
  assert.equal(streak(solved, "2026-12-03"), 0);
  assert.equal(bestStreak(solved), 3);
});

test("only clean solves on their own day count", () => {
  const solved = {
    "2026-11-29": { oware: clean },
    "2026-11-30": { oware: { solved: true, clean: false, onDay: true } },
    "2026-12-01": { oware: { solved: true, clean: true, onDay: false } },
  };
  assert.equal(streak(solved, "2026-12-01"), 0);
  assert.equal(bestStreak(solved), 1);
});

test("the first attempt decides whether a day is clean", () => {
  let solved = record({}, "2026-12-01", "oware", { solved: false, clean: false, onDay: true });
  solved = record(solved, "2026-12-01", "oware", { solved: true, clean: true, onDay: true });
  assert.deepEqual(solved["2026-12-01"].oware, { solved: true, clean: false, onDay: true });
  assert.equal(streak(solved, "2026-12-01"), 0);
  // A clean solve stays clean whatever comes after; another game's day is its own.
  solved = record(solved, "2026-12-01", "mulabalaba", clean);
  solved = record(solved, "2026-12-01", "mulabalaba", { solved: false, clean: false, onDay: true });
  assert.deepEqual(solved["2026-12-01"].mulabalaba, clean);
  assert.equal(streak(solved, "2026-12-01"), 1);
});
