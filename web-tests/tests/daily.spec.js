// The daily puzzle on the page: a day's puzzle pinned by `?date=`, a wrong move refuted, then
// solved by clicks; the solution shown on request; today's puzzle solved cleanly counts for
// the streak kept in the browser. The moves to play come from the shipped pack itself
// (data/puzzles/), not from the server.
import { test, expect } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { screenshot, watchErrors } from "./helpers.js";

const PACKS = path.resolve(import.meta.dirname, "..", "..", "data", "puzzles");

/**
 * A puzzle's tags, read from the pack files by its id.
 * @param {string} id
 * @returns {Record<string, string>}
 */
function packPuzzle(id) {
  for (const file of fs.readdirSync(PACKS)) {
    const text = fs.readFileSync(path.join(PACKS, file), "utf8");
    for (const block of text.split(/\n\s*\n/)) {
      if (!block.includes(`[Id "${id}"]`)) continue;
      /** @type {Record<string, string>} */
      const tags = {};
      for (const m of block.matchAll(/^\[(\w+) "(.*)"\]$/gm)) tags[m[1]] = m[2];
      return tags;
    }
  }
  throw new Error(`no puzzle ${id} in ${PACKS}`);
}

/**
 * Opens the daily puzzle screen for `game` (on `date`, or today) and returns the puzzle's
 * tags from its pack.
 * @param {import("@playwright/test").Page} page
 * @param {string} game
 * @param {string | null} date
 */
async function openDaily(page, game, date) {
  await page.goto(date ? `/?date=${date}` : "/");
  await expect(page.locator("body[data-ready='1']")).toHaveCount(1);
  await page.getByRole("button", { name: /Daily puzzle/ }).click();
  await page.locator("#d-game").selectOption(game);
  await expect(page.locator("#daily-heading")).toContainText(`The daily ${game} puzzle`);
  await expect(page.locator("#daily-board .spot").first()).toBeVisible();
  const id = (await page.locator("#daily-heading").getAttribute("data-id")) ?? "";
  return packPuzzle(id);
}

/**
 * The hole a mancala move sows, as the page labels it for screen readers: Oware's houses are
 * letters (the side by the case), Mulabalaba's holes numbers of the side to move.
 * @param {string} game
 * @param {string} side "north" or "south", the side to move
 * @param {string} move
 */
function holeLabel(game, side, move) {
  if (game === "oware") return new RegExp(`^${move === move.toLowerCase() ? "north" : "south"} house ${move},`);
  return new RegExp(`^${side} hole ${move},`);
}

test("the daily puzzle: a wrong move refuted, then solved by clicks; the solution on request", async ({ page }, info) => {
  const errors = watchErrors(page);
  // The packs' first day: every shipped puzzle was added on 2026-12-01.
  const puzzle = await openDaily(page, "mulabalaba", "2026-12-01");
  const line = puzzle.Solution.split(" ");
  const side = puzzle.Side;
  const other = side === "north" ? "south" : "north";
  expect(line.length).toBeGreaterThanOrEqual(3);
  await expect(page.locator("#daily-heading")).toContainText(`You play ${side}.`);
  // (Whether 2026-12-01 is today depends on the server's clock: the streak line is not checked.)

  // A hole that can be sown but is not the key: refuted, and the board is as it was.
  const sowable = page.locator("#daily-board .spot[aria-label*='can be sown']");
  const key = holeLabel("mulabalaba", side, line[0]);
  const labels = await sowable.evaluateAll((spots) => spots.map((s) => s.getAttribute("aria-label") ?? ""));
  const wrong = labels.find((l) => !key.test(l));
  expect(wrong, `another hole than ${line[0]} to sow`).toBeTruthy();
  await page.getByRole("button", { name: wrong, exact: true }).click();
  await expect(page.locator("#daily-status")).toContainText("not that:");
  await expect(page.locator("#daily-status")).toContainText("Try again.");
  await expect(sowable).toHaveCount(labels.length);

  // The pack's line: right, the defender's reply (the pack's) is played and marked.
  await page.getByRole("button", { name: key }).click();
  await expect(page.locator("#daily-status")).toContainText(`${line[0]}: right. The reply: ${line[1]}`);
  // Both sowings are animated, seed by seed, then the board shows the position sent.
  await expect(page.locator("#daily-board .sowing")).toHaveCount(1);
  await expect(page.locator("#daily-board .sowing")).toHaveCount(0);
  await expect(page.getByRole("button", { name: holeLabel("mulabalaba", other, line[1]) })).toHaveAttribute("aria-label", /last move/);
  await page.getByRole("button", { name: holeLabel("mulabalaba", side, line[2]) }).click();
  await expect(page.locator("#daily-status")).toContainText("solved!");
  await expect(sowable).toHaveCount(0);
  await expect(page.locator("#daily-show")).toBeHidden();
  await screenshot(page, "web-daily-solved", info);

  // Kept in the browser: solved, but not cleanly (a wrong move first).
  const kept = JSON.parse((await page.evaluate(() => localStorage.getItem("kraal.daily"))) ?? "{}");
  expect(kept["2026-12-01"].mulabalaba).toMatchObject({ solved: true, clean: false });

  // Another game's puzzle of the day: its solution, shown on request, is the pack's line.
  await page.locator("#d-game").selectOption("oware");
  await expect(page.locator("#daily-heading")).toContainText("The daily oware puzzle of 2026-12-01");
  const oware = packPuzzle((await page.locator("#daily-heading").getAttribute("data-id")) ?? "");
  await page.getByRole("button", { name: "Show the solution" }).click();
  await expect(page.locator("#daily-solution")).toHaveText(`The solution: ${oware.Solution}`);
  await expect(page.locator("#daily-board .spot[aria-label*='can be sown']")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("today's puzzle solved cleanly by keyboard counts for the streak", async ({ page }) => {
  const errors = watchErrors(page);
  const puzzle = await openDaily(page, "oware", null);
  const line = puzzle.Solution.split(" ");
  await expect(page.locator("#daily-streak")).toContainText("Your streak: 0 days");
  for (let i = 0; i < line.length; i += 2) {
    // Tab to the board, then the arrow keys to the hole, Enter to sow it.
    const label = holeLabel("oware", puzzle.Side, line[i]);
    const target = page.getByRole("button", { name: label });
    await page.locator("#daily-board .spot[tabindex='0']").focus();
    // Up to the top row, then row by row: to its left end and right along it, until the
    // hole is reached (whichever row the solver's is drawn in).
    const focused = () => target.evaluate((e) => e === document.activeElement);
    for (let n = 0; n < 4; n++) await page.keyboard.press("ArrowUp");
    for (let row = 0; row < 4 && !(await focused()); row++) {
      for (let n = 0; n < 6; n++) await page.keyboard.press("ArrowLeft");
      for (let n = 0; n < 6 && !(await focused()); n++) await page.keyboard.press("ArrowRight");
      if (!(await focused())) await page.keyboard.press("ArrowDown");
    }
    await expect(target).toBeFocused();
    await page.keyboard.press("Enter");
    if (i + 2 < line.length) {
      await expect(page.locator("#daily-status")).toContainText(`${line[i]}: right. The reply: ${line[i + 1]}`);
    }
  }
  await expect(page.locator("#daily-status")).toContainText("solved!");
  await expect(page.locator("#daily-streak")).toContainText("Your streak: 1 day (best 1)");
  expect(errors).toEqual([]);
});
