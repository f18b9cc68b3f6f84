// Spread arguments in src/: `fn(...xs)` passes every element of xs as one argument on the stack, so
// a data-sized xs (findings, results, lines of a file) throws "Maximum call stack size exceeded"
// near 100,000 elements. Use pushAll / maxOf (src/arrays.ts) or a loop. This lists every spread in
// the arguments of a call or `new` in src/ that is not on the ALLOWED list (a spread whose length is
// bounded by something other than the input: rest-parameter forwarding, path segments).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = join(fileURLToPath(new URL(".", import.meta.url)), "..");

/** file:text of the call, each with why its length is bounded. */
export const ALLOWED = new Map([
  ["src/manifest/commands.ts:fn(...a)", "forwards a command action's own arguments (commander: a handful)"],
  ["src/fspath.ts:resolve(r, ...tail.reverse())", "path segments of one path (PATH_MAX bounds them)"],
  ["src/commands/session-end.ts:Object.assign({}, ...Object.values(checks).map((c) => c.evidence))", "one entry per session-end check (a fixed set)"],
]);

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (/\.(ts|mts|cts)$/.test(e.name) && !e.name.endsWith(".d.ts")) yield p;
  }
}

/** Spread arguments of calls under `dir` (default src/), as "file:call text", minus ALLOWED. */
export function callSpreads(dir = join(ROOT, "src"), base = ROOT) {
  const out = [];
  for (const file of files(dir)) {
    const text = readFileSync(file, "utf8");
    if (!/[(,]\s*\.\.\./.test(text)) continue; // no spread can be an argument here: not parsed
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    const rel = relative(base, file).split("\\").join("/");
    const visit = (node) => {
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && (node.arguments ?? []).some((a) => ts.isSpreadElement(a))) {
        const key = `${rel}:${node.getText(sf).replace(/\s+/g, " ")}`;
        if (!ALLOWED.has(key)) out.push(`${key} (line ${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1})`);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const found = callSpreads();
  for (const f of found) console.log(f);
  process.exit(found.length > 0 ? 1 : 0);
}
