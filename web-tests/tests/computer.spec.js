// Games against the computer, played in Chromium through the real server.
import { test, expect } from "@playwright/test";
import { clickFirstTarget, playComputer, recordFrames, screenshot, waitTurn, watchErrors } from "./helpers.js";

test("a whole Morabaraba game against the Calf with a fixed seed, by clicks, to the game-over screen", async ({ page }, info) => {
  const errors = watchErrors(page);
  const frames = recordFrames(page);
  await playComputer(page, { game: "morabaraba", seed: 7 });
  let clicks = 0;
  while ((await waitTurn(page)) === "turn") {
    await clickFirstTarget(page);
    clicks += 1;
    expect(clicks).toBeLessThan(4000);
  }
  await expect(page.locator("#over-title")).toHaveText(/You won!|You lost\.|A draw\./);
  await expect(page.locator("#over-text")).toHaveText(/wins|Draw/);
  const moved = frames.filter((f) => f.type === "moved");
  const ended = frames.filter((f) => f.type === "ended");
  expect(ended).toHaveLength(1);
  expect(ended[0].status.state).toBe("over");
  // Every move the server acknowledged came from a click (ours) or the Calf (theirs).
  expect(moved.length).toBeGreaterThan(10);
  // The game went past the placements: cows were moved (a cow, then a point) and shot.
  expect(moved.some((f) => f.mv.mill?.includes("-"))).toBe(true);
  expect(moved.some((f) => f.mv.mill?.includes("x"))).toBe(true);
  await screenshot(page, "web-morabaraba-over", info);
  expect(errors).toEqual([]);
});

test("Oware: a click on a house sows it, seed by seed", async ({ page }, info) => {
  const errors = watchErrors(page);
  const frames = recordFrames(page);
  await playComputer(page, { game: "oware", seed: 3 });
  expect(await waitTurn(page)).toBe("turn");
  // South's house C (index 2) holds 4 seeds at the start.
  const c = page.locator('#board .spot[data-id="2"]');
  await expect(c).toHaveAttribute("aria-label", "south house C, 4 seeds, can be sown");
  await c.click();
  // The sowing is animated: a seed falls into one hole after another.
  await expect(page.locator("#board .sowing")).toHaveCount(1);
  // By hand (docs/rules/oware.md): C's 4 seeds go one each into D, E, F and North's a.
  await expect.poll(() => frames.find((f) => f.type === "position" && f.ply === 1)?.position.seeds).toEqual([4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4]);
  const sown = frames.find((f) => f.type === "position" && f.ply === 1);
  expect(sown.last.steps.map((/** @type {any} */ s) => `${s.step}:${s.hole}`)).toEqual(["lift:2", "drop:3", "drop:4", "drop:5", "drop:6"]);
  // Once the Calf has answered and the animations are over, the board shows the last
  // position sent, hole by hole.
  expect(await waitTurn(page)).toBe("turn");
  await expect(page.locator("#board .sowing")).toHaveCount(0);
  const last = frames.filter((f) => f.type === "position").at(-1);
  for (let i = 0; i < 12; i++) {
    await expect(page.locator(`#board .count[data-hole="${i}"]`)).toHaveText(String(last.position.seeds[i]));
  }
  await screenshot(page, "web-oware-sown", info);
  expect(errors).toEqual([]);
});

test("keyboard only: tab to the board, arrows and Enter place cows", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/?seed=5");
  await expect(page.locator("body[data-ready='1']")).toHaveCount(1);
  // Menus by keyboard: Tab to the first mode, Enter; Tab through the form to Start, Enter.
  await tabTo(page, page.getByRole("button", { name: /Play the computer/ }));
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByRole("button", { name: "Start" }));
  await page.keyboard.press("Enter");
  await expect(page.locator("#board .spot").first()).toBeVisible();
  for (let placed = 1; placed <= 3; placed++) {
    expect(await waitTurn(page)).toBe("turn");
    // Tab into the board (one stop: the focused point), then walk with the arrows to a
    // point that can be chosen.
    if (!(await page.evaluate(() => !!document.activeElement?.closest("#board")))) {
      for (let i = 0; i < 20; i++) {
        await page.keyboard.press("Tab");
        if (await page.evaluate(() => !!document.activeElement?.closest("#board"))) break;
      }
    }
    for (let i = 0; i < 30; i++) {
      const label = await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
      if (label.includes("can be chosen")) break;
      await page.keyboard.press(i % 7 === 6 ? "ArrowUp" : "ArrowRight");
    }
    const point = await page.evaluate(() => document.activeElement?.getAttribute("data-id"));
    expect(point).toBeTruthy();
    await page.keyboard.press("Enter");
    await expect(page.locator(`#board .spot[data-id="${point}"]`)).toHaveAttribute("aria-label", /white cow/);
    await expect(page.locator("#p-bottom .name")).toContainText(`${12 - placed} in hand`);
  }
  expect(errors).toEqual([]);
});

/**
 * Presses Tab until `target` has the focus (at most 15 times).
 * @param {import("@playwright/test").Page} page
 * @param {import("@playwright/test").Locator} target
 */
async function tabTo(page, target) {
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((e) => e === document.activeElement)) return;
  }
  await expect(target).toBeFocused();
}
