import { test, expect } from "@playwright/test";
import { playComputer, screenshot, watchErrors } from "./helpers.js";

test("smoke", async ({ page }, info) => {
  const errors = watchErrors(page);
  await playComputer(page, { game: "morabaraba", seed: 7 });
  await page.waitForTimeout(500);
  await screenshot(page, "smoke", info);
  console.log(await page.locator("#status").textContent());
  expect(errors).toEqual([]);
});
