// Browser tests of the page kraal-server serves: the real server binary on 127.0.0.1 with a
// temporary SQLite database, driven in the machine's Chromium (Debian's /usr/bin/chromium;
// no browser is downloaded). Run: `npm test` here, after `cargo build -p kraal-server`.
import { defineConfig } from "@playwright/test";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";

const port = Number(process.env.KRAAL_WEB_TEST_PORT ?? 7979);
const target = process.env.CARGO_TARGET_DIR ?? path.resolve(import.meta.dirname, "..", "target");
const server = process.env.KRAAL_SERVER ?? path.join(target, "debug", "kraal-server");
// One folder per run, made once by the main process (workers read the same config).
const dbDir = process.env.KRAAL_WEB_TEST_DB ?? fs.mkdtempSync(path.join(os.tmpdir(), "kraal-web-tests-"));
process.env.KRAAL_WEB_TEST_DB = dbDir;

export default defineConfig({
  testDir: "tests",
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `"${server}" --listen 127.0.0.1:${port} --grace-seconds 5 --database sqlite:${path.join(dbDir, "games.sqlite3")}`,
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
