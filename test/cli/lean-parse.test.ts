// Issue 39 item 5: the lean start path reads plain arguments (`--name value`, `-x`, paths) with its own
// loop instead of loading node:util's parseArgs, and hands every other shape to parseArgs. Either way
// the answer must be parseArgs' own: the options (last one wins, as with commander), the paths, or
// undefined (the full CLI then answers with commander's message).
import { describe, expect, it } from "vitest";
import { parseArgs } from "node:util";
import { leanParsePaths } from "../../src/lean.js";
import { CHECK_FLAGS, SESSION_LOG_FLAGS } from "../../src/check-cli.js";
import { MEMORY_INDEX_FLAGS } from "../../src/commands/memory-index.js";

/** The answer through parseArgs alone (src/lean.ts before the plain loop). */
function reference(args: string[], flags: string[], paths: boolean): { options: Record<string, string | boolean>; paths: string[] } | undefined {
  const spec: Record<string, { type: "string" | "boolean"; short?: string }> = {};
  const negated = new Set<string>();
  for (const f of flags) {
    const m = /^(?:-(\w), )?--([\w-]+)(?: <\w+>)?$/.exec(f)!;
    if (m[2].startsWith("no-")) {
      negated.add(m[2]);
      spec[m[2]] = { type: "boolean" };
    } else spec[m[2]] = { type: f.includes("<") ? "string" : "boolean", ...(m[1] ? { short: m[1] } : {}) };
  }
  let r;
  try {
    r = parseArgs({ args, options: spec, strict: true, allowPositionals: paths, tokens: true });
  } catch {
    return undefined;
  }
  const out: Record<string, string | boolean> = {};
  const camel = (s: string) => s.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
  for (const t of r.tokens) {
    if (t.kind !== "option") continue;
    if (negated.has(t.name)) out[camel(t.name.slice(3))] = false;
    else out[camel(t.name)] = typeof t.value === "string" ? t.value : true;
  }
  return { options: out, paths: r.positionals };
}

const VECTORS: string[][] = [
  [],
  ["--format", "json"],
  ["-f", "json", "--quiet"],
  ["-q", "-f", "text", "-f", "json"],
  ["--only", "memory-index,consistency,traceability", "--format", "json"],
  ["--staged", "--strict", "--max-warnings", "0"],
  ["--no-color", "--color", "--no-color"],
  ["--color", "--no-color", "--color"],
  ["--format=json"],
  ["-fjson"],
  ["-qv"],
  ["--format"],
  ["--format", "-x"],
  ["--format", "--quiet"],
  ["-f", "-"],
  ["-f", ""],
  ["--quiet", "-"],
  ["--"],
  ["--", "-q"],
  ["a.md", "--", "--quiet"],
  ["--bogus"],
  ["-Z"],
  ["-5"],
  ["--no-format"],
  ["--__proto__"],
  ["--constructor"],
  ["--toString", "x"],
  ["path/a.md", "-q", "b.md"],
  [""],
  ["--quiet", "extra"],
  ["--dir", ".serena/memories", "--layout", "current", "--orphans", "error"],
  ["--now", "2026-01-10T00:00:00Z", "--format", "json"],
  ["--quiet=1"],
  ["-o", "out.json", "--output-file", "b.json"],
];

describe("issue-39 the lean argument loop answers as parseArgs does", () => {
  const sets: [string, string[]][] = [
    ["check", CHECK_FLAGS],
    ["session-log", SESSION_LOG_FLAGS],
    ["memory-index", MEMORY_INDEX_FLAGS],
  ];
  for (const [name, flags] of sets) {
    for (const paths of [true, false]) {
      it.each(VECTORS.map((v) => [JSON.stringify(v), v]))(`${name} (paths ${paths}): %s`, (_label, args) => {
        expect(leanParsePaths(args as string[], flags, paths)).toEqual(reference(args as string[], flags, paths));
      });
    }
  }
});
