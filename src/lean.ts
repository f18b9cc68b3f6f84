// Lean start path: a command whose options are simple can run without loading commander (and
// everything `cli.ts` pulls in). bin/agentcheck.js tries this first; anything unusual (help,
// an unknown or malformed option, a positional argument) returns undefined and the full CLI
// handles the arguments, so behaviour and messages stay those of commander.
import { parseArgs } from "node:util";
import { UsageError } from "./report.js";
import { writeErr } from "./stdio.js";

type Spec = Record<string, { type: "string" | "boolean"; short?: string }>;

const camel = (s: string) => s.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

/** Options from commander-style flag strings ("-f, --format <name>", "--no-color"), or undefined. */
export function leanParse(args: string[], flags: string[]): Record<string, string | boolean> | undefined {
  const r = leanParsePaths(args, flags, false);
  return r?.options;
}

/**
 * leanParse for a command with variadic paths (`session-log [paths...]`): the options and the
 * positional arguments, or undefined. `paths` false: a positional argument is left to commander.
 */
export function leanParsePaths(args: string[], flags: string[], paths = true): { options: Record<string, string | boolean>; paths: string[] } | undefined {
  const spec: Spec = {};
  const negated = new Set<string>();
  for (const f of flags) {
    const m = /^(?:-(\w), )?--([\w-]+)(?: <\w+>)?$/.exec(f);
    if (!m) return undefined;
    const long = m[2];
    if (long.startsWith("no-")) {
      negated.add(long);
      spec[long] = { type: "boolean" };
      continue;
    }
    spec[long] = { type: f.includes("<") ? "string" : "boolean", ...(m[1] ? { short: m[1] } : {}) };
  }
  let tokens: { kind: string; name?: string; value?: string }[];
  let positionals: string[];
  try {
    ({ tokens, positionals } = parseArgs({ args, options: spec, strict: true, allowPositionals: paths, tokens: true }) as unknown as { tokens: { kind: string; name?: string; value?: string }[]; positionals: string[] });
  } catch {
    return undefined;
  }
  // in the order given, so the last of repeated or opposite flags wins, as with commander
  // (parseArgs' values keep an option where it first appeared: `--no-color --color --no-color`)
  const out: Record<string, string | boolean> = {};
  for (const t of tokens) {
    if (t.kind !== "option" || t.name === undefined) continue;
    if (negated.has(t.name)) out[camel(t.name.slice(3))] = false;
    else out[camel(t.name)] = t.value ?? true;
  }
  return { options: out, paths: positionals };
}

/** Run `fn` the way cli.ts main() does: usage and other errors print one line and give exit 2. */
export async function leanRun(fn: () => Promise<number>): Promise<number> {
  try {
    return await fn();
  } catch (e) {
    const err = e as Error;
    writeErr(`agentcheck: ${err && err.message ? err.message : String(e)}\n`);
    if (!(e instanceof UsageError) && process.env.AGENTCHECK_DEBUG) writeErr(`${err?.stack ?? ""}\n`);
    return 2;
  }
}
