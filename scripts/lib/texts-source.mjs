// The English fragments of the core: every string literal given to txt() in assembly/ (see
// assembly/lib/texts.ts). Sorted and distinct; the module reports text number i as a token, the host
// prints TEXTS[i]. Read by scripts/gen-rules.mjs (writes the tables) and checked again by the asc
// transform scripts/asc-size.mjs (a txt() literal missing from the table fails the build).
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";

function tsFiles(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...tsFiles(p));
    else if (e.name.endsWith(".ts")) out.push(p);
  }
  return out.sort();
}

/** The double-quoted string literals inside the argument of each txt( ... ) call of a source text. */
export function textsOf(src) {
  const out = [];
  const re = /\btxt\(/g;
  let m;
  while ((m = re.exec(src))) {
    if (/function\s+$/.test(src.slice(Math.max(0, m.index - 20), m.index))) continue; // the declaration
    let i = m.index + m[0].length;
    let depth = 1;
    while (i < src.length && depth > 0) {
      const c = src[i];
      if (c === '"') {
        let j = i + 1;
        while (j < src.length && src[j] !== '"') j += src[j] === "\\" ? 2 : 1;
        const lit = src.slice(i, j + 1).replace(/\\'/g, "'");
        out.push(JSON.parse(lit));
        i = j + 1;
        continue;
      }
      if (c === "(") depth++;
      else if (c === ")") depth--;
      i++;
    }
  }
  return out;
}

/** Every txt() text in assembly/, distinct, in code-unit order. */
export function collectTexts(root) {
  const set = new Set();
  for (const f of tsFiles(join(root, "assembly"))) {
    const rel = relative(root, f);
    if (rel === join("assembly", "lib", "texts.ts")) continue;
    for (const t of textsOf(readFileSync(f, "utf8"))) set.add(t);
  }
  return [...set].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
