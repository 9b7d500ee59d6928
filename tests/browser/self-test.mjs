#!/usr/bin/env node
// self-test.mjs - check-site.mjs must pass a good site and fail each defect (ctest browser.good,
// browser.defect.<name>). The good site (fixtures/good: a table in its scrolling box, an SVG chart
// with its text alternative, relative links with fragments, an inline filter script) must pass,
// with the screenshots of its index, table page and chart page at both widths written. A defect
// (defects/<name>.json: "file", "find", "replace", "expect") is that site with one edit: "find"
// must occur exactly once in "file"; the checker must then exit 1 and print exactly as many FAIL
// lines as "expect" lists, each starting with its entry.
// Usage: node self-test.mjs --good DIR --work DIR [--defect FILE] [CHECKER OPTION]...
// The checker's options (--modules, --chromium) are passed on; its exit 77 (skipped) is ours.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const take = (flag) => {
  const i = args.indexOf(flag);
  if (i < 0) return "";
  const [, value] = args.splice(i, 2);
  return value;
};
const good = take("--good");
const work = take("--work");
const defectFile = take("--defect");
const name = defectFile ? `defect ${path.basename(defectFile, ".json")}` : "good site";
const die = (message) => {
  console.log(`self-test (${name}): FAIL: ${message}`);
  process.exit(1);
};
if (!good || !work) die("usage: self-test.mjs --good DIR --work DIR [--defect FILE] [CHECKER OPTION]...");

const site = path.join(work, "site");
const shots = path.join(work, "screenshots");
fs.rmSync(work, { recursive: true, force: true });
fs.cpSync(good, site, { recursive: true });
let expect = [];
if (defectFile) {
  const defect = JSON.parse(fs.readFileSync(defectFile, "utf8"));
  const file = path.join(site, defect.file);
  const text = fs.readFileSync(file, "utf8");
  const count = text.split(defect.find).length - 1;
  if (count !== 1) die(`"${defect.find}" occurs ${count} times in ${defect.file}, not once`);
  fs.writeFileSync(
    file,
    text.replace(defect.find, () => defect.replace),
  );
  expect = defect.expect;
  console.log(`self-test (${name}): ${defect.why}`);
}

const shotArgs = defectFile ? ["--no-screenshots"] : ["--screenshots", shots];
const run = spawnSync(process.execPath, [path.join(here, "check-site.mjs"), ...args, ...shotArgs, site], {
  encoding: "utf8",
});
process.stdout.write(run.stdout);
process.stderr.write(run.stderr);
if (run.status === 77) process.exit(77);
const fails = run.stdout.split("\n").filter((l) => l.startsWith("FAIL "));
if (!defectFile) {
  if (run.status !== 0) die(`the good site must pass; check-site exited ${run.status}`);
  const want = ["index", "tables_cannon", "charts_range"].flatMap((p) => [`${p}-375.png`, `${p}-1280.png`]);
  for (const png of want) {
    const file = path.join(shots, png);
    if (!fs.existsSync(file)) die(`no screenshot ${png}`);
    if (fs.readFileSync(file).subarray(1, 4).toString() !== "PNG") die(`${png} is not a PNG`);
  }
  const extra = fs.readdirSync(shots).filter((f) => !want.includes(f));
  if (extra.length) die(`screenshots not asked for: ${extra.join(", ")}`);
} else {
  if (run.status !== 1) die(`check-site must exit 1 on the defect; it exited ${run.status}`);
  const unmatched = expect.filter((e) => !fails.some((l) => l.startsWith(e)));
  if (unmatched.length) die(`expected failure not reported: ${unmatched.join(" | ")}`);
  if (fails.length !== expect.length) die(`${fails.length} FAIL lines where ${expect.length} expected (one defect)`);
}
console.log(`self-test (${name}): ok`);
