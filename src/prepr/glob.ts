// Minimal gitignore/globby-style matcher for config globs and ignores (*, **, ?, [..], {a,b}).
// Patterns are relative to the repository root; matching is on forward-slash paths.
import { UsageError } from "../report.js";

const cache = new Map<string, RegExp>();

/** Throws a UsageError (configuration error, exit 2) naming the first invalid glob of a list. */
export function validateGlobs(patterns: readonly string[] | undefined, where: string): void {
  for (const g of patterns ?? []) {
    try {
      globToRegExp(g.startsWith("!") ? g.slice(1) : g);
    } catch (e) {
      throw new UsageError(`${where}: ${(e as Error).message}`);
    }
  }
}

function escape(c: string): string {
  return /[.+^${}()|\\]/.test(c) ? `\\${c}` : c;
}

export function globToRegExp(pattern: string): RegExp {
  const hit = cache.get(pattern);
  if (hit) return hit;
  let p = pattern.replace(/\\/g, "/");
  if (p.startsWith("./")) p = p.slice(2);
  if (p.startsWith("/")) p = p.slice(1);
  let re = "";
  let i = 0;
  let braces = 0;
  while (i < p.length) {
    const c = p[i];
    if (c === "*") {
      if (p[i + 1] === "*") {
        const slashAfter = p[i + 2] === "/";
        const atStart = i === 0 || p[i - 1] === "/";
        if (atStart && slashAfter) {
          re += "(?:[^/]*/)*";
          i += 3;
          continue;
        }
        if (atStart && i + 2 === p.length) {
          re += ".*";
          i += 2;
          continue;
        }
        re += "[^/]*";
        i += 2;
        continue;
      }
      re += "[^/]*";
    } else if (c === "?") re += "[^/]";
    else if (c === "[") {
      const end = p.indexOf("]", i + 1);
      if (end < 0) re += "\\[";
      else {
        let body = p.slice(i + 1, end);
        if (body.startsWith("!")) body = `^${body.slice(1)}`;
        re += `[${body.replace(/\\/g, "\\\\")}]`;
        i = end;
      }
    } else if (c === "{") {
      braces++;
      re += "(?:";
    } else if (c === "}" && braces > 0) {
      braces--;
      re += ")";
    } else if (c === "," && braces > 0) re += "|";
    else re += escape(c);
    i++;
  }
  if (braces > 0) throw new UsageError(`invalid glob '${pattern}': unclosed '{'`);
  // a pattern naming a directory also matches what is inside it
  let rx: RegExp;
  try {
    rx = new RegExp(`^${re}(?:/.*)?$`);
  } catch (e) {
    throw new UsageError(`invalid glob '${pattern}': ${(e as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, "")}`);
  }
  cache.set(pattern, rx);
  return rx;
}

export function matchesAny(path: string, patterns: string[]): boolean {
  return patterns.some((g) => globToRegExp(g).test(path));
}

/** Apply a globby-style list (positive patterns select, "!" patterns exclude; later wins). */
export function selectedByGlobs(path: string, globs: string[]): boolean {
  let sel = false;
  for (const g of globs) {
    if (g.startsWith("!")) {
      if (globToRegExp(g.slice(1)).test(path)) sel = false;
    } else if (globToRegExp(g).test(path)) sel = true;
  }
  return sel;
}
