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
  let tokens: Token[];
  let positionals: string[];
  const plain = plainTokens(args, spec, paths);
  if (plain === "unknown") return undefined;
  if (plain) ({ tokens, positionals } = plain);
  else {
    try {
      ({ tokens, positionals } = parseArgs({ args, options: spec, strict: true, allowPositionals: paths, tokens: true }) as unknown as { tokens: Token[]; positionals: string[] });
    } catch {
      return undefined;
    }
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

type Token = { kind: string; name?: string; value?: string };

/**
 * The tokens of arguments in the plain shapes every hook and script uses (`--name`, `--name value`,
 * `-x`, `-x value`, and paths where allowed), as node:util parseArgs gives them; "unknown" for an
 * option the command does not have (parseArgs, strict, refuses it), and undefined for any other shape
 * (`--name=value`, `-abc`, `--`, a value starting with "-", a missing value), which parseArgs then
 * reads. Loading parseArgs costs a start about 1 ms of CPU for what this loop does (issue 39 item 5).
 */
function plainTokens(args: string[], spec: Spec, paths: boolean): { tokens: Token[]; positionals: string[] } | "unknown" | undefined {
  const tokens: Token[] = [];
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    let name: string | undefined;
    if (a.startsWith("--")) {
      if (a === "--" || a.includes("=")) return undefined;
      name = a.slice(2);
      if (!Object.hasOwn(spec, name)) return "unknown";
    } else if (a.startsWith("-") && a.length > 1) {
      if (a.length !== 2) return undefined;
      for (const k of Object.keys(spec)) if (spec[k].short === a[1]) name = k;
      if (name === undefined) return "unknown";
    } else {
      if (!paths || a === "-") return undefined;
      tokens.push({ kind: "positional", value: a });
      positionals.push(a);
      continue;
    }
    if (spec[name].type === "boolean") {
      tokens.push({ kind: "option", name });
      continue;
    }
    const v = args[i + 1];
    if (v === undefined || v.startsWith("-")) return undefined;
    tokens.push({ kind: "option", name, value: v });
    i++;
  }
  return { tokens, positionals };
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
