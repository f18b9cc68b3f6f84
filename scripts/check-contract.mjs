// Checks the fact and data keys used across the TS<->WASM boundary against their declaration in
// contract/interface.json. Fails (exit 1) on
//   - a fact key the core reads (assembly/: input.fact/has/factLines/factList/factSet/factBool/factInt/factDoc("key"), a
//     helper called with the input and a key, factStr(ctx, "key")) that is not declared;
//   - a data key the core attaches (results.put(doc, "key", ..), results.putGlobal("key", ..)) that is
//     not declared;
//   - a key used by a validator its declaration does not list (assembly/validators/<name>/);
//   - a declared fact the core never reads, a declared data key the core never attaches, or a declared
//     key the host (src/, test/ for test-only keys) never names.
// A key "x." + expr matches a declared "x.{param}". Run by the build (scripts/build-code.mjs) and by
// test/wasm/contract.integration.test.ts. Usage: node scripts/check-contract.mjs [root]
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), "..");
const contract = JSON.parse(readFileSync(join(root, "contract", "interface.json"), "utf8"));

const walk = (d) =>
  !existsSync(d) ? [] : readdirSync(d).flatMap((n) => {
    const p = join(d, n);
    if (n === "node_modules" || n === "generated") return [];
    return statSync(p).isDirectory() ? walk(p) : /\.(ts|mts|mjs|js)$/.test(n) ? [p] : [];
  });
const GENERATED = new Set([join(root, "assembly", "abi.ts"), join(root, "src", "wasm", "contract.ts")]);

/** Declared keys: literal ones, and parameterised ones by their literal head ("git.commit."). */
function declared(section) {
  const exact = new Set();
  const prefixes = new Map();
  for (const k of Object.keys(section)) {
    const i = k.indexOf("{");
    if (i < 0) exact.add(k);
    else prefixes.set(k.slice(0, i), k);
  }
  return { exact, prefixes };
}
/** The declared key a used key (a literal, or a literal head when `prefix`) stands for, or undefined. */
function resolve(decl, key, prefix) {
  if (!prefix) {
    if (decl.exact.has(key)) return key;
    for (const [head, k] of decl.prefixes) if (key.startsWith(head) && key.length > head.length) return k;
    return undefined;
  }
  return decl.prefixes.get(key);
}

const facts = declared(contract.facts);
const data = declared(contract.data);
const problems = [];
const factUses = new Set();
const dataUses = new Set();

const line = (text, index) => text.slice(0, index).split("\n").length;
/** The validator a file of assembly/validators/<name>/ belongs to (undefined: shared code). */
const validatorOf = (file) => /assembly[\\/]validators[\\/]([^\\/]+)[\\/]/.exec(file)?.[1];
/** A use by a validator the declaration does not list. */
function checkOwner(section, key, file, where, what) {
  const v = validatorOf(file);
  const owners = section[key].validators ?? ["*"];
  if (v !== undefined && !owners.includes("*") && !owners.includes(v)) problems.push(`${where}: ${what} "${key}" is used by ${v}, which its declaration does not list (${owners.join(", ")})`);
}
for (const file of walk(join(root, "assembly"))) {
  if (GENERATED.has(file)) continue;
  const text = readFileSync(file, "utf8");
  const where = (m) => `${relative(root, file)}:${line(text, m.index)}`;
  const factRefs = [
    ...text.matchAll(/\binput\.(?:fact|has|factLines|factList|factSet|factBool|factInt|factDoc)\(\s*"([^"]*)"(\s*\+)?/g),
    // helpers that read a fact: f(input, "key"), f(ctx.input, "key")
    ...text.matchAll(/\b\w+\(\s*(?:[\w.]*\.)?input,\s*"([^"]*)"(\s*\+)?/g),
    // the pre-pr row helper factStr(ctx, "key")
    ...text.matchAll(/\bfactStr\(\s*\w+,\s*"([^"]*)"(\s*\+)?/g),
  ];
  for (const m of factRefs) {
    if (/\.option(?:Int|Bool)?\(/.test(m[0])) continue; // rule options: declared in the rule files
    const k = resolve(facts, m[1], m[2] !== undefined);
    if (k === undefined) problems.push(`${where(m)}: fact key "${m[1]}${m[2] ? "…" : ""}" is not declared in contract/interface.json`);
    else {
      factUses.add(k);
      checkOwner(contract.facts, k, file, where(m), "fact");
    }
  }
  const dataRefs = [
    ...text.matchAll(/\.put\(\s*[\w.[\]]+(?:\([^()]*\))?,\s*"([^"]*)"(\s*\+)?/g),
    ...text.matchAll(/\.putGlobal\(\s*"([^"]*)"(\s*\+)?/g),
  ];
  for (const m of dataRefs) {
    const k = resolve(data, m[1], m[2] !== undefined);
    if (k === undefined) problems.push(`${where(m)}: data key "${m[1]}" is not declared in contract/interface.json`);
    else {
      dataUses.add(k);
      checkOwner(contract.data, k, file, where(m), "data key");
    }
  }
  // keys a helper computes: a comment `// contract: fact "a" "b.{x}"; data "c"` names them
  for (const m of text.matchAll(/\/\/ contract: (.*)/g)) {
    for (const part of m[1].split(";")) {
      const w = /^\s*(fact|data)\s+(.*)$/.exec(part);
      if (!w) continue;
      const decl = w[1] === "fact" ? facts : data;
      const section = w[1] === "fact" ? contract.facts : contract.data;
      for (const [, key] of w[2].matchAll(/"([^"]+)"/g)) {
        if (section[key] === undefined) problems.push(`${where(m)}: ${w[1]} key "${key}" is not declared in contract/interface.json`);
        else {
          (w[1] === "fact" ? factUses : dataUses).add(key);
          checkOwner(section, key, file, where(m), w[1] === "fact" ? "fact" : "data key");
        }
      }
    }
  }
}
for (const k of Object.keys(contract.facts)) if (!factUses.has(k)) problems.push(`contract/interface.json: fact "${k}" is declared but the core never reads it`);
for (const k of Object.keys(contract.data)) if (!dataUses.has(k)) problems.push(`contract/interface.json: data key "${k}" is declared but the core never attaches it`);

// the host side: every declared key (or the literal head of a parameterised one) is named somewhere
const host = [...walk(join(root, "src")), ...walk(join(root, "test"))]
  .filter((f) => !GENERATED.has(f))
  .map((f) => readFileSync(f, "utf8"))
  .join("\n");
// (data keys are not checked here: the host passes results' data to the report as they are)
for (const [section, what] of [[contract.facts, "fact"]]) {
  for (const k of Object.keys(section)) {
    const i = k.indexOf("{");
    const head = i < 0 ? k : k.slice(0, i);
    const esc = head.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const named = i < 0
      ? new RegExp(`["'\`]${esc}["'\`]|[.{,]\\s*${/^[A-Za-z_$][\w$]*$/.test(k) ? `${esc}\\b` : "\\b\\B"}`).test(host)
      : new RegExp(`["'\`]${esc}`).test(host);
    if (!named) problems.push(`contract/interface.json: ${what} "${k}" is declared but the host never names it`);
  }
}

if (problems.length > 0) {
  console.error(problems.join("\n"));
  console.error(`contract: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`contract: ${factUses.size} fact keys and ${dataUses.size} data keys, all declared and used`);
