// The playground's browser test: serves web/dist/ on a local port, drives Debian's headless
// Chromium with playwright-core through the card editor, a scenario and ten decisions of a game
// against the bot, and saves screenshots to web/test/screenshots/. Exits non-zero on failure.
//
//   node web/test/browser-test.mjs   (after web/build.sh)
import { chromium } from "playwright-core";
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, "..", "dist");
const shots = path.join(here, "screenshots");
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";
const STEP_TIMEOUT = 60_000;

const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm" };

function serve() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://localhost");
    const rel = decodeURIComponent(url.pathname === "/" ? "/index.html" : url.pathname);
    const file = path.join(dist, path.normalize(rel));
    if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "Content-Type": types[path.extname(file)] || "application/octet-stream" });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function check(ok, what) {
  if (!ok) throw new Error(`check failed: ${what}`);
  console.log(`ok - ${what}`);
}

// A fixed string of arbitrary characters (xorshift), as random bytes pasted into the editor.
function noise(n) {
  let x = 88172645463325252n;
  let s = "";
  for (let i = 0; i < n; i++) {
    x ^= (x << 13n) & 0xffffffffffffffffn;
    x ^= x >> 7n;
    x ^= (x << 17n) & 0xffffffffffffffffn;
    s += String.fromCharCode(Number(x % 0xd7ffn) + 1);
  }
  return s;
}

async function main() {
  if (!fs.existsSync(path.join(dist, "index.html"))) throw new Error("web/dist/ is not built: run web/build.sh");
  fs.mkdirSync(shots, { recursive: true });
  const server = await serve();
  const url = `http://127.0.0.1:${server.address().port}/`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "gig-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: browserPath,
    headless: true,
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
    viewport: { width: 1400, height: 1000 },
  });
  try {
    const page = context.pages()[0] || (await context.newPage());
    page.setDefaultTimeout(STEP_TIMEOUT);
    const problems = [];
    page.on("pageerror", (e) => problems.push(String(e)));
    await page.goto(url);
    await page.waitForSelector("body[data-ready]");
    check((await page.getAttribute("body", "data-ready")) === "true", "the page loads the embedded card pool");

    // The card editor: a text and its reading tree, then a mistake and its diagnostic.
    await page.selectOption("#kind", "program");
    await page.fill("#text", "Spend a rival Unit. It can't ready until your next turn.\n");
    await page.waitForFunction(() => document.getElementById("tree").textContent.includes('b1 = "a rival Unit"'));
    check(true, "the reading tree shows the binding of `a rival Unit`");
    check((await page.textContent("#checks")).includes("executes"), "the text executes");
    await page.screenshot({ path: path.join(shots, "editor.png") });
    await page.fill("#text", "Spend a rival Unit. It can't redy until your next turn.\n");
    await page.waitForFunction(() => document.getElementById("diagnostics").textContent.includes("card text: expected"));
    const diag = await page.textContent("#diagnostics");
    check(diag.includes("redy"), "a diagnostic points at the misspelt word");
    await page.screenshot({ path: path.join(shots, "editor-diagnostic.png") });

    // Bad input: a 1 MB text and random characters give an error, not a hang.
    await page.fill("#text", "Draw 1. ".repeat(131072));
    await page.waitForFunction(() => !document.getElementById("editor-error").hidden);
    check((await page.textContent("#editor-error")).includes("limit"), "a 1 MB text is refused with an error");
    await page.fill("#text", noise(3000));
    await page.waitForFunction(() => document.getElementById("editor-error").hidden && document.getElementById("diagnostics").textContent.length > 0);
    check((await page.textContent("#checks")).includes("does not parse"), "random characters get diagnostics");

    // The scenario runner: a card's ruling, step by step, on the board.
    await page.click("#tab-scenario");
    const ruling = await page.$eval("#ruling", (s) => [...s.options].find((o) => o.value.startsWith("chrome-fang#"))?.value);
    check(Boolean(ruling), "chrome-fang's rulings are listed");
    await page.selectOption("#ruling", ruling);
    await page.click("#ruling-start");
    await page.waitForSelector("#scenario-board .side");
    for (let i = 0; i < 20; i++) {
      if ((await page.textContent("#scenario-verdict")).includes("ruling")) break;
      await page.click("#ruling-next");
    }
    check((await page.textContent("#scenario-verdict")).includes("the ruling passes"), "the ruling's steps play and its expectations hold");
    check((await page.textContent("#scenario-log")).length > 0, "the scenario has a log");
    await page.screenshot({ path: path.join(shots, "scenario.png") });

    // A game against the bot: ten decisions.
    await page.click("#tab-game");
    await page.click("#game-start");
    for (let i = 0; i < 10; i++) {
      await page.waitForSelector("#options .option");
      const labels = await page.$$eval("#options .option", (bs) => bs.map((b) => b.textContent));
      // prefer doing something over passing, so the board changes
      const ix = Math.max(0, labels.findIndex((l) => l !== "pass" && !l.startsWith("keep")));
      await page.click(`#options .option[data-ix="${ix}"]`);
      await page.waitForFunction((n) => document.getElementById("options").dataset.decisions === String(n), i + 1);
    }
    check(true, "ten decisions of a game against the bot");
    check(!(await page.isVisible("#game-error")), "no error in the game");
    const card = await page.$("#game-board [data-card]");
    check(Boolean(card), "cards are on the board");
    await card.hover();
    await page.waitForSelector("#card-panel:not([hidden])");
    check((await page.textContent("#card-text")).length > 0, "hovering a card shows its text");
    await page.screenshot({ path: path.join(shots, "game.png") });
    check(problems.length === 0, `no uncaught errors on the page ${problems.join("; ")}`);
  } finally {
    await context.close();
    server.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

const guard = setTimeout(() => {
  console.error("the browser test took more than 5 minutes");
  process.exit(1);
}, 300_000);
main().then(
  () => {
    clearTimeout(guard);
    console.log("browser test: all checks passed");
    process.exit(0);
  },
  (e) => {
    console.error(`browser test failed: ${e.stack || e}`);
    process.exit(1);
  },
);
