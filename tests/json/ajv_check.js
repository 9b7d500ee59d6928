#!/usr/bin/env node
// ajv_check.js - every schema of docs/schema/ compiles in Ajv's draft 2020-12 class in strict mode
// (unknown keywords, union types, ambiguous types are errors), and every committed JSON document
// (the --format json golden cases, docs/tables/*.json) validates against the schema it names.
// Usage: node ajv_check.js SOURCE_DIR NODE_MODULES_DIR
"use strict";
const fs = require("fs");
const path = require("path");
const [src, modules] = process.argv.slice(2);
const Ajv2020 = require(path.join(modules, "ajv/dist/2020")).default;

let passed = 0;
let failed = 0;
const fail = (what) => {
  failed++;
  console.log("FAIL " + what);
};

const schemaDir = path.join(src, "docs/schema");
const validators = {};
for (const file of fs.readdirSync(schemaDir).filter((f) => f.endsWith(".json")).sort()) {
  const ajv = new Ajv2020({ strict: true, allErrors: false });
  const schema = JSON.parse(fs.readFileSync(path.join(schemaDir, file), "utf8"));
  try {
    const [tool, doc] = file.slice(0, -".json".length).split(/\.(.*)/s);
    validators["gunpowder/" + tool + "/" + doc] = ajv.compile(schema);
    passed++;
  } catch (e) {
    fail(file + ": " + e.message);
  }
}

function* documents() {
  const cli = path.join(src, "tests/cli");
  for (const tool of fs.readdirSync(cli)) {
    const dir = path.join(cli, tool);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const c of fs.readdirSync(dir).sort()) {
      const out = path.join(dir, c, "stdout");
      if (!fs.existsSync(out)) continue;
      const text = fs.readFileSync(out, "utf8");
      if (text.startsWith("{")) yield [path.join(tool, c), text];
    }
  }
  const tables = path.join(src, "docs/tables");
  if (fs.existsSync(tables))
    for (const f of fs.readdirSync(tables).filter((f) => f.endsWith(".json")).sort())
      yield [path.join("docs/tables", f), fs.readFileSync(path.join(tables, f), "utf8")];
}

for (const [label, text] of documents()) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    fail(label + ": not JSON: " + e.message);
    continue;
  }
  const name = doc && doc.schema && doc.schema.name;
  const validate = validators[name];
  if (!validate) {
    fail(label + ": no compiled schema for " + name);
    continue;
  }
  if (validate(doc)) passed++;
  else fail(label + ": " + JSON.stringify(validate.errors.slice(0, 3)));
}
console.log(passed + " passed, " + failed + " failed");
process.exit(failed ? 1 : 0);
