// What the browser tests share: starting games from the page's own menus, and playing by
// clicking the points or holes the page marks as choosable.
import { expect } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";

/** @typedef {import("@playwright/test").Page} Page */

/**
 * Opens the page and starts a game against the computer from the menus.
 * @param {Page} page
 * @param {{game: string, rules?: string, opponent?: string, seat?: string, seed?: number}} setup
 */
export async function playComputer(page, setup) {
  await page.goto(setup.seed === undefined ? "/" : `/?seed=${setup.seed}`);
  await expect(page.locator("body[data-ready='1']")).toHaveCount(1);
  await page.getByRole("button", { name: /Play the computer/ }).click();
  await page.locator("#c-game").selectOption(setup.game);
  if (setup.rules) await page.locator("#c-rules").selectOption(setup.rules);
  await page.locator("#c-opponent").selectOption(setup.opponent ?? "Calf");
  await page.locator("#c-seat").selectOption(setup.seat ?? "first");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.locator("#board .spot").first()).toBeVisible();
}

/**
 * Waits until the player can choose something (a marked point or hole) or the game is over.
 * @param {Page} page
 * @returns {Promise<"turn" | "over">}
 */
export async function waitTurn(page) {
  const target = page.locator("#board .spot:has(.target)").first();
  const over = page.locator("#over:not([hidden])");
  await expect(target.or(over)).toBeVisible({ timeout: 30_000 });
  return (await over.isVisible()) ? "over" : "turn";
}

/**
 * Clicks the first point or hole the page marks as choosable (a whole turn may take several
 * clicks: a cow, where it goes, a cow to shoot).
 * @param {Page} page
 */
export async function clickFirstTarget(page) {
  await page.locator("#board .spot:has(.target)").first().click();
}

/**
 * Saves a screenshot for docs/images (when KRAAL_WEB_SCREENSHOTS is set) or the test output.
 * @param {Page} page
 * @param {string} name
 * @param {import("@playwright/test").TestInfo} info
 */
export async function screenshot(page, name, info) {
  const docs = process.env.KRAAL_WEB_SCREENSHOTS;
  const file = docs ? path.resolve(import.meta.dirname, "..", "..", "docs", "images", `${name}.png`) : info.outputPath(`${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
}

/**
 * Records the frames the page receives (to check what it drew against what it was sent).
 * @param {Page} page
 * @returns {any[]}
 */
export function recordFrames(page) {
  /** @type {any[]} */
  const frames = [];
  page.on("websocket", (ws) => {
    ws.on("framereceived", (f) => {
      try {
        frames.push(JSON.parse(String(f.payload)));
      } catch {
        // not a frame of the protocol
      }
    });
  });
  return frames;
}

/**
 * Fails the test on any error the page logs.
 * @param {Page} page
 * @returns {string[]}
 */
export function watchErrors(page) {
  /** @type {string[]} */
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  return errors;
}
