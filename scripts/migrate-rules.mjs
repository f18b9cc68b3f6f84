// Migration tool (re-runnable): converts rule code written against the old model to the new one.
//  - defineRule(id, validator, severity, title, description) -> defineRule(id, severity) + X_doc()
//  - report(..., "text " + value + " more") -> report(..., msg("textMore").s("value", value))
//    and the template "text {{value}} more" is added to the rule's doc `messages`.
// Report calls whose rule is not a rule constant are listed for hand conversion.
// Usage: node scripts/migrate-rules.mjs [files...]   (default: every file under assembly/)
import ts from "typescript";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { readRules, parse, listSources } from "./lib/rule-source.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { rules } = readRules(root);
const byName = new Map(rules.map((r) => [r.name, r]));
/** rule name -> Map(messageId -> template) (existing ones first) */
const messages = new Map(rules.map((r) => [r.name, new Map(Object.entries(r.doc?.messages ?? {}))]));
/** Functions that report a finding: (..., rule, ..., message) with the message last. */
const REPORTERS = new Set(["report", "reportAs", "at0", "at"]);
const edits = new Map(); // file -> [{start, end, text}]
const manual = [];
const imports = new Map(); // file -> { sf, names: Set }
function needImport(rel, sf, name) {
  if (!imports.has(rel)) imports.set(rel, { sf, names: new Set() });
  imports.get(rel).names.add(name);
}
const addEdit = (file, start, end, text) => {
  if (!edits.has(file)) edits.set(file, []);
  edits.get(file).push({ start, end, text });
};

function flatten(e, out) {
  if (ts.isParenthesizedExpression(e) && ts.isBinaryExpression(e.expression) && e.expression.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    return flatten(e.expression, out);
  }
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    flatten(e.left, out);
    flatten(e.right, out);
    return out;
  }
  out.push(e);
  return out;
}

function nameOf(e) {
  if (ts.isParenthesizedExpression(e)) return nameOf(e.expression);
  if (ts.isNonNullExpression(e)) return nameOf(e.expression);
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) {
    const n = e.name.text;
    if (n === "length") return nameOf(e.expression) + "Count";
    return n.length <= 2 ? nameOf(e.expression) : n;
  }
  if (ts.isElementAccessExpression(e)) return nameOf(e.expression);
  if (ts.isCallExpression(e)) {
    const c = e.expression;
    if (ts.isPropertyAccessExpression(c)) {
      const m = c.name.text;
      if (m === "toString" || m === "trim" || m === "toUpperCase" || m === "toLowerCase") return nameOf(c.expression);
      if (e.arguments.length === 0) return m.replace(/^get(?=[A-Z])/, "").replace(/^./, (x) => x.toLowerCase());
      return m;
    }
    if (ts.isIdentifier(c)) return c.text;
  }
  if (ts.isConditionalExpression(e)) return "detail";
  return "value";
}

function camel(words) {
  return words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0].toUpperCase() + w.slice(1).toLowerCase())).join("");
}

function messageIdFor(template) {
  const words = template.replace(/\{\{\w+\}\}/g, " ").split(/[^A-Za-z0-9]+/).filter((w) => w.length > 0 && !/^\d/.test(w));
  const id = camel(words.slice(0, 4));
  return id.length > 0 ? id : "message";
}

function convertMessage(rule, e) {
  const parts = flatten(e, []);
  let template = "";
  const data = [];
  const used = new Set();
  for (const p of parts) {
    if (ts.isStringLiteral(p) || ts.isNoSubstitutionTemplateLiteral(p)) {
      template += p.text;
      continue;
    }
    let key = nameOf(p).replace(/[^A-Za-z0-9]/g, "") || "value";
    if (/^\d/.test(key)) key = "v" + key;
    let k = key;
    for (let i = 2; used.has(k); i++) k = key + i;
    used.add(k);
    template += `{{${k}}}`;
    let text = p.getText();
    data.push([k, text]);
  }
  const known = messages.get(rule.name);
  let id = null;
  for (const [mid, t] of known) if (t === template) id = mid;
  if (id === null) {
    const base = messageIdFor(template);
    id = base;
    for (let i = 2; known.has(id); i++) id = base + i;
    known.set(id, template);
  }
  return `msg(${JSON.stringify(id)})` + data.map(([k, t]) => `.s(${JSON.stringify(k)}, ${t})`).join("");
}

const files = process.argv.slice(2).length ? process.argv.slice(2).map((f) => join(root, f)) : listSources(join(root, "assembly"));
for (const file of files) {
  const sf = parse(file);
  const rel = relative(root, file).replace(/\\/g, "/");
  let usesMsg = false;
  const visit = (n) => {
    const callee = ts.isCallExpression(n) ? (ts.isPropertyAccessExpression(n.expression) ? n.expression.name.text : n.expression.getText()) : "";
    if (ts.isCallExpression(n) && REPORTERS.has(callee) && n.arguments.length >= 3) {
      const last = n.arguments[n.arguments.length - 1];
      const isMsg = /\bmsg\(/.test(last.getText()) ||
        (ts.isIdentifier(last) && new RegExp(`\\b${last.text}\\s*(:\\s*Msg\\b|=\\s*msg\\()`).test(sf.text));
      const first = n.arguments.find((a) => ts.isIdentifier(a) && byName.has(a.text)) ?? n.arguments[0];
      const rule = ts.isIdentifier(first) ? byName.get(first.text) : undefined;
      if (!isMsg && last.getText() !== "message") {
        if (rule) {
          addEdit(rel, last.getStart(sf), last.getEnd(), convertMessage(rule, last));
          usesMsg = true;
        } else manual.push(`${rel}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}: ${n.getText().slice(0, 100)}`);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  if (usesMsg) needImport(rel, sf, "msg");
}

function docText(rule) {
  const d = rule.doc ?? {};
  const legacy = rule.legacy ?? {};
  const msgs = messages.get(rule.name);
  const lines = [
    `function ${rule.name}_doc(): RuleDoc {`,
    `  return {`,
    `    id: ${JSON.stringify(rule.id)},`,
    `    validator: ${JSON.stringify(d.validator ?? legacy.validator)},`,
    `    title: ${JSON.stringify(d.title ?? legacy.title)},`,
    `    description: ${JSON.stringify(d.description ?? legacy.description)},`,
  ];
  if (d.rationale) lines.push(`    rationale: ${JSON.stringify(d.rationale)},`);
  if (d.options && Object.keys(d.options).length) lines.push(`    options: ${JSON.stringify(d.options)},`);
  lines.push(`    messages: {`);
  for (const [k, v] of msgs) lines.push(`      ${k}: ${JSON.stringify(v)},`);
  lines.push(`    },`, `  };`, `}`);
  return lines.join("\n");
}

const SEV = { error: "SEV_ERROR", warning: "SEV_WARNING", info: "SEV_INFO" };
for (const r of rules) {
  const changed = r.legacy || messages.get(r.name).size !== Object.keys(r.doc?.messages ?? {}).length;
  if (!changed) continue;
  const st = r.statement;
  const exported = st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ? "export " : "";
  addEdit(r.file, st.getStart(r.sf), st.getEnd(), `${exported}const ${r.name} = defineRule(${JSON.stringify(r.id)}, ${SEV[r.severity]});\n${docText(r)}`);
  if (r.docNode) addEdit(r.file, r.docNode.getFullStart(), r.docNode.getEnd(), "");
  needImport(r.file, r.sf, "RuleDoc");
}
for (const [rel, { sf, names }] of imports) {
  const depth = rel.split("/").length - 2;
  const from = depth === 0 ? "./rules" : "../".repeat(depth) + "rules";
  const decl = sf.statements.find((s) => ts.isImportDeclaration(s) && s.moduleSpecifier.text === from);
  const have = decl?.importClause?.namedBindings?.elements?.map((e) => e.name.text) ?? [];
  const all = [...new Set([...have, ...names])];
  if (all.length === have.length) continue;
  if (decl) addEdit(rel, decl.getStart(sf), decl.getEnd(), `import { ${all.join(", ")} } from "${from}";`);
  else {
    const last = [...sf.statements].reverse().find((s) => ts.isImportDeclaration(s));
    const at = last ? last.getEnd() : 0;
    addEdit(rel, at, at, `${last ? "\n" : ""}import { ${all.join(", ")} } from "${from}";${last ? "" : "\n"}`);
  }
}

for (const [rel, list] of edits) {
  const file = join(root, rel);
  let text = readFileSync(file, "utf8");
  list.sort((a, b) => b.start - a.start || b.end - a.end);
  for (const e of list) text = text.slice(0, e.start) + e.text + text.slice(e.end);
  writeFileSync(file, text);
}
console.log(`migrated ${edits.size} files`);
if (manual.length) console.log(`convert by hand:\n${manual.join("\n")}`);
