// A picture of each game for docs/images (KRAAL_WEB_SCREENSHOTS=1 writes them there), a phone
// and the dark scheme, the rules screen, and the time to the first board (printed).
import { test, expect } from "@playwright/test";
import { clickFirstTarget, playComputer, screenshot, waitTurn, watchErrors } from "./helpers.js";

test.use({ viewport: { width: 1000, height: 900 } });

/**
 * Plays `turns` of the player's turns by the first choosable point or hole.
 * @param {import("@playwright/test").Page} page
 * @param {number} clicks
 */
async function playSome(page, clicks) {
  for (let i = 0; i < clicks; i++) {
    if ((await waitTurn(page)) === "over") return;
    await clickFirstTarget(page);
  }
  await waitTurn(page);
  // Let the last animation finish.
  await page.waitForTimeout(1200);
}

test("a picture of each game", async ({ page }, info) => {
  const errors = watchErrors(page);
  await playComputer(page, { game: "morabaraba", seed: 2 });
  await playSome(page, 9);
  await screenshot(page, "web-morabaraba", info);
  await playComputer(page, { game: "oware", seed: 2 });
  await playSome(page, 4);
  await screenshot(page, "web-oware", info);
  await playComputer(page, { game: "mulabalaba", seed: 2 });
  await playSome(page, 3);
  await screenshot(page, "web-mulabalaba", info);
  await page.goto("/");
  await page.getByRole("button", { name: /The rules/ }).click();
  await page.locator("#r-game").selectOption("oware");
  await expect(page.locator("#rules-text h3")).toContainText("oware");
  await screenshot(page, "web-rules", info);
  // The daily puzzle of the packs' first day, Morabaraba: its start, a cow picked up.
  await page.goto("/?date=2026-12-01#daily");
  await expect(page.locator("#daily-board .spot").first()).toBeVisible();
  await page.locator("#daily-board .spot:has(.target)").first().click();
  await screenshot(page, "web-daily", info);
  expect(errors).toEqual([]);
});

test.describe("on a phone, dark", () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: "dark", hasTouch: true, isMobile: true });

  test("the board fits the screen and can be played by taps", async ({ page }, info) => {
    const errors = watchErrors(page);
    await playComputer(page, { game: "morabaraba", seed: 4 });
    await playSome(page, 7);
    const board = await page.locator("#board").boundingBox();
    expect(board).not.toBeNull();
    expect(board?.width ?? 0).toBeLessThanOrEqual(390);
    expect(board?.width ?? 0).toBeGreaterThan(300);
    await screenshot(page, "web-phone", info);
    await page.goto("/");
    await screenshot(page, "web-phone-home", info);
    await page.goto("/?date=2026-12-01#daily");
    await page.locator("#d-game").selectOption("oware");
    await expect(page.locator("#daily-heading")).toContainText("oware");
    const daily = await page.locator("#daily-board").boundingBox();
    expect(daily?.width ?? 0).toBeLessThanOrEqual(390);
    await screenshot(page, "web-phone-daily", info);
    expect(errors).toEqual([]);
  });
});

test("time to the first board", async ({ page }) => {
  const start = Date.now();
  await page.goto("/");
  await expect(page.locator("body[data-ready='1']")).toHaveCount(1);
  const ready = Date.now() - start;
  await page.getByRole("button", { name: /Play the computer/ }).click();
  const clicked = Date.now();
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.locator("#board .spot").first()).toBeVisible();
  const board = Date.now() - clicked;
  const paint = await page.evaluate(() => performance.getEntriesByType("paint").map((e) => `${e.name} ${Math.round(e.startTime)} ms`));
  console.log(`page ready (catalog read, menus filled) ${ready} ms after navigation; first board ${board} ms after Start; ${paint.join(", ")}`);
});
