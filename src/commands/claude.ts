// Claude Code hooks: the configuration (`hooks claude [--write]`) and the Stop / SessionStart
// hook entry points. Hook protocol (ecosystem.md §4): JSON on stdin with extra fields ignored;
// exit 2 blocks with the reason on stderr; Stop hooks honour stop_hook_active so they never loop.
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { CONFIG_MAX_BYTES, readTextOrThrow } from "../fsread.js";
import { dirname, join } from "node:path";
import { UsageError } from "../report.js";
import { gitTopLevel } from "../git-run.js";

export interface HookEntry {
  type: "command";
  command: string;
  timeout?: number;
}
export interface HookMatcher {
  matcher?: string;
  hooks: HookEntry[];
}
export type HooksConfig = Record<string, HookMatcher[]>;

/** The command prefix that runs agentcheck from a hook (never npx: it is slow and may prompt). */
export function defaultBin(root: string): string {
  return existsSync(join(root, "node_modules", ".bin", "agentcheck")) ? LOCAL_BIN : "agentcheck";
}

const LOCAL_BIN = `"$CLAUDE_PROJECT_DIR"/node_modules/.bin/agentcheck`;

/** The gate command: the lean `agentcheck-gate` bin beside a standard install, else `<bin> session gate`. */
export function gateCommand(bin: string): string {
  if (bin === LOCAL_BIN) return `${LOCAL_BIN}-gate`;
  if (bin === "agentcheck") return "agentcheck-gate";
  return `${bin} session gate`;
}

export function claudeHooks(bin: string): HooksConfig {
  return {
    // the gate answers allow/deny itself; a launcher that cannot be found must not let the tool
    // run (exit 127 would be a non-blocking error), so it becomes a blocking exit 2
    PreToolUse: [{ matcher: "*", hooks: [{ type: "command", command: `${gateCommand(bin)} || exit 2`, timeout: 5 }] }],
    SessionStart: [{ matcher: "startup", hooks: [{ type: "command", command: `${bin} hooks session-start`, timeout: 30 }] }],
    Stop: [{ hooks: [{ type: "command", command: `${bin} hooks stop`, timeout: 120 }] }],
  };
}

function isAgentcheckEntry(h: HookEntry, bin: string): boolean {
  return typeof h.command === "string" && (h.command.startsWith(bin + " ") || /(^|[/"\s])(agentcheck-gate"?(\s|$)|agentcheck"?\s+(session gate|hooks (stop|session-start)))/.test(h.command));
}

/**
 * Merge our hooks into an existing settings object: every other key and every other hook entry
 * is kept; our own entries (recognised by their command) are replaced, not duplicated.
 */
export function mergeSettings(existing: unknown, ours: HooksConfig, bin: string): Record<string, unknown> {
  if (existing !== undefined && (typeof existing !== "object" || existing === null || Array.isArray(existing))) {
    throw new UsageError(".claude/settings.json does not hold a JSON object; not touching it");
  }
  const settings: Record<string, unknown> = { ...(existing as Record<string, unknown> | undefined) };
  const hooksIn = settings.hooks;
  if (hooksIn !== undefined && (typeof hooksIn !== "object" || hooksIn === null || Array.isArray(hooksIn))) {
    throw new UsageError(".claude/settings.json: \"hooks\" is not an object; not touching it");
  }
  const hooks: Record<string, unknown> = { ...(hooksIn as Record<string, unknown> | undefined) };
  for (const [event, matchers] of Object.entries(ours)) {
    const current = hooks[event];
    if (current !== undefined && !Array.isArray(current)) {
      throw new UsageError(`.claude/settings.json: hooks.${event} is not an array; not touching it`);
    }
    const kept: unknown[] = [];
    for (const m of (current as unknown[] | undefined) ?? []) {
      const mm = m as HookMatcher;
      if (!mm || !Array.isArray(mm.hooks)) {
        kept.push(m);
        continue;
      }
      const rest = mm.hooks.filter((h) => !isAgentcheckEntry(h, bin));
      if (rest.length > 0) kept.push({ ...mm, hooks: rest });
      else if (rest.length === mm.hooks.length) kept.push(m);
    }
    hooks[event] = [...kept, ...matchers];
  }
  settings.hooks = hooks;
  return settings;
}

export async function runHooksClaude(o: { write?: boolean; bin?: string }): Promise<number> {
  const root = gitTopLevel(process.cwd()) ?? process.cwd();
  const bin = o.bin ?? defaultBin(root);
  const ours = claudeHooks(bin);
  if (!o.write) {
    process.stdout.write(JSON.stringify({ hooks: ours }, null, 2) + "\n");
    return 0;
  }
  const file = join(root, ".claude", "settings.json");
  let existing: unknown;
  if (existsSync(file)) {
    const text = readTextOrThrow(file, { maxBytes: CONFIG_MAX_BYTES });
    try {
      existing = text.trim() === "" ? {} : JSON.parse(text);
    } catch (e) {
      throw new UsageError(`${file} is not valid JSON (${(e as Error).message}); not touching it`);
    }
  }
  const merged = mergeSettings(existing, ours, bin);
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.agentcheck-${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(merged, null, 2) + "\n");
  renameSync(tmp, file);
  process.stderr.write(`agentcheck: wrote the PreToolUse, SessionStart and Stop hooks into ${file}; check them with /hooks in Claude Code\n`);
  return 0;
}

/** Read the hook's JSON from stdin; unknown fields are kept and ignored. */
export async function readHookInput(): Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; error: string }> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return { ok: true, value: {} };
  try {
    const v = JSON.parse(text);
    if (typeof v !== "object" || v === null || Array.isArray(v)) return { ok: false, error: "hook input is not a JSON object" };
    return { ok: true, value: v as Record<string, unknown> };
  } catch (e) {
    return { ok: false, error: `hook input is not JSON: ${(e as Error).message}` };
  }
}

/** The directory a hook works in: the input's cwd, else CLAUDE_PROJECT_DIR, else the process cwd. */
export function hookCwd(input: Record<string, unknown>): string {
  if (typeof input.cwd === "string" && input.cwd !== "" && existsSync(input.cwd)) return input.cwd;
  const p = process.env.CLAUDE_PROJECT_DIR;
  if (p && existsSync(p)) return p;
  return process.cwd();
}

export async function runStopHook(): Promise<number> {
  const input = await readHookInput();
  if (input.ok && input.value.stop_hook_active === true) {
    // Claude is already continuing because of a Stop hook: never block again (no loops)
    return 0;
  }
  if (!input.ok) {
    process.stderr.write(`agentcheck stop hook: ${input.error}; not blocking\n`);
    return 0;
  }
  const { sessionEndCheck } = await import("./session-end.js");
  const cwd = hookCwd(input.value);
  const r = await sessionEndCheck({ cwd, record: true });
  if (r.status === "no-session") return 0; // nothing to enforce without a session
  if (r.status === "complete" || r.status === "recorded") return 0;
  process.stderr.write(
    `Session end is not complete (agentcheck):\n${r.missing.map((m) => `- ${m}`).join("\n")}\n` +
      `Fix these, then stop again. Run \`agentcheck session end\` to re-check.\n`,
  );
  return 2;
}

export async function runSessionStartHook(): Promise<number> {
  const input = await readHookInput();
  const value = input.ok ? input.value : {};
  const cwd = hookCwd(value);
  const { sessionStart } = await import("./session-start.js");
  const r = await sessionStart({ cwd, source: typeof value.source === "string" ? value.source : undefined });
  // SessionStart: plain stdout becomes context for Claude; it cannot block
  if (r.context) process.stdout.write(r.context + "\n");
  for (const w of r.warnings) process.stderr.write(`agentcheck: ${w}\n`);
  return 0;
}
