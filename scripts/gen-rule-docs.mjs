// Generates the documentation that comes from the sources:
//  - docs/rules/<id>.md per rule: description, options, messages and examples (the valid and invalid
//    cases of the rule tester tables in test/rules/tables/),
//  - docs/rules.md (index; the README links to it and must not hold a generated copy),
//  - docs/configuration.md from the configuration schema (src/config-schema.ts) and the rule options.
// Run by `npm run build`; `--check` writes nothing and exits 1 when a generated file is stale
// (test/docs/generated-docs.test.ts).
import { readFileSync, writeFileSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const imp = (p) => import(pathToFileURL(join(root, p)).href);
const { ruleTable, renderMessage } = await imp("dist/wasm/loader.js");
const { ConfigSchema } = await imp("dist/config-schema.js");
const { z } = await import("zod");
const { TABLES } = await imp("test/rules/tables/index.mjs");
const check = process.argv.includes("--check");
const stale = [];

function emit(rel, text) {
  const file = join(root, rel);
  if (existsSync(file) && readFileSync(file, "utf8") === text) return;
  if (check) stale.push(rel);
  else {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

const esc = (s) => String(s).replace(/\|/g, "\\|");
const rules = ruleTable();

export function renderTable(list, link = (r) => r.id) {
  const lines = ["| Rule | Validator | Severity | Title | What it checks |", "|---|---|---|---|---|"];
  for (const r of list) lines.push(`| ${link(r)} | ${r.validator} | ${r.severity} | ${esc(r.title)} | ${esc(r.description)} |`);
  return lines.join("\n");
}

function fence(text, lang = "") {
  const t = text.endsWith("\n") ? text : text + "\n";
  const ticks = t.includes("```") ? "````" : "```";
  return `${ticks}${lang}\n${t}${ticks}`;
}

function langOf(name) {
  if (name.endsWith(".md")) return "markdown";
  if (name.endsWith(".json")) return "json";
  if (name.endsWith(".yml") || name.endsWith(".yaml")) return "yaml";
  return "";
}

function showCase(rule, c, invalid) {
  const out = [`#### ${c.name}`, ""];
  for (const d of c.docs) {
    if (d.symlink !== undefined) {
      const to = d.symlink.startsWith("/") ? "an absolute path outside the repository" : `\`${d.symlink}\``;
      out.push(`\`${d.name}\`: a symbolic link to ${to}`, "");
      continue;
    }
    if (d.bytes !== undefined) {
      const hex = [...d.bytes.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join(" ");
      out.push(`\`${d.name}\`: ${d.bytes.length} bytes (${hex}${d.bytes.length > 16 ? " …" : ""})`, "");
      continue;
    }
    // memory-index listings: the directory, folders and symlinks are entries, atomic files are listed unread
    if (d.kind === "MEMORY_DIR") { out.push(`\`${d.name}\`: the memory directory`, ""); continue; }
    if (d.kind === "MEMORY_FILE" && (d.flags ?? 0) !== 0) {
      out.push(`\`${d.name}\`: ${d.flags === 1 ? "a folder" : d.flags === 2 ? `a symbolic link (resolved: \`${d.text}\`)` : `flags ${d.flags}`}`, "");
      continue;
    }
    if (d.kind === "MEMORY_FILE" && d.text.length === 0) { out.push(`\`${d.name}\` (a memory file)`, ""); continue; }
    out.push(`\`${d.name}\`${d.text.length === 0 ? " (empty)" : ""}`, "");
    if (d.text.length) {
      const lines = d.text.replace(/\n$/, "").split("\n");
      // a long document: its start and end, or (an invalid case with a line beyond the start) the lines around the finding
      const at = invalid ? Math.max(0, ...c.errors.filter((e) => e.doc === undefined || e.doc === d.name).map((e) => e.line ?? 0)) : 0;
      const shown = lines.length <= 16 ? lines
        : at > 12 ? [...lines.slice(0, 3), `… (${Math.max(0, at - 7)} lines)`, ...lines.slice(Math.max(3, at - 4), Math.min(lines.length, at + 3)), ...(at + 3 < lines.length ? [`… (${lines.length - at - 3} more lines)`] : [])]
        : [...lines.slice(0, 12), `… (${lines.length - 14} more lines)`, ...lines.slice(-2)];
      out.push(fence(shown.join("\n"), langOf(d.name)), "");
    }
  }
  if (c.read) out.push(`Read by the host's bounded reader with a size limit of ${c.read.maxBytes} bytes, then run through the host.`, "");
  else if (c.host) out.push("Run through the host (executeValidator), not the bare core.", "");
  const facts = { ...(c.facts ?? {}) };
  if (Object.keys(facts).length) out.push(`Facts supplied by the host: \`${JSON.stringify(facts)}\``, "");
  if (c.options && Object.keys(c.options).length) out.push(`Options: \`${JSON.stringify(c.options)}\``, "");
  if (invalid) {
    for (const e of c.errors) {
      const where = e.line ? `line ${e.line}` : "file";
      // a pre-pr report row (PP-0xx): its status instead of a severity and location
      const head = e.status ? `${e.status} row` : `${e.severity ?? rule.severity} (${where})`;
      out.push(`- ${head}, \`${e.messageId}\`: ${renderMessage(rule.id, e.messageId, e.data ?? {})}`);
    }
    out.push("");
  } else if (c.row) {
    out.push(`- PASS row, \`${c.row.messageId}\`: ${renderMessage(rule.id, c.row.messageId, c.row.data ?? {})}`, "");
  }
  return out;
}

function rulePage(r) {
  const cases = Object.values(TABLES).map((t) => t[r.id]).find(Boolean);
  const out = [
    `# ${r.id}: ${r.title}`,
    "",
    `<!-- generated by scripts/gen-rule-docs.mjs from ${r.source}; do not edit -->`,
    "",
    `Validator: \`${r.validator}\` · default severity: **${r.severity}** · source: [\`${r.source}\`](../../${r.source})`,
    "",
    r.description,
    "",
  ];
  if (r.rationale) out.push("## Rationale", "", r.rationale, "");
  const opts = Object.entries(r.options);
  out.push("## Options", "");
  if (opts.length === 0) out.push("None.", "");
  else {
    out.push("| Option | Type | Default | Description |", "|---|---|---|---|");
    for (const [name, o] of opts) out.push(`| \`${name}\` | ${o.type}${o.values ? ` (${o.values.join(", ")})` : ""} | \`${JSON.stringify(o.default)}\` | ${esc(o.description)} |`);
    const sample = Object.fromEntries(opts.map(([n, o]) => [n, o.default]));
    out.push("", "In `agentcheck.config.json`:", "", fence(JSON.stringify({ rules: { [r.id]: { options: sample } } }, null, 2), "json"), "");
  }
  out.push("## Messages", "", "| messageId | Text |", "|---|---|");
  for (const [id, t] of Object.entries(r.messages)) out.push(`| \`${id}\` | ${esc(t)} |`);
  out.push("");
  out.push("## Examples", "");
  if (!cases) out.push("No examples yet: the rule has no table in `test/rules/tables/` (its tests are in the catalog suites).", "");
  else {
    out.push("### Valid", "");
    for (const c of cases.valid.slice(0, 2)) out.push(...showCase(r, c, false));
    out.push("### Invalid", "");
    for (const c of cases.invalid.slice(0, 3)) out.push(...showCase(r, c, true));
  }
  return out.join("\n").replace(/\n{3,}/g, "\n\n").trimEnd() + "\n";
}

// per-rule pages (and no page for a rule that is gone)
const pages = new Set(rules.map((r) => `${r.id}.md`));
for (const r of rules) emit(`docs/rules/${r.id}.md`, rulePage(r));
if (existsSync(join(root, "docs", "rules"))) {
  for (const f of readdirSync(join(root, "docs", "rules"))) if (!pages.has(f)) stale.push(`docs/rules/${f} (no such rule; delete it)`);
}

// index
emit("docs/rules.md", `# Rules\n\nGenerated from the rule declarations in \`assembly/\` by \`scripts/gen-rule-docs.mjs\`. ${rules.length} rules; one page per rule in [rules/](rules/).\n\n${renderTable(rules, (r) => `[${r.id}](rules/${r.id}.md)`)}\n`);
// The rule table has one home (docs/rules.md); a generated copy in the README would go stale unseen.
const readmePath = join(root, "README.md");
if (existsSync(readmePath) && readFileSync(readmePath, "utf8").includes("<!-- rules:start")) {
  stale.push("README.md (holds a generated rule table; the table lives in docs/rules.md, link to it)");
}

// configuration reference
function describeSchema(s, path, out) {
  const t = s.enum ? s.enum.map((v) => `\`${JSON.stringify(v)}\``).join(" \\| ") : s.type === "array" ? `${s.items?.type ?? "any"}[]` : s.type ?? (s.anyOf ? s.anyOf.map((x) => x.type).join(" \\| ") : "any");
  const lim = [s.minimum !== undefined ? `≥ ${s.minimum}` : "", s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER ? `≤ ${s.maximum}` : "", s.exclusiveMinimum !== undefined ? `> ${s.exclusiveMinimum}` : ""].filter(Boolean).join(", ");
  if (path) out.push(`| \`${path}\` | ${t}${s.type === "integer" || s.type === "number" ? (lim ? ` (${lim})` : "") : ""} | ${esc(s.description ?? "")} |`);
  if (s.type === "object" && s.properties) for (const [k, v] of Object.entries(s.properties)) describeSchema(v, path ? `${path}.${k}` : k, out);
  if (s.type === "object" && s.additionalProperties && typeof s.additionalProperties === "object" && Object.keys(s.additionalProperties).length) {
    const key = s.propertyNames?.pattern?.includes("PP-") ? "<PP-0xx>" : s.propertyNames?.pattern ? "<RULE-ID>" : "<name>";
    describeSchema(s.additionalProperties, `${path}.${key}`, out);
  }
}
const js = z.toJSONSchema(ConfigSchema, { io: "input" });
const cfg = ["# Configuration reference", "", "<!-- generated by scripts/gen-rule-docs.mjs from src/config-schema.ts and the rule declarations; do not edit -->", "",
  "agentcheck reads `agentcheck.config.json` (or `.jsonc`, or the `agentcheck` key of `package.json`) at the repository root; `--config` names another file. Unknown keys are errors.", "",
  "## Keys", "", "| Key | Type | Description |", "|---|---|---|"];
describeSchema(js, "", cfg);
cfg.push("", "## Rule options", "", "Options declared by the rules (set them under `rules.<RULE-ID>.options`):", "", "| Rule | Option | Type | Default | Description |", "|---|---|---|---|---|");
for (const r of rules) for (const [n, o] of Object.entries(r.options)) cfg.push(`| [${r.id}](rules/${r.id}.md) | \`${n}\` | ${o.type} | \`${JSON.stringify(o.default)}\` | ${esc(o.description)} |`);
emit("docs/configuration.md", cfg.join("\n") + "\n");

if (stale.length) {
  console.error(`generated docs are stale: ${stale.join(", ")} (run npm run build)`);
  process.exit(1);
}
console.log(`${rules.length} rules documented`);
