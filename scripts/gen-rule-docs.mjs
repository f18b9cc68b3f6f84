// Generates the rule table (docs/rules.md; the README links to it) from the rule metadata declared in
// the WASM core. Run by `npm run build`; `--check` fails when stale.
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { ruleTable } = await import(join(root, "dist", "wasm", "loader.js"));
const check = process.argv.includes("--check");

export function renderTable(rules) {
  const esc = (s) => s.replace(/\|/g, "\\|");
  const lines = ["| Rule | Validator | Severity | Title | What it checks |", "|---|---|---|---|---|"];
  for (const r of rules) lines.push(`| ${r.id} | ${r.validator} | ${r.severity} | ${esc(r.title)} | ${esc(r.description)} |`);
  return lines.join("\n");
}

const rules = ruleTable();
const table = renderTable(rules);
let stale = [];

const docPath = join(root, "docs", "rules.md");
const doc = `# Rules\n\nGenerated from the rule metadata in \`assembly/\` by \`scripts/gen-rule-docs.mjs\`. ${rules.length} rules.\n\n${table}\n`;
if (!existsSync(docPath) || readFileSync(docPath, "utf8") !== doc) {
  if (check) stale.push("docs/rules.md");
  else writeFileSync(docPath, doc);
}
// The rule table has one home (docs/rules.md); a generated copy in the README would go stale unseen.
const readmePath = join(root, "README.md");
if (existsSync(readmePath) && readFileSync(readmePath, "utf8").includes("<!-- rules:start")) {
  stale.push("README.md (holds a generated rule table; the table lives in docs/rules.md, link to it)");
}
if (stale.length) {
  console.error(`rule docs are stale: ${stale.join(", ")} (run npm run build)`);
  process.exit(1);
}
console.log(`${rules.length} rules documented`);
