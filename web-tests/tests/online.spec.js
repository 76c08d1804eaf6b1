// Two browsers play each other through the server: create, share the link, join by it; a mill
// and its shot; one reloads mid-game and resumes its seat; a draw offer declined; resignation.
import { test, expect } from "@playwright/test";
import { screenshot, waitTurn, watchErrors } from "./helpers.js";

/**
 * Waits for the player's turn, then taps a point.
 * @param {import("@playwright/test").Page} page
 * @param {string} point
 */
async function tapWhenMyTurn(page, point) {
  expect(await waitTurn(page)).toBe("turn");
  await page.locator(`#board .spot[data-id="${point}"]`).click();
}

/**
 * @param {import("@playwright/test").Page} page
 * @param {string} point
 * @param {RegExp} what
 */
async function pointIs(page, point, what) {
  await expect(page.locator(`#board .spot[data-id="${point}"]`)).toHaveAttribute("aria-label", what);
}

test("two browsers play online: a mill and its shot, a reload that resumes, a draw declined, a resignation", async ({ browser }, info) => {
  const alice = await (await browser.newContext()).newPage();
  const bob = await (await browser.newContext()).newPage();
  const errors = [...watchErrors(alice), ...watchErrors(bob)];
  alice.on("dialog", (d) => d.accept());

  await alice.goto("/");
  await alice.getByRole("button", { name: /Play online/ }).click();
  await alice.getByLabel(/Your name/).fill("Alice");
  await alice.getByLabel(/Your name/).press("Tab");
  await alice.locator("#o-game").selectOption("morabaraba");
  await alice.locator("#o-clock").selectOption("10+5");
  await alice.getByRole("button", { name: "Create" }).click();
  await expect(alice.locator("#share")).toBeVisible();
  const code = (await alice.locator("#share-code").textContent()) ?? "";
  expect(code).toMatch(/^[A-Z0-9]{6}$/);
  const link = (await alice.locator("#share-link").getAttribute("href")) ?? "";
  expect(link).toContain(`#join=${code}`);
  await screenshot(alice, "web-online-share", info);

  await bob.goto(link);
  await expect(bob.locator("#board .spot").first()).toBeVisible();
  await expect(alice.locator("#share")).toBeHidden();
  await expect(bob.locator("#p-bottom .name")).toContainText("Black");
  // Alice named herself; Bob did not.
  await expect(bob.locator("#p-top .name")).toContainText("Alice (White");
  await expect(alice.locator("#p-top .name")).toContainText("Opponent (Black");

  // White builds a1-d1-g1 while Black places elsewhere; g1 closes the mill.
  await tapWhenMyTurn(alice, "a1");
  await tapWhenMyTurn(bob, "a7");
  await tapWhenMyTurn(alice, "d1");
  await tapWhenMyTurn(bob, "g7");
  await tapWhenMyTurn(alice, "g1");
  await expect(alice.locator("#status")).toContainText("A mill!");
  // Only Black's cows can be shot: both are marked.
  await expect(alice.locator("#board .spot:has(.target.shoot)")).toHaveCount(2);
  await alice.locator('#board .spot[data-id="a7"]').click();
  await pointIs(alice, "a7", /^a7, empty/);
  await pointIs(bob, "a7", /^a7, empty/);
  await pointIs(bob, "g1", /white cow, last move/);
  await expect(bob.locator("#p-top .name")).toContainText("9 in hand, 3 on the board");
  await expect(bob.locator("#p-bottom .name")).toContainText("10 in hand, 1 on the board");
  // The clocks run on the server: each side's shows minutes and seconds.
  await expect(bob.locator("#p-bottom .clock")).toHaveText(/^\d+:\d\d$/);

  // Bob closes the game (a reload) and comes back to it: the seat is kept in the browser.
  await bob.reload();
  await expect(bob.locator("#board .spot").first()).toBeVisible();
  await pointIs(bob, "g1", /white cow/);
  await pointIs(bob, "g7", /black cow/);
  await pointIs(bob, "a7", /^a7, empty/);
  await tapWhenMyTurn(bob, "b6");
  await pointIs(alice, "b6", /black cow, last move/);

  // A draw offered and declined.
  await alice.getByRole("button", { name: "Offer a draw" }).click();
  await expect(bob.getByRole("button", { name: "Accept the draw" })).toBeVisible();
  await bob.getByRole("button", { name: "Decline the draw" }).click();
  await expect(alice.locator("#status")).toContainText("declined");
  await screenshot(bob, "web-online", info);

  // Alice resigns: both see the end.
  await alice.getByRole("button", { name: "Resign" }).click();
  await expect(alice.locator("#over-title")).toHaveText("You lost.");
  await expect(bob.locator("#over-title")).toHaveText("You won!");
  await expect(bob.locator("#over-text")).toContainText("resign");
  expect(errors).toEqual([]);
});

test("a bad join code is refused in plain words", async ({ page }) => {
  await page.goto("/#join=ZZZZZZ");
  await expect(page.locator("#error")).toContainText("There is no such game");
});

test("the claim: one browser closes its page, the other sees the countdown and claims the win", async ({ browser }) => {
  // The server runs with --grace-seconds 5 (playwright.config.js), so the claim comes soon.
  const alice = await (await browser.newContext()).newPage();
  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  const errors = watchErrors(alice);

  await alice.goto("/");
  await alice.getByRole("button", { name: /Play online/ }).click();
  await alice.locator("#o-game").selectOption("oware");
  await alice.getByRole("button", { name: "Create" }).click();
  await expect(alice.locator("#share")).toBeVisible();
  const link = (await alice.locator("#share-link").getAttribute("href")) ?? "";
  await bob.goto(link);
  await expect(bob.locator("#board .spot").first()).toBeVisible();
  // A move each, then Bob's page goes away.
  expect(await waitTurn(alice)).toBe("turn");
  await alice.locator("#board .spot:has(.target)").first().click();
  expect(await waitTurn(bob)).toBe("turn");
  await bob.locator("#board .spot:has(.target)").first().click();
  await expect(alice.locator("#board .spot:has(.target)").first()).toBeVisible();
  await expect(alice.getByRole("button", { name: "Claim the win" })).toBeHidden();
  await bobContext.close();

  // Alice sees the grace period count down (the status line says so too, until the next
  // prompt replaces it), then may claim.
  await expect(alice.locator("#p-top .presence")).toContainText(/gone: you may claim in \d s/);
  await expect(alice.locator("#p-top")).toHaveClass(/gone/);
  await expect(alice.getByRole("button", { name: "Claim the win" })).toBeVisible();
  await expect(alice.getByRole("button", { name: "Claim a draw" })).toBeVisible();
  await expect(alice.locator("#p-top .presence")).toHaveText("gone: you may claim the game");
  await alice.getByRole("button", { name: "Claim the win" }).click();
  await expect(alice.locator("#over-title")).toHaveText("You won!");
  await expect(alice.locator("#over-text")).toContainText("left the game");
  // The game is over and no longer offered to resume.
  await alice.getByRole("button", { name: "Home" }).last().click();
  await expect(alice.locator("#resume")).toBeHidden();
  expect(errors).toEqual([]);
});
