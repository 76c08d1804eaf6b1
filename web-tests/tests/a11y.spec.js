// Accessibility checked by axe-core (WCAG 2.1 A and AA rules) on each screen and both boards,
// light and dark.
import { test, expect } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { playComputer, waitTurn } from "./helpers.js";

/**
 * The violations axe finds on the page as it is now.
 * @param {import("@playwright/test").Page} page
 */
async function violations(page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
}

for (const scheme of /** @type {const} */ (["light", "dark"])) {
  test.describe(`${scheme} scheme`, () => {
    test.use({ colorScheme: scheme });

    test("the home, menu, rules and daily puzzle screens have no violations", async ({ page }) => {
      await page.goto("/");
      await expect(page.locator("body[data-ready='1']")).toHaveCount(1);
      expect(await violations(page)).toEqual([]);
      await page.getByRole("button", { name: /Play online/ }).click();
      expect(await violations(page)).toEqual([]);
      await page.goto("/");
      await page.getByRole("button", { name: /The rules/ }).click();
      await expect(page.locator("#rules-text h3")).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.goto("/?date=2026-12-01");
      await page.getByRole("button", { name: /Daily puzzle/ }).click();
      await expect(page.locator("#daily-board .spot").first()).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.getByRole("button", { name: "Show the solution" }).click();
      await expect(page.locator("#daily-solution")).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test("both boards have no violations", async ({ page }) => {
      await playComputer(page, { game: "morabaraba", seed: 1 });
      await waitTurn(page);
      expect(await violations(page)).toEqual([]);
      await playComputer(page, { game: "oware", seed: 1 });
      await waitTurn(page);
      expect(await violations(page)).toEqual([]);
    });
  });
}
