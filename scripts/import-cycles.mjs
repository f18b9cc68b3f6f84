// Import cycles in src/ and assembly/: files that import each other in a loop, through static imports,
// `export ... from`, `import type` and lazy `import("...")` alike (a lazy import hides a loop from the
// module loader, not from the reader). Each cycle is printed once, as the files of one strongly
// connected component. A new cycle fails test/hostile/import-cycles.test.ts.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = join(fileURLToPath(new URL(".", import.meta.url)), "..");

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (/\.(ts|mts|cts)$/.test(e.name) && !e.name.endsWith(".d.ts")) yield p;
  }
}

/**
 * The module specifiers `file` names: import/export declarations and import("literal") calls
 * (TypeScript's pre-processing scanner: no parse, so the whole tree takes a fraction of a second).
 */
export function specifiers(file, text = readFileSync(file, "utf8")) {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

function target(from, spec) {
  if (!spec.startsWith(".")) return undefined;
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(js|mjs|cjs|ts)$/, "");
  for (const c of [`${stem}.ts`, `${stem}.mts`, join(base, "index.ts")]) if (existsSync(c) && statSync(c).isFile()) return c;
  return undefined;
}

/** The cycles under `dirs` (default src/ and assembly/), each a sorted list of paths relative to `base`. */
export function importCycles(dirs = [join(ROOT, "src"), join(ROOT, "assembly")], base = ROOT) {
  const edges = new Map();
  for (const dir of dirs) {
    for (const f of files(dir)) {
      const to = new Set();
      for (const s of specifiers(f)) {
        const t = target(f, s);
        if (t !== undefined) to.add(t);
      }
      edges.set(f, [...to]);
    }
  }
  // Tarjan's strongly connected components, iterative (no recursion depth on long chains).
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const comps = [];
  let next = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1];
      const [v, i] = top;
      const out = edges.get(v) ?? [];
      if (i < out.length) {
        top[1] = i + 1;
        const w = out[i];
        if (!edges.has(w)) continue;
        if (!index.has(w)) {
          index.set(w, next);
          low.set(w, next++);
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const u = work[work.length - 1][0];
        low.set(u, Math.min(low.get(u), low.get(v)));
      }
      if (low.get(v) === index.get(v)) {
        const comp = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          comp.push(w);
        } while (w !== v);
        const self = comp.length === 1 && (edges.get(v) ?? []).includes(v);
        if (comp.length > 1 || self) comps.push(comp.map((p) => relative(base, p).split("\\").join("/")).sort());
      }
    }
  }
  return comps.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const found = importCycles();
  for (const c of found) console.log(c.join(" -> "));
  process.exit(found.length > 0 ? 1 : 0);
}
