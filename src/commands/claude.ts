// Claude Code hooks: the configuration (`hooks claude [--write]`) and the Stop / SessionStart
// hook entry points. Hook protocol (ecosystem.md §4): JSON on stdin with extra fields ignored;
// exit 2 blocks with the reason on stderr; Stop hooks honour stop_hook_active so they never loop.
import { existsSync } from "node:fs";
import { CONFIG_MAX_BYTES, readTextOrThrow } from "../fsread.js";
import { writeFileConfined } from "../fswrite.js";
import { join } from "node:path";
import { UsageError, cutoffOption } from "../report.js";
import { gitRaw, gitTopLevel, gitVerify, splitZ } from "../git-run.js";
import { writeErr, writeOut } from "../stdio.js";
import { SMALL_HOOK_MAX_INPUT_BYTES, readHookStdin, type HookInput } from "../hook-input.js";
import { terminalText } from "../terminal.js";
import { pushAll } from "../arrays.js";
import { presetOf, type PresetRules, type ProtocolPreset } from "../protocol-preset.js";
import { UNSET_CA_BUNDLE } from "./hook-env.js";

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

/** Tools the not-installed fallback still allows (the gate's read-only list). */
const FALLBACK_READ_ONLY = ["Read", "Glob", "Grep", "LSP", "WebFetch", "WebSearch"];
/** How to install agentcheck until its first release on the npm registry (README "Install"); one text for every hook. */
export const INSTALL_COMMAND = "npm install --save-dev /path/to/agentcheck-<version>.tgz, the tarball npm pack makes in a clone of agentcheck (it is not on the npm registry yet)";

/**
 * The PreToolUse command. It never locks anyone out: when agentcheck is installed it runs the lean gate
 * (a gate that fails to start is a deny, not a pass); when it is not, a POSIX shell fallback allows the
 * read-only tools and denies the rest with a reason naming the install command. Answers in milliseconds;
 * node starts without the CA bundle variable (./hook-env.ts).
 */
export function gateCommand(bin: string, settingsName = "settings.local.json"): string {
  const deny =
    `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":` +
    `"agentcheck is not installed in this checkout, so only read-only tools are allowed. Install it with: ${INSTALL_COMMAND}, or remove the agentcheck hooks from .claude/${settingsName}."}}`;
  const fallback =
    `t=$(grep -o '"tool_name"[[:space:]]*:[[:space:]]*"[^"]*"' | head -n 1 | sed 's/.*"\\([^"]*\\)"$/\\1/'); ` +
    `case "$t" in ${FALLBACK_READ_ONLY.join("|")}) exit 0;; esac; printf '%s\\n' '${deny}'; exit 0`;
  let run: string;
  if (bin === LOCAL_BIN) {
    run = `if [ -x "$CLAUDE_PROJECT_DIR/node_modules/.bin/agentcheck-gate" ]; then "$CLAUDE_PROJECT_DIR/node_modules/.bin/agentcheck-gate" || exit 2; ` +
      `elif command -v agentcheck-gate >/dev/null 2>&1; then agentcheck-gate || exit 2; else ${fallback}; fi`;
  } else if (bin === "agentcheck") {
    run = `if command -v agentcheck-gate >/dev/null 2>&1; then agentcheck-gate || exit 2; ` +
      `elif [ -x "$CLAUDE_PROJECT_DIR/node_modules/.bin/agentcheck-gate" ]; then "$CLAUDE_PROJECT_DIR/node_modules/.bin/agentcheck-gate" || exit 2; else ${fallback}; fi`;
  } else {
    // a bin of the user's own (`npx agentcheck`) may download: its environment is left alone
    return `${bin} session gate || exit 2`;
  }
  return `${UNSET_CA_BUNDLE}; ${run}`;
}

/** A hook command that does nothing (exit 0) when agentcheck is not installed, instead of failing. */
function optional(bin: string, args: string): string {
  if (bin === LOCAL_BIN) {
    return `${UNSET_CA_BUNDLE}; if [ -x "$CLAUDE_PROJECT_DIR/node_modules/.bin/agentcheck" ]; then "$CLAUDE_PROJECT_DIR/node_modules/.bin/agentcheck" ${args}; ` +
      `elif command -v agentcheck >/dev/null 2>&1; then agentcheck ${args}; else echo "agentcheck is not installed (${INSTALL_COMMAND}); hook skipped" >&2; fi`;
  }
  if (bin === "agentcheck") {
    return `${UNSET_CA_BUNDLE}; if command -v agentcheck >/dev/null 2>&1; then agentcheck ${args}; ` +
      `elif [ -x "$CLAUDE_PROJECT_DIR/node_modules/.bin/agentcheck" ]; then "$CLAUDE_PROJECT_DIR/node_modules/.bin/agentcheck" ${args}; else echo "agentcheck is not installed (${INSTALL_COMMAND}); hook skipped" >&2; fi`;
  }
  return `${bin} ${args}`;
}

export function claudeHooks(bin: string, settingsName = "settings.local.json"): HooksConfig {
  return {
    PreToolUse: [{ matcher: "*", hooks: [{ type: "command", command: gateCommand(bin, settingsName), timeout: 10 }] }],
    SessionStart: [{ matcher: "startup|resume|compact", hooks: [{ type: "command", command: optional(bin, "hooks session-start"), timeout: 30 }] }],
    Stop: [{ hooks: [{ type: "command", command: optional(bin, "hooks stop"), timeout: 120 }] }],
    SessionEnd: [{ hooks: [{ type: "command", command: optional(bin, "hooks session-end"), timeout: 120 }] }],
    ...observedEvidenceHooks(bin),
  };
}

/**
 * Issue 40 items 4 and 6: PostToolUse records what the agent did (observed start evidence); PreCompact
 * saves the session's checkpoint before compaction (SessionStart `compact`/`resume` restores it).
 */
function observedEvidenceHooks(bin: string): HooksConfig {
  return {
    PostToolUse: [{ matcher: "*", hooks: [{ type: "command", command: optional(bin, "hooks post-tool-use"), timeout: 10 }] }],
    PreCompact: [{ hooks: [{ type: "command", command: optional(bin, "hooks pre-compact"), timeout: 30 }] }],
  };
}

/** Every command `hooks claude --write` writes or has written, for any bin and either settings file. */
function ourCommands(bin: string): Set<string> {
  const out = new Set<string>();
  for (const b of new Set([bin, LOCAL_BIN, "agentcheck"])) {
    for (const name of ["settings.local.json", "settings.json"]) {
      for (const ms of Object.values(claudeHooks(b, name))) for (const m of ms) for (const h of m.hooks) if (h.command) out.add(h.command);
    }
  }
  return out;
}

/**
 * An entry this command wrote: exactly one of our commands, or a command that runs nothing but the
 * gate or one of our hook subcommands (an older install's form, another bin). A user's own hook that
 * merely starts with the bin (`agentcheck pre-pr --quick`) is not ours and is kept.
 */
function isAgentcheckEntry(h: HookEntry | null, ours: Set<string>): boolean {
  if (!h || typeof h !== "object" || typeof h.command !== "string") return false;
  const c = h.command.trim();
  if (ours.has(c)) return true;
  // with or without the statement that drops the CA bundle variable (./hook-env.ts; earlier installs had none)
  const own = c.startsWith(`${UNSET_CA_BUNDLE}; `) ? c.slice(UNSET_CA_BUNDLE.length + 2) : c;
  return (
    /^("[^"]*"|\S)*agentcheck-gate"?(\s*\|\|\s*exit 2)?$/.test(own) ||
    /^("[^"]*"|\S)*agentcheck"?\s+(session gate(\s*\|\|\s*exit 2)?|hooks (stop|session-start|session-end|post-tool-use|pre-compact))$/.test(own) ||
    // the not-installed fallbacks an earlier version wrote (their texts changed since)
    /^if (\[ -x "\$CLAUDE_PROJECT_DIR\/node_modules\/\.bin\/agentcheck(-gate)?" \]|command -v agentcheck(-gate)? >\/dev\/null 2>&1); then [^;]*agentcheck(-gate"? \|\| exit 2|"? hooks (stop|session-start|session-end|post-tool-use|pre-compact));/.test(own)
  );
}

/**
 * Merge our hooks into an existing settings object: every other key and every other hook entry
 * is kept; our own entries (recognised by their command) are replaced, not duplicated.
 */
export function mergeSettings(existing: unknown, ours: HooksConfig, bin: string, name = ".claude/settings.json"): Record<string, unknown> {
  if (existing !== undefined && (typeof existing !== "object" || existing === null || Array.isArray(existing))) {
    throw new UsageError(`${name} does not hold a JSON object; not touching it`);
  }
  const settings: Record<string, unknown> = { ...(existing as Record<string, unknown> | undefined) };
  const hooksIn = settings.hooks;
  if (hooksIn !== undefined && (typeof hooksIn !== "object" || hooksIn === null || Array.isArray(hooksIn))) {
    throw new UsageError(`${name}: "hooks" is not an object; not touching it`);
  }
  const hooks: Record<string, unknown> = { ...(hooksIn as Record<string, unknown> | undefined) };
  const mine = ourCommands(bin);
  for (const [event, matchers] of Object.entries(ours)) {
    const current = hooks[event];
    if (current !== undefined && !Array.isArray(current)) {
      throw new UsageError(`${name}: hooks.${event} is not an array; not touching it`);
    }
    const kept: unknown[] = [];
    for (const m of (current as unknown[] | undefined) ?? []) {
      const mm = m as HookMatcher;
      if (!mm || !Array.isArray(mm.hooks)) {
        kept.push(m);
        continue;
      }
      const rest = mm.hooks.filter((h) => !isAgentcheckEntry(h, mine));
      if (rest.length > 0) kept.push({ ...mm, hooks: rest });
      else if (rest.length === mm.hooks.length) kept.push(m);
    }
    hooks[event] = [...kept, ...matchers];
  }
  settings.hooks = hooks;
  return settings;
}

export async function runHooksClaude(o: { write?: boolean; shared?: boolean; bin?: string; mcp?: boolean }): Promise<number> {
  const root = gitTopLevel(process.cwd()) ?? process.cwd();
  const bin = o.bin ?? defaultBin(root);
  const ours = claudeHooks(bin, o.shared ? "settings.json" : "settings.local.json");
  if (!o.write) {
    if (o.shared) throw new UsageError("--shared only applies with --write");
    writeOut(JSON.stringify({ hooks: ours }, null, 2) + "\n");
    return 0;
  }
  // personal settings by default (Claude Code keeps settings.local.json out of git); --shared for the team file
  const name = o.shared ? "settings.json" : "settings.local.json";
  const file = join(root, ".claude", name);
  let existing: unknown;
  let text: string | undefined;
  if (existsSync(file)) {
    text = readTextOrThrow(file, { maxBytes: CONFIG_MAX_BYTES, root }).replace(/^\uFEFF/, "");
    try {
      existing = text.trim() === "" ? {} : JSON.parse(text);
    } catch (e) {
      throw new UsageError(`${file} is not valid JSON (${(e as Error).message}); not touching it`);
    }
  }
  const merged = mergeSettings(existing, ours, bin, `.claude/${name}`);
  // a settings file that is a symbolic link (kept in a dotfiles folder of the repository) is written
  // where it points, the link staying a link; a link out of the repository or a dangling one is refused
  const { jsonIndent } = await import("./mcp-config.js");
  writeFileConfined(file, JSON.stringify(merged, null, jsonIndent(text)) + "\n", { root });
  writeErr(
    `agentcheck: wrote the PreToolUse, PostToolUse, SessionStart, PreCompact, Stop and SessionEnd hooks into ${file}` +
      `${o.shared ? " (shared with everyone who clones the repository)" : " (personal; use --shared for .claude/settings.json)"}; check them with /hooks in Claude Code\n`,
  );
  const { writeMcpJson, CLAUDE_MCP_ADD } = await import("./mcp-config.js");
  if (o.mcp) writeErr(`agentcheck: registered the session protocol MCP server (agentcheck mcp) in ${writeMcpJson(root)}\n`);
  else writeErr(`agentcheck: to add the session protocol MCP server too: agentcheck hooks claude --write --mcp (writes .mcp.json), or ${CLAUDE_MCP_ADD}\n`);
  return 0;
}

/**
 * Read the hook's JSON from stdin (unknown fields kept and ignored), as PostToolUse and PreCompact read
 * theirs (src/hook-input.ts): under a size cap and a deadline, strict UTF-8, bounded nesting; otherwise
 * why not, and the hook acts on nothing.
 */
export function readHookInput(): Promise<HookInput> {
  return readHookStdin(SMALL_HOOK_MAX_INPUT_BYTES);
}

/** The directory a hook works in: the input's cwd, else CLAUDE_PROJECT_DIR, else the process cwd. */
export function hookCwd(input: Record<string, unknown>): string {
  if (typeof input.cwd === "string" && input.cwd !== "" && existsSync(input.cwd)) return input.cwd;
  const p = process.env.CLAUDE_PROJECT_DIR;
  if (p && existsSync(p)) return p;
  return process.cwd();
}

type StopPolicy = "block" | "warn" | "off";

/** hooks.stop, hooks.sessionStartMode, hooks.writeLog and protocol.preset from the configuration (the one loader; errors propagate). */
async function hookSettings(cwd: string): Promise<{ stop: StopPolicy; startMode?: "analysis" | "planning" | "coding" | "disabled"; writeLog: boolean; preset: PresetRules & { name: ProtocolPreset } }> {
  const { loadConfig } = await import("../config.js");
  const root = gitTopLevel(cwd) ?? cwd;
  const { config } = await loadConfig(root, undefined, cwd);
  return { stop: config.hooks?.stop ?? "block", startMode: config.hooks?.sessionStartMode, writeLog: config.hooks?.writeLog === true, preset: presetOf(config) };
}

/** What the current mode lets the agent do (the gate's table: analysis read-only, planning adds the shell). */
function modeAllows(mode: string): { shell: boolean; edit: boolean } {
  if (mode === "coding" || mode === "disabled") return { shell: true, edit: true };
  if (mode === "planning") return { shell: true, edit: false };
  return { shell: false, edit: false };
}

/**
 * Stop decision (pure): block only when the session changed something, the end protocol is unmet, the
 * policy is "block" and the agent can act on the reason in its current mode. Otherwise pass, or warn
 * the user (systemMessage) when there is something to say.
 */
export function stopDecision(i: {
  policy: StopPolicy;
  changed: boolean;
  mode: string;
  missing: string[];
}): { block: false; message?: string } | { block: true; reason: string } {
  if (i.policy === "off" || !i.changed || i.missing.length === 0) return { block: false };
  const list = i.missing.map((m) => `- ${m}`).join("\n");
  const allows = modeAllows(i.mode);
  if (!allows.shell) {
    // analysis mode: the agent can neither write nor switch the mode itself; tell the user, do not loop the agent
    return {
      block: false,
      message: `agentcheck: the session changed files but its end protocol is not met, and the session is in ${i.mode} mode (read-only), so the agent cannot fix it. ` +
        `To let it: run \`agentcheck session mode coding\` (or \`agentcheck session end\` to see what is missing).\n${list}`,
    };
  }
  if (i.policy === "warn") return { block: false, message: `agentcheck: session end protocol not met yet:\n${list}` };
  const steps = allows.edit
    ? `Fix these, then stop again (\`agentcheck session end\` re-checks):\n${list}`
    : `The session is in ${i.mode} mode, where file edits are denied: first switch with \`agentcheck session mode coding\` (a shell command, allowed in ${i.mode} mode), then fix these and stop again:\n${list}`;
  return { block: true, reason: `Session end is not complete (agentcheck).\n${steps}` };
}

/** Whether the session changed anything: a dirty working tree (the notes root aside) or commits since its start. */
export function sessionChanged(root: string, startingCommit: string | undefined, notesRoot: string | undefined): boolean {
  const head = gitVerify(root, "HEAD");
  if (startingCommit && head && gitVerify(root, startingCommit) !== head) return true;
  // started in a repository without commits (recorded as ""): any commit now is the session's
  if (startingCommit === "" && head) return true;
  // no recorded start at all: only the working tree counts
  const out = gitRaw(root, ["status", "--porcelain", "-z", "--untracked-files=all"]);
  const notesRel = notesRoot && notesRoot.startsWith(root + "/") ? notesRoot.slice(root.length + 1) + "/" : undefined;
  const entries = splitZ(out.stdout);
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (e[0] === "R" || e[0] === "C") i++;
    const path = e.slice(3);
    if (notesRel && path.startsWith(notesRel)) continue;
    return true;
  }
  return false;
}

export async function runStopHook(): Promise<number> {
  const input = await readHookInput();
  if (input.ok && input.value.stop_hook_active === true) {
    // Claude is already continuing because of a Stop hook: never block again (no loops)
    return 0;
  }
  if (!input.ok) {
    writeErr(`agentcheck stop hook: ${input.error}; not blocking\n`);
    return 0;
  }
  const cwd = hookCwd(input.value);
  let settings: Awaited<ReturnType<typeof hookSettings>>;
  let cutoff: string | undefined;
  try {
    cutoff = cutoffOption(undefined) /* AGENTCHECK_CUTOFF; a bad value is exit 2 */;
    settings = await hookSettings(cwd);
  } catch (e) {
    // a configuration error must not trap the agent in a loop: tell the user, do not block
    writeOut(JSON.stringify({ systemMessage: `agentcheck stop hook: ${(e as Error).message}` }) + "\n");
    return 0;
  }
  // the repository's protocol (protocol.preset): under `off` Stop demands nothing
  if (settings.stop === "off" || !settings.preset.stopEnforces) return 0;
  const { loadSession, sessionEndCheck } = await import("./session-end.js");
  const { openSessionStore } = await import("../state/ops.js");
  const root = gitTopLevel(cwd) ?? cwd;
  let d: ReturnType<typeof stopDecision>;
  try {
    const loaded = loadSession({ cwd: root });
    if (!loaded.state || loaded.state.protocolEndComplete) return 0; // nothing to enforce
    const store = openSessionStore({ cwd: root });
    if (!sessionChanged(root, loaded.state.protocolStartEvidence.startingCommit, store.root)) return 0; // a turn that changed nothing
    // hooks.writeLog (issue 35): the log records its ending commit and content evidence first; a log
    // this changes is one more thing to commit before the end is recorded
    const r = await sessionEndCheck({ cwd, record: true, cutoff, writeLog: settings.writeLog });
    d = stopDecision({ policy: settings.stop, changed: true, mode: loaded.state.currentMode, missing: r.status === "incomplete" ? r.missing : [] });
  } catch (e) {
    // unreadable session state or a failed check: the user is told; the agent is not trapped (exit 2
    // would make Claude Code block, whatever hooks.stop says)
    writeOut(JSON.stringify({ systemMessage: `agentcheck stop hook: the session end could not be checked: ${(e as Error)?.message ?? String(e)}` }) + "\n");
    return 0;
  }
  if (d.block) {
    writeErr(`${d.reason}\n`);
    return 2;
  }
  if (d.message) writeOut(JSON.stringify({ systemMessage: d.message }) + "\n");
  return 0;
}

/** SessionEnd (cannot block): run the end check once, record the evidence when it passes, warn otherwise. */
export async function runSessionEndHook(): Promise<number> {
  const input = await readHookInput();
  if (!input.ok) {
    // input it did not read whole: no guess at the session or the folder, nothing recorded
    writeErr(`agentcheck session end hook: ${input.error}; nothing recorded\n`);
    return 0;
  }
  const value = input.value;
  const cwd = hookCwd(value);
  try {
    const cutoff = cutoffOption(undefined);
    const { sessionEndCheck } = await import("./session-end.js");
    const r = await sessionEndCheck({ cwd, record: true, cutoff });
    if (r.status === "off") return 0; // protocol.preset off: nothing to check, nothing to say
    if (r.status === "recorded") writeErr(`agentcheck: session ${r.sessionId} end recorded\n`);
    else if (r.status === "incomplete") {
      writeErr(`agentcheck: session ${r.sessionId} ended without meeting the end protocol (nothing recorded):\n${r.missing.map((m) => `- ${m}`).join("\n")}\n`);
    }
  } catch (e) {
    writeErr(`agentcheck: session end hook: ${(e as Error).message}\n`);
  }
  return 0;
}


export async function runSessionStartHook(): Promise<number> {
  const input = await readHookInput();
  if (!input.ok) {
    // input it did not read whole: no session started or resumed on a guess
    writeErr(`agentcheck session start hook: ${input.error}; no session started\n`);
    return 0;
  }
  const value = input.value;
  const cwd = hookCwd(value);
  const { sessionStart } = await import("./session-start.js");
  let mode: "analysis" | "planning" | "coding" | "disabled" | undefined;
  let preset: (PresetRules & { name: ProtocolPreset }) | undefined;
  const problems: string[] = [];
  try {
    const h = await hookSettings(cwd);
    mode = h.startMode;
    preset = h.preset;
  } catch (e) {
    // a configuration it cannot use (unreadable, not JSON, invalid, a link out of the repository)
    problems.push((e as Error).message);
  }
  // protocol.preset off: no session, no context (the repository has no session protocol)
  if (preset && !preset.sessionStart) return 0;
  // a configuration it cannot use starts or resumes nothing on a guess (the gate denies on it too)
  const r = problems.length > 0 ? { context: undefined, warnings: [] } : await sessionStart({ cwd, source: typeof value.source === "string" ? value.source : undefined, mode, preset });
  pushAll(problems, r.warnings);
  for (const p of problems) writeErr(`agentcheck: ${p}\n`);
  // SessionStart: plain stdout becomes context for Claude; it cannot block
  if (r.context) {
    writeOut(terminalText(`${r.context}${problems.map((p) => `\nagentcheck: ${p}`).join("")}\n`));
  } else if (problems.length > 0) {
    // no session: the user sees why at once (systemMessage) and Claude is told (additionalContext),
    // instead of a note on stderr nobody reads while the gate denies every edit
    const text = terminalText(`agentcheck: no session was started: ${problems.join("; ")}`);
    writeOut(`${JSON.stringify({ systemMessage: text, hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: text } })}\n`);
  }
  return 0;
}
