#!/usr/bin/env node
// check-site.mjs - a static offline site (gunpowder-book's output) in headless Chromium (issue 26,
// item 3). Every .html file under SITE_DIR is loaded through file:// in one browser, once at each
// width (375 and 1280 px), and each of these is a failure, named with the page and the widths:
//   - a console error, an uncaught error in a script, a request that fails;
//   - horizontal overflow of the page (the document wider than the viewport; a table that scrolls
//     inside its own box is fine);
//   - a reference that does not resolve: every href, src and xlink:href must name a file inside
//     SITE_DIR, its #fragment an id (or a[name]) of that page; any http(s) or protocol-relative
//     reference fails, and so does any request the page makes off the machine (blocked): the site
//     must work offline;
//   - no <meta name="viewport" content="width=device-width...">: a phone would lay the page out
//     980 px wide and shrink it;
//   - an axe-core violation of impact serious or critical (axe-core's own rules, WCAG 2 A and AA).
// Screenshots (full page, both widths) of three pages go to --screenshots DIR: the index, the first
// page with a <table> (and no <svg> if there is one) and the first other page with an <svg> (file
// names in sorted order), or the pages given with --shot PAGE (repeatable); none with --no-screenshots.
//
// Usage: node check-site.mjs [--modules NODE_MODULES] [--chromium PATH] [--screenshots DIR |
//                            --no-screenshots] [--shot PAGE]... [--widths 375,1280] [--jobs N] SITE_DIR
// NODE_MODULES holds puppeteer-core and axe-core (default: build/test-node/node_modules, which
// `make test-deps` fills); Chromium is --chromium, else $GUNPOWDER_CHROMIUM, else chromium or
// chromium-browser on PATH. Exit 0: every page passed; 1: failures (one line each, "FAIL ...");
// 64: usage; 77: skipped (Chromium, puppeteer-core or axe-core missing: the reason is printed).
import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const SKIP = 77;
const NAME = "check-site";

function usage(message) {
  console.error(`${NAME}: ${message}`);
  console.error(
    "usage: node check-site.mjs [--modules DIR] [--chromium PATH] [--screenshots DIR | --no-screenshots] " +
      "[--shot PAGE]... [--widths 375,1280] [--jobs N] SITE_DIR",
  );
  process.exit(64);
}

function parseArgs(argv) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const opts = {
    modules: path.resolve(here, "../../build/test-node/node_modules"),
    chromium: process.env.GUNPOWDER_CHROMIUM || "",
    screenshots: "build/book-screenshots",
    shots: [],
    widths: [375, 1280],
    jobs: 2,
    site: "",
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) usage(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === "--modules") opts.modules = path.resolve(value());
    else if (arg === "--chromium") opts.chromium = value();
    else if (arg === "--screenshots") opts.screenshots = value();
    else if (arg === "--no-screenshots") opts.screenshots = "";
    else if (arg === "--shot") opts.shots.push(value());
    else if (arg === "--widths") opts.widths = value().split(",").map(Number);
    else if (arg === "--jobs") opts.jobs = Number(value());
    else if (arg.startsWith("-")) usage(`unknown option ${arg}`);
    else if (opts.site) usage(`one site directory only (${opts.site}, ${arg})`);
    else opts.site = arg;
  }
  if (!opts.site) usage("no site directory");
  if (!opts.widths.every((w) => Number.isInteger(w) && w > 0)) usage("--widths: whole numbers of pixels");
  if (!(Number.isInteger(opts.jobs) && opts.jobs > 0)) usage("--jobs: a whole number from 1");
  return opts;
}

function skip(reason) {
  console.log(`${NAME}: skipped: ${reason}`);
  process.exit(SKIP);
}

function findChromium(given) {
  if (given) return fs.existsSync(given) ? given : skip(`Chromium not found at ${given}`);
  for (const dir of (process.env.PATH || "").split(path.delimiter)) {
    for (const name of ["chromium", "chromium-browser"]) {
      const candidate = path.join(dir, name);
      if (dir && fs.existsSync(candidate)) return candidate;
    }
  }
  return skip(
    "Chromium not found (no chromium on PATH: Debian's package chromium, " +
      "which `make test-deps` installs when run as root)",
  );
}

function loadModules(dir) {
  const require = createRequire(path.join(dir, "noop.js"));
  const missing = ["puppeteer-core", "axe-core"].filter((m) => !fs.existsSync(path.join(dir, m, "package.json")));
  if (missing.length) skip(`${missing.join(" and ")} not found in ${dir} (\`make test-deps\` installs them from npm)`);
  const puppeteer = require("puppeteer-core");
  const axeSource = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  return { puppeteer, axeSource };
}

function htmlPages(root) {
  const pages = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".html")) pages.push(path.relative(root, full).split(path.sep).join("/"));
    }
  };
  walk(root);
  return pages.sort();
}

// The failures, each (page, problem) once, with the widths at which it was seen (width 0: a check
// that does not depend on the width, such as a reference's).
class Failures {
  constructor() {
    this.map = new Map();
  }
  add(page, width, problem) {
    const key = `${page}\u0000${problem}`;
    if (!this.map.has(key)) this.map.set(key, { page, problem, widths: new Set() });
    if (width) this.map.get(key).widths.add(width);
  }
  lines() {
    return [...this.map.values()]
      .map(({ page, problem, widths }) => {
        const at = widths.size ? ` at ${[...widths].sort((a, b) => a - b).join(" and ")} px` : "";
        return `FAIL ${page}${at}: ${problem}`;
      })
      .sort();
  }
}

// What the page holds, read in the page: references (element and attribute, raw value, resolved
// URL), ids, whether it has tables and charts, its viewport meta.
function inspectPage() {
  const refs = [];
  for (const el of document.querySelectorAll("[href], [src], [*|href]")) {
    for (const attr of ["href", "src"]) {
      const raw = el.getAttribute(attr);
      if (raw !== null) refs.push({ what: `${el.localName} ${attr}`, raw, url: new URL(raw, document.baseURI).href });
    }
    const xlink = el.getAttributeNS("http://www.w3.org/1999/xlink", "href");
    if (xlink !== null)
      refs.push({ what: `${el.localName} xlink:href`, raw: xlink, url: new URL(xlink, document.baseURI).href });
  }
  const ids = [...document.querySelectorAll("[id]")].map((e) => e.id);
  ids.push(...[...document.querySelectorAll("a[name]")].map((e) => e.getAttribute("name")));
  const viewport = document.querySelector('meta[name="viewport"]');
  return {
    refs,
    ids,
    hasTable: !!document.querySelector("table"),
    hasChart: !!document.querySelector("svg"),
    viewport: viewport ? viewport.getAttribute("content") || "" : null,
  };
}

// The page's overflow, if any, with the element reaching furthest right that causes it.
function measureOverflow() {
  const root = document.documentElement;
  const width = root.clientWidth;
  if (root.scrollWidth <= width) return null;
  // The element reaching furthest right whose overflow no ancestor box scrolls or clips.
  const clipped = (el) => {
    for (let p = el.parentElement; p && p !== document.body && p !== root; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== "visible") return true;
    }
    return false;
  };
  let worst = null;
  for (const el of document.body.querySelectorAll("*")) {
    const right = el.getBoundingClientRect().right + window.scrollX;
    if (right > width + 0.5 && !clipped(el) && (!worst || right > worst.right)) worst = { el, right };
  }
  const name = (el) => {
    if (!el) return "";
    let s = el.localName;
    if (el.id) s += `#${el.id}`;
    else if (el.classList.length) s += `.${[...el.classList].join(".")}`;
    return s;
  };
  return { scrollWidth: root.scrollWidth, width, culprit: worst ? name(worst.el) : "" };
}

const offline = (url) => /^(file|data|about|blob|javascript|mailto):/i.test(url);

function checkReference(opts, page, ref, idsOf) {
  const { raw, what, url } = ref;
  if (/^(https?:)?\/\//i.test(raw)) return `${what}="${raw}" is on the network (the site must work offline)`;
  if (/^(data|mailto):/i.test(raw) || raw === "" || raw === "#" || raw === "#top") return null;
  const target = new URL(url);
  if (target.protocol !== "file:") return `${what}="${raw}" is not a file of the site`;
  const file = fileURLToPath(new URL(target.pathname, "file://"));
  const rel = path.relative(opts.siteAbs, file);
  if (rel === ".." || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel))
    return `${what}="${raw}" points outside the site`;
  if (!fs.existsSync(file)) return `${what}="${raw}": no such file ${rel.split(path.sep).join("/")}`;
  if (fs.statSync(file).isDirectory()) return `${what}="${raw}" is a directory, not a page`;
  let fragment = target.hash.slice(1);
  try {
    fragment = decodeURIComponent(fragment);
  } catch {
    return `${what}="${raw}": the fragment is not valid percent-encoding`;
  }
  if (!fragment || fragment === "top" || !file.endsWith(".html")) return null;
  const ids = idsOf.get(rel.split(path.sep).join("/"));
  if (ids && !ids.has(fragment)) return `${what}="${raw}": no id "${fragment}" in ${rel.split(path.sep).join("/")}`;
  return null;
}

// A tab whose events go to the job it runs (tab.job: page, width and the requests blocked); one
// tab a worker, reused from page to page (Chromium then compiles axe-core once, not once a page).
async function openTab(ctx) {
  const { browser, opts, failures } = ctx;
  const tab = await browser.newPage();
  const fail = (problem) => tab.job && failures.add(tab.job.page, tab.job.width, problem);
  const rel = (url) => {
    try {
      return path.relative(opts.siteAbs, fileURLToPath(url)).split(path.sep).join("/");
    } catch {
      return url;
    }
  };
  await tab.setRequestInterception(true);
  tab.on("request", (request) => {
    if (offline(request.url())) return request.continue();
    tab.job?.blocked.add(request.url());
    return request.abort("blockedbyclient");
  });
  tab.on("console", (message) => {
    if (message.type() !== "error") return;
    // Chromium's own echo of a failed request: reported once, from requestfailed.
    if (/^Failed to load resource/.test(message.text())) return;
    fail(`console error: ${message.text()}`);
  });
  tab.on("pageerror", (error) => fail(`uncaught error: ${String(error.message || error).split("\n")[0]}`));
  tab.on("requestfailed", (request) => {
    const { job } = tab;
    if (!job || job.blocked.has(request.url())) return;
    ctx.failedRequests.push({
      page: job.page,
      width: job.width,
      target: rel(request.url()),
      error: request.failure()?.errorText,
    });
  });
  tab.on("response", (response) => {
    if (response.status() >= 400) fail(`request failed: ${rel(response.url())} (status ${response.status()})`);
  });
  return tab;
}

async function checkPage(ctx, tab, page, width) {
  const { opts, failures, axeSource } = ctx;
  const fail = (problem) => failures.add(page, width, problem);
  try {
    tab.job = null;
    await tab.goto("about:blank");
    await tab.setViewport({ width, height: 800, deviceScaleFactor: 1 });
    tab.job = { page, width, blocked: new Set() };
    await tab.goto(pathToFileURL(path.join(opts.siteAbs, page)).href, { waitUntil: "load", timeout: 30000 });
    for (const url of tab.job.blocked) ctx.blocked.push({ page, width, url });
    if (!ctx.facts.has(page)) ctx.facts.set(page, await tab.evaluate(inspectPage));
    const overflow = await tab.evaluate(measureOverflow);
    if (overflow) {
      const culprit = overflow.culprit ? ` (widest: ${overflow.culprit})` : "";
      fail(
        `horizontal overflow: the page is ${overflow.scrollWidth} px wide in a ${overflow.width} px viewport${culprit}`,
      );
    }
    await tab.evaluate(axeSource);
    const violations = await tab.evaluate(async () => {
      const result = await window.axe.run(document, { resultTypes: ["violations"], preload: false });
      return result.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
    });
    for (const v of violations) fail(`axe ${v.impact} ${v.id}: ${v.help} (${v.targets.slice(0, 3).join(", ")})`);
  } catch (error) {
    fail(`could not be checked: ${String(error.message || error).split("\n")[0]}`);
  }
}

// Runs the jobs (page, width) on at most `limit` tabs at a time.
async function pool(ctx, jobs, limit) {
  const queue = [...jobs];
  const workers = Array.from({ length: Math.min(limit, queue.length) }, async () => {
    const tab = await openTab(ctx);
    try {
      while (queue.length) {
        const [page, width] = queue.shift();
        await checkPage(ctx, tab, page, width);
      }
    } finally {
      await tab.close();
    }
  });
  await Promise.all(workers);
}

// References and the viewport meta, from each page's first load (they do not depend on the width).
function checkReferences(ctx, pages) {
  const { opts, failures, facts } = ctx;
  const idsOf = new Map([...facts].map(([page, f]) => [page, new Set(f.ids)]));
  for (const page of pages) {
    const f = facts.get(page);
    if (!f) continue;
    for (const ref of f.refs) {
      const problem = checkReference(opts, page, ref, idsOf);
      if (!problem) continue;
      failures.add(page, 0, problem);
      if (ref.url.startsWith("file:")) {
        const file = fileURLToPath(new URL(new URL(ref.url).pathname, "file://"));
        ctx.missing.add(`${page}\u0000${path.relative(opts.siteAbs, file).split(path.sep).join("/")}`);
      }
    }
    if (f.viewport === null || !/width\s*=\s*device-width/.test(f.viewport)) {
      failures.add(page, 0, 'no <meta name="viewport" content="width=device-width, initial-scale=1">');
    }
  }
}

// Full-page screenshots, one page at a time in one tab in front (a tab behind others draws no frame
// to capture).
async function screenshots(ctx, shots) {
  const { browser, opts } = ctx;
  fs.mkdirSync(opts.screenshots, { recursive: true });
  const tab = await browser.newPage();
  try {
    await tab.setRequestInterception(true);
    tab.on("request", (r) => (offline(r.url()) ? r.continue() : r.abort("blockedbyclient")));
    for (const page of shots) {
      for (const width of opts.widths) {
        await tab.setViewport({ width, height: 800, deviceScaleFactor: 1 });
        await tab.goto(pathToFileURL(path.join(opts.siteAbs, page)).href, { waitUntil: "load", timeout: 30000 });
        const file = path.join(opts.screenshots, `${page.replace(/\.html$/, "").replace(/\//g, "_")}-${width}.png`);
        await tab.screenshot({ path: file, fullPage: true });
        ctx.written.push(file);
      }
    }
  } finally {
    await tab.close();
  }
}

function chooseShots(opts, pages, facts) {
  if (opts.shots.length) {
    for (const page of opts.shots) if (!pages.includes(page)) usage(`--shot ${page}: no such page in ${opts.site}`);
    return new Set(opts.shots);
  }
  const chosen = [];
  const index = pages.find((p) => p === "index.html") || pages[0];
  chosen.push(index);
  // A table page without a chart if there is one, then a chart page.
  const tables = pages.filter((p) => !chosen.includes(p) && facts.get(p)?.hasTable);
  const table = tables.find((p) => !facts.get(p).hasChart) || tables[0];
  if (table) chosen.push(table);
  const chart = pages.find((p) => !chosen.includes(p) && facts.get(p)?.hasChart);
  if (chart) chosen.push(chart);
  return new Set(chosen);
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  opts.siteAbs = path.resolve(opts.site);
  if (!fs.existsSync(opts.siteAbs) || !fs.statSync(opts.siteAbs).isDirectory()) {
    console.error(`${NAME}: ${opts.site}: no such directory`);
    process.exit(66);
  }
  const pages = htmlPages(opts.siteAbs);
  if (!pages.length) {
    console.log(`FAIL ${opts.site}: no .html page`);
    process.exit(1);
  }
  const executablePath = findChromium(opts.chromium);
  const { puppeteer, axeSource } = loadModules(opts.modules);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "check-site-"));
  const started = Date.now();
  const browser = await puppeteer.launch({
    executablePath,
    headless: true,
    userDataDir: profile,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const failures = new Failures();
  const ctx = {
    browser,
    opts,
    failures,
    axeSource,
    facts: new Map(),
    failedRequests: [],
    blocked: [],
    missing: new Set(),
    written: [],
  };
  try {
    const jobs = [];
    for (const width of opts.widths) for (const page of pages) jobs.push([page, width]);
    await pool(ctx, jobs, opts.jobs);
    checkReferences(ctx, pages);
    // A request that a reference already names (a missing file, a network address) is not reported again.
    for (const { page, width, target, error } of ctx.failedRequests) {
      if (!ctx.missing.has(`${page}\u0000${target}`)) failures.add(page, width, `request failed: ${target} (${error})`);
    }
    for (const { page, width, url } of ctx.blocked) {
      if (!ctx.facts.get(page)?.refs.some((ref) => ref.url === url)) {
        failures.add(page, width, `requested ${url} from the network (the site must work offline)`);
      }
    }
    if (opts.screenshots) await screenshots(ctx, chooseShots(opts, pages, ctx.facts));
  } finally {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const lines = failures.lines();
  for (const line of lines) console.log(line);
  const shots = ctx.written.length ? `; screenshots: ${ctx.written.sort().join(", ")}` : "";
  console.log(
    `${NAME}: ${pages.length} pages at ${opts.widths.join(" and ")} px in ${seconds} s: ` +
      `${lines.length ? `${lines.length} failures` : "no failure"}${shots}`,
  );
  process.exit(lines.length ? 1 : 0);
}

main().catch((error) => {
  console.error(`${NAME}: ${error.stack || error}`);
  process.exit(70);
});
