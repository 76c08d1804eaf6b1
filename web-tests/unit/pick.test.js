// The page's move building (apps/server/web/pick.js) on hand-made legal lists: node --test.
import { test } from "node:test";
import assert from "node:assert/strict";
import { emptyPick, tapPoint, targets } from "../../apps/server/web/pick.js";

/** @param {string} text @param {Partial<import("../../apps/server/web/types.js").MoveView>} parts */
const mv = (text, parts) => ({ mv: { mill: text }, text, ...parts });

// White to place: b2 closes a mill and may shoot d7 or g7; d2 is a quiet placement.
const placing = [
  mv("b2xd7", { to: "b2", shots: ["d7"] }),
  mv("b2xg7", { to: "b2", shots: ["g7"] }),
  mv("d2", { to: "d2" }),
];

test("a quiet placement is a move at once", () => {
  const tap = tapPoint(placing, emptyPick(), "d2");
  assert.equal(tap.kind, "move");
  assert.equal(tap.kind === "move" && tap.move.text, "d2");
});

test("a placement that closes a mill waits for the shot, and only the opponent's cows are targets", () => {
  const tap = tapPoint(placing, emptyPick(), "b2");
  assert.equal(tap.kind, "picked");
  if (tap.kind !== "picked") return;
  assert.deepEqual([...targets(placing, tap.pick)].sort(), ["d7", "g7"]);
  const shot = tapPoint(placing, tap.pick, "g7");
  assert.equal(shot.kind === "move" && shot.move.text, "b2xg7");
  assert.equal(tapPoint(placing, tap.pick, "a1").kind, "refused");
});

test("a point nobody can place on is refused in words", () => {
  const tap = tapPoint([mv("d2", { to: "d2" })], emptyPick(), "a1");
  assert.deepEqual(tap, { kind: "refused", say: "You cannot place a cow on a1." });
});

// White to move: a1 may go to d1 or a4; d1-d2 then two shots (a double mill).
const moving = [
  mv("a1-d1", { from: "a1", to: "d1" }),
  mv("a1-a4", { from: "a1", to: "a4" }),
  mv("g1-d1xb6xf6", { from: "g1", to: "d1", shots: ["b6", "f6"] }),
];

test("a cow, then where it goes; tapping it again lets it go; another cow is picked instead", () => {
  let tap = tapPoint(moving, emptyPick(), "a1");
  assert.equal(tap.kind, "picked");
  if (tap.kind !== "picked") return;
  assert.deepEqual([...targets(moving, tap.pick)].sort(), ["a4", "d1"]);
  const again = tapPoint(moving, tap.pick, "a1");
  assert.equal(again.kind === "picked" && again.pick.from, null);
  const other = tapPoint(moving, tap.pick, "g1");
  assert.equal(other.kind === "picked" && other.pick.from, "g1");
  tap = tapPoint(moving, tap.pick, "a4");
  assert.equal(tap.kind === "move" && tap.move.text, "a1-a4");
});

test("a double mill takes two shots, in either order", () => {
  let pick = emptyPick();
  for (const point of ["g1", "d1", "f6"]) {
    const tap = tapPoint(moving, pick, point);
    assert.equal(tap.kind, "picked", point);
    if (tap.kind === "picked") pick = tap.pick;
  }
  assert.deepEqual([...targets(moving, pick)], ["b6"]);
  const last = tapPoint(moving, pick, "b6");
  assert.equal(last.kind === "move" && last.move.text, "g1-d1xb6xf6");
});

test("a cow that cannot move is refused", () => {
  assert.equal(tapPoint(moving, emptyPick(), "c3").kind, "refused");
});
