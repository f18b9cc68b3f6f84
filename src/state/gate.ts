// `agentcheck session gate`: the Claude Code PreToolUse hook (spec §7). A lean entry point: it loads
// the note reader, the lean validator and the decision table only (no zod, commander, markdownlint,
// simple-git or WASM). Allow = exit 0 and no output; deny = exit 0 and the hook's deny JSON. Any
// failure (no state, corrupt or invalid state, unknown mode, exceptions) leaves read-only tools only.
import { writeSync } from "node:fs";
import { notesConfinement, resolveNotesRoot } from "./paths.js";
import { NoteStore } from "./store.js";
import { validityCache, type ValidityCache } from "./valid-cache.js";
import { StateError } from "./errors.js";
import { notePaths } from "./notes.js";
import type { WorkflowMode } from "./constants.js";
import { lookupPhase, phaseReady, type PhaseLookup } from "../phase/lookup.js";
import { repoRelative } from "./observed.js";
import { DEFAULT_PATHS } from "../config-paths.js";
import { newScanState, scanEnd } from "../json-scan.js";
import { readStdinNow } from "../stdin-now.js";

// for the launcher (bin/agentcheck-gate.cjs): a run that called the core asks for a code cache that holds the core's host code
export { coreStarted } from "../wasm/instance.js";

const DEFAULT_SESSIONS_DIR = DEFAULT_PATHS.sessions;

export const READ_ONLY_TOOLS = ["Read", "Glob", "Grep", "LSP", "WebFetch", "WebSearch"] as const;
const CLI = "agentcheck";

const MODE_TEXT: Record<WorkflowMode, string> = {
  analysis: "read-only exploration: no edits, no shell",
  planning: "design work: shell allowed for research, no file edits",
  coding: "full access",
  disabled: "enforcement switched off",
};

export type Lookup =
  | { ok: true; mode: string; protocolStartComplete: boolean }
  | { ok: false; reason: "no-session" | "corrupt" | "invalid" | "config" | "input" | "error"; detail: string };

export interface GatePolicy {
  enabled: boolean;
  readOnlyExtra: string[];
  requireProtocolStart: boolean;
  /** paths.sessions (repository-relative): where a start step may write the session log. */
  sessionsDir?: string;
  /** gate.phases: read-only tools only until the session protocol reaches READY. */
  phases?: boolean;
}

export type GateDecision = { allow: true } | { allow: false; reason: string };

/**
 * Tools the session-start protocol itself needs (SERENA_INIT, the start checklist: list and read the
 * memories): allowed in every mode and state, like the read-only tools. Serena may be registered under
 * another server name (`mcp__plugin_serena_serena__read_memory`): the server name contains "serena".
 */
const START_STEP_TOOL_RE = /^mcp__[A-Za-z0-9_-]*serena[A-Za-z0-9_-]*__(?:list_memories|read_memory|activate_project|initial_instructions|check_onboarding_performed|get_current_config)$/;
// the prefix first: most tools are not MCP tools, and the pattern's first test compiles it (twice: V8
// interprets a regular expression's first run and compiles it to machine code on the second)
export const isStartStepTool = (tool: string): boolean => tool.startsWith("mcp__") && START_STEP_TOOL_RE.test(tool);

/** A shell command with anything that chains, substitutes or redirects (then it is not one simple command). */
const SHELL_META_RE = /[;&|`$()<>\n\r\\]/;
/** A launcher of agentcheck: the bin, its local install, `npx`, or node running its bin script. */
const AGENTCHECK_BIN_RE = /^(?:(?:\S*\/)?agentcheck|npx|node)$/;
/** agentcheck's validators that only read (no `session end`, no pre-pr: that runs the test command). */
const VALIDATOR_SUBCOMMANDS = new Set(["check", "session-log", "memory-index", "consistency", "traceability"]);
/** Options of those validators that write a file. */
const WRITING_OPTION_RE = /^(?:-o|--output-file(?:=.*)?)$/;
/** What `git branch` may be given and stay a question (a name would create a branch). */
const GIT_BRANCH_QUERY = new Set(["--show-current", "-a", "-r", "-v", "-vv", "--list", "--all", "--remotes"]);

/** A git command that only reads the branch and state the session starts on (a branch-verification step). */
function isGitQuery(argv: readonly string[]): boolean {
  const rest = argv.slice(2);
  if (argv[1] === "branch") return rest.every((a) => GIT_BRANCH_QUERY.has(a));
  if (argv[1] === "status" || argv[1] === "rev-parse" || argv[1] === "log") return !rest.some((a) => a.startsWith("--output"));
  return false;
}

/**
 * A shell command that is itself a start step (issue 40 item 4: the gate always allows what the start
 * protocol needs): one simple command, no chaining, substitution or redirection, that lists a folder
 * (`ls`), runs one of agentcheck's read-only validators (without an output file) or records a start step
 * no tool call shows (`agentcheck session record-step`), or asks git
 * which branch and state the session starts on. Anything else is an ordinary shell command.
 */
export function isStartStepCommand(command: string): boolean {
  const c = command.trim();
  if (c === "" || SHELL_META_RE.test(c)) return false;
  const argv = c.split(/[ \t]+/);
  const head = argv[0];
  if (head === "ls") return true;
  if (head === "git") return isGitQuery(argv);
  if (!AGENTCHECK_BIN_RE.test(head)) return false;
  let i = 1;
  if (head === "npx" || head === "node") {
    if (!/(?:^|\/)agentcheck(?:\.js)?$/.test(argv[1] ?? "")) return false;
    i = 2;
  }
  if (argv[i] === "session" && argv[i + 1] === "record-step") return true; // a step no tool call shows, recorded as such
  return VALIDATOR_SUBCOMMANDS.has(argv[i] ?? "") && !argv.slice(i + 1).some((a) => WRITING_OPTION_RE.test(a));
}

/**
 * A write that is itself a start step: the session log (a new `.json` or `.md` file directly in the
 * sessions folder), which a repository's protocol may require before any work ("Create this session log").
 * `rel` is the path relative to the repository root.
 */
export function isStartStepWrite(tool: string, rel: string, sessionsDir: string): boolean {
  if (tool !== "Write" || rel === "" || rel.includes("..")) return false;
  const dir = sessionsDir.replace(/\\/g, "/").replace(/\/+$/, "");
  if (!rel.startsWith(`${dir}/`)) return false;
  const name = rel.slice(dir.length + 1);
  return !name.includes("/") && /\.(?:json|md)$/.test(name);
}

/**
 * A shell command by which the agent would grant its own approval (or run agentcheck with Claude Code's
 * marker removed, which the CLI uses to tell the agent from a person). Matched on the command text: a
 * guard against the direct way, not against an agent set on evading it (docs/security.md).
 */
const SELF_APPROVAL_RE = /\bagentcheck\b[^\n]*\bsession\b[^\n]*\b(?:approve|deny)\b|\bCLAUDECODE\b[^\n]*\bagentcheck\b|\bagentcheck\b[^\n]*\bCLAUDECODE\b/;
export const isSelfApproval = (command: string): boolean => SELF_APPROVAL_RE.test(command);

export function toolClass(tool: string, readOnlyExtra: readonly string[] = []): "read-only" | "shell" | "other" {
  if ((READ_ONLY_TOOLS as readonly string[]).includes(tool) || readOnlyExtra.includes(tool)) return "read-only";
  if (tool === "Bash") return "shell";
  return "other";
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * The calls decide() allows before it looks at the state or the protocol phase: the gate switched off
 * (G8), a read-only tool, one of the start protocol's own tools. The hook reads no state for them.
 */
export function allowedWhateverTheState(tool: string, policy: GatePolicy): boolean {
  return !policy.enabled || toolClass(tool, policy.readOnlyExtra) === "read-only" || isStartStepTool(tool);
}

/** The decision table of spec §7.2 (pure). */
export function decide(tool: string, lookup: Lookup, policy: GatePolicy, phase?: PhaseLookup, command?: string, filePath?: string): GateDecision {
  if (allowedWhateverTheState(tool, policy)) return { allow: true };
  const cls = toolClass(tool, policy.readOnlyExtra);
  const name = clip(tool || "(unnamed tool)", 60);
  if (cls === "shell" && command !== undefined && isSelfApproval(command) && !(lookup.ok && (lookup.mode === "coding" || lookup.mode === "disabled"))) {
    return { allow: false, reason: `agentcheck gate: ${name} blocked: an approval is granted by a person, never by the session it gates. To proceed: ask the user to run \`${CLI} session approvals\` and \`${CLI} session approve <id>\` in a terminal.` };
  }
  // the protocol's own MCP tools (server registered as "agentcheck") are how a session reaches READY
  if (policy.phases && !(phase && phaseReady(phase)) && !tool.startsWith("mcp__agentcheck__")) {
    const where = !phase || !phase.ok ? (phase && phase.reason === "unreadable" ? `the protocol state is unreadable (${clip(phase.detail, 120)})` : "no protocol session is active")
      : `the protocol session is in ${clip(phase.phase, 30)}${phase.blockedFrom ? ` (from ${clip(phase.blockedFrom, 30)})` : ""}`;
    return { allow: false, reason: clip(`agentcheck gate: ${name} blocked because ${where}; under gate.phases only read-only tools are allowed until the session reaches READY. To proceed: pass the start gates (MCP tools session_start, record_evidence, advance_phase; or \`${CLI} phase start|evidence|advance\`).`, 499) };
  }
  if (!lookup.ok) {
    const why = lookup.reason === "no-session" ? "there is no session state"
      : lookup.reason === "corrupt" ? "the session state is corrupt"
      : lookup.reason === "invalid" ? "the session state is invalid"
      : lookup.reason === "config" ? "the agentcheck configuration is invalid"
      : lookup.reason === "input" ? "the hook input on stdin is not a JSON object"
      : "the session state could not be read";
    const fix = lookup.reason === "no-session"
      ? `run \`${CLI} session create\` (starts in analysis mode), then \`${CLI} session mode coding\`, or \`${CLI} session mode disabled\` to switch enforcement off`
      : lookup.reason === "config"
      ? "fix the configuration file named above (a read-only tool can open it; the user can edit it)"
      : lookup.reason === "input"
      ? "check that the PreToolUse hook runs `agentcheck-gate` with Claude Code's hook JSON on stdin (`/hooks` in Claude Code); nothing in the repository needs fixing"
      : `inspect it with \`${CLI} session validate\`, then replace it with \`${CLI} session create --force\` (the old file is kept)`;
    return { allow: false, reason: clip(`agentcheck gate: ${name} blocked because ${why} (${clip(lookup.detail, lookup.reason === "config" ? 320 : 120)}); only read-only tools are allowed. To proceed: ${fix}.`, 499) };
  }
  const mode = lookup.mode;
  if (mode !== "coding" && mode !== "disabled" && mode !== "planning" && mode !== "analysis") {
    return { allow: false, reason: clip(`agentcheck gate: ${name} blocked because the session mode '${clip(String(mode), 30)}' is unknown; only read-only tools are allowed. To proceed: \`${CLI} session mode coding\` (or planning/analysis/disabled).`, 499) };
  }
  // the start steps themselves (a listing, a validator run, the session log) are what completes the start
  const startStep = (cls === "shell" && command !== undefined && isStartStepCommand(command))
    || (filePath !== undefined && isStartStepWrite(tool, filePath, policy.sessionsDir ?? DEFAULT_SESSIONS_DIR));
  if (policy.requireProtocolStart && !lookup.protocolStartComplete && mode !== "disabled" && !startStep) {
    return { allow: false, reason: clip(`agentcheck gate: ${name} blocked because the session start protocol is incomplete; only read-only tools and the start steps are allowed. To proceed: do the start steps the SessionStart message listed: read-only tools, Serena's memory tools, \`ls\`, \`git status|branch\`, agentcheck's validators and the session log are allowed, and the PostToolUse hook records each as evidence (\`${CLI} session get-state\` shows what is missing).`, 499) };
  }
  // the start steps are allowed in every mode while the start they complete is outstanding (issue 40
  // item 4: the gate always allows what the start steps need): one read-only command, or the session
  // log's own file; analysis and planning still refuse everything else
  if (policy.requireProtocolStart && startStep && !lookup.protocolStartComplete) return { allow: true };
  if (mode === "coding" || mode === "disabled") return { allow: true }; // G1, G2
  if (mode === "planning" && cls === "shell") return { allow: true }; // G3
  const next = cls === "shell" ? "planning" : "coding";
  return {
    allow: false,
    reason: `agentcheck gate: ${name} is not allowed in ${mode} mode (${MODE_TEXT[mode]}). To proceed: switch with \`${CLI} session mode ${next}\`${next === "planning" ? ` (or \`${CLI} session mode coding\`)` : ""} — the user's command; run from your shell it becomes a pending approval the user grants with \`${CLI} session approve <id>\` — or use a read-only tool.`,
  };
}

/** Read the current state for the gate; never throws. */
export function lookupState(store: NoteStore, sessionId?: string, cache?: ValidityCache): Lookup {
  try {
    const id = sessionId ?? store.readPointer();
    const { state } = store.readState(id, cache);
    return { ok: true, mode: state.currentMode, protocolStartComplete: state.protocolStartComplete === true };
  } catch (e) {
    if (e instanceof StateError) {
      const reason = e.code === "NO_CURRENT_SESSION" || e.code === "NOT_FOUND" ? "no-session"
        : e.code === "CORRUPT" ? "corrupt"
        : e.code === "SCHEMA_INVALID" || e.code === "INVALID_INPUT" ? "invalid" : "error";
      return { ok: false, reason, detail: `${e.code}: ${e.message}` };
    }
    return { ok: false, reason: "error", detail: (e as Error)?.message ?? String(e) };
  }
}

function denyJson(reason: string): string {
  return JSON.stringify({
    hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason },
  });
}

/** How long the gate's answer waits for a full non-blocking stdout pipe to take it (then process.stdout). */
const ANSWER_WRITE_WAIT_MS = 5000;

/** Whether some of an answer went through process.stdout (writeOut's fallback): the process must then exit by draining. */
let answerQueued = false;

/** For the launcher (bin/agentcheck-gate.cjs): true when an answer may still sit in process.stdout's queue, so exiting at once could lose a deny. */
export function answerPending(): boolean {
  return answerQueued;
}

/**
 * The gate's answer on descriptor 1, written synchronously: process.stdout on a pipe would load
 * node:net and the streams (issue 39 item 3). A full non-blocking pipe (EAGAIN) is waited for, 1 ms at
 * a time, so that the answer is out before the launcher exits without teardown (bin/agentcheck-gate.cjs:
 * a deny still queued in process.stdout would be lost, and the tool allowed); what the descriptor
 * refuses otherwise (a closed pipe), or still refuses after ANSWER_WRITE_WAIT_MS, goes through
 * process.stdout, as every answer did before.
 */
function writeOut(text: string): void {
  const rest = writeAnswer(Buffer.from(text), writeSync);
  if (rest === undefined) return;
  answerQueued = true;
  process.stdout.write(rest);
}

/**
 * Write `buf` to descriptor 1 with `write` (fs.writeSync), waiting out EAGAIN 1 ms at a time for at most
 * ANSWER_WRITE_WAIT_MS; undefined when all of it was written, else what is left (an error other than
 * EAGAIN, or the wait over). Exported for the test of that wait.
 */
export function writeAnswer(buf: Buffer, write: (fd: number, b: Buffer, off: number, len: number) => number): Buffer | undefined {
  let off = 0;
  let waited = 0;
  while (off < buf.length) {
    try {
      off += write(1, buf, off, buf.length - off);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EAGAIN" || waited >= ANSWER_WRITE_WAIT_MS) return buf.subarray(off);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
      waited++;
    }
  }
  return undefined;
}

/** The tool a hook input that was not parsed names (for the deny message only), or "". */
function toolNamed(raw: string): string {
  const m = /"tool_name"\s*:\s*"([A-Za-z0-9_.-]{1,200})"/.exec(raw);
  return m ? m[1] : "";
}

/**
 * Largest hook input the gate reads (bytes): far above any real tool call (a tool input is the model's
 * output; issue 11 promises a 64 MiB Write is read and decided), small enough that reading and parsing
 * the worst input at the cap (text dense with escapes) stays under the gate's 1 s deadline on a 2-core
 * machine: 80 MiB of it took 1.08 s, of which a bare JSON.parse of the same bytes 0.97 s (issue 33).
 */
export const GATE_MAX_INPUT_BYTES = 68 * 1024 * 1024;

/** What readStdin got: the text, and whether it stopped at the size cap. */
interface HookInput {
  text: string;
  overCap: boolean;
}

/** The chunk ends in } or ] before trailing white space, or is all white space: a document may end there. */
function mayEndDocument(buf: Buffer): boolean {
  let k = buf.length;
  while (k > 0 && (buf[k - 1] === 0x20 || buf[k - 1] === 0x0a || buf[k - 1] === 0x0d || buf[k - 1] === 0x09)) k--;
  return k === 0 || buf[k - 1] === 0x7d || buf[k - 1] === 0x5d;
}

/**
 * Quiet time on stdin (ms) after which the chunks not yet scanned are scanned for the document's end,
 * when the input so far ends as a document can. Input that keeps arriving, and input whose writer
 * closes stdin, is never scanned at all (the scan
 * was a third of the gate's time on an input dense with quotes); a writer that holds stdin open after
 * a complete document is answered this much later.
 */
export const GATE_SCAN_IDLE_MS = 5;

/**
 * The hook input read at once where that can never block (src/stdin-now.ts: a file, a pipe or a
 * socket whose writer has written it and closed it), as a HookInput; undefined when the stream must
 * read on (`chunks` holds what was read). A read error is empty input, which the gate denies (fail
 * closed), as on the stream.
 */
function readStdinAtOnce(chunks: Buffer[]): HookInput | undefined {
  const r = readStdinNow(chunks, GATE_MAX_INPUT_BYTES);
  if (r === undefined) return undefined;
  // toString() is UTF-8 (naming "utf8" costs node:buffer's encoding lookup, its largest function)
  if (r.kind === "whole") return { text: r.bytes.toString(), overCap: false };
  if (r.kind === "over") return { text: r.bytes.subarray(0, 4096).toString(), overCap: true };
  return { text: "", overCap: false };
}

/**
 * The hook input: read until the end of input, until the JSON document on stdin is complete while
 * the writer holds stdin open (scanned after GATE_SCAN_IDLE_MS of quiet, resuming where the last scan
 * stopped), or until GATE_MAX_INPUT_BYTES (then overCap, and the gate denies at once rather than
 * reading on past the hook's timeout). Bytes received after the complete document are kept, so
 * trailing garbage still makes it "not JSON". Never a synchronous read after touching process.stdin
 * (that makes fd 0 non-blocking: EAGAIN past ~64 KiB, formerly taken as empty input); a terminal is
 * no input. A read error is empty input, which the gate denies (fail closed). Stdin is destroyed once
 * answered: a writer that holds it open is not waited for.
 */
function readStdin(armDeadline: () => void): Promise<HookInput> {
  const chunks: Buffer[] = [];
  const atOnce = readStdinAtOnce(chunks);
  if (atOnce !== undefined) return Promise.resolve(atOnce);
  // the only wait of the gate: everything after the input is synchronous, so the deadline can fire
  // only while the input is awaited here
  armDeadline();
  return new Promise((resolve) => {
    try {
      // process.stdin (node:tty, node:net and the streams) only here: readStdinAtOnce read a file, a
      // pipe or a socket without it. A terminal is no input (its stream is never read: fd 0 is a
      // terminal exactly when process.stdin is a tty.ReadStream)
      const stdin = process.stdin;
      if (stdin.isTTY === true) return resolve({ text: "", overCap: false });
      let size = chunks.reduce((n, c) => n + c.length, 0);
      let scanned = 0;
      let quiet = 0;
      let done = false;
      const st = newScanState();
      const finish = (r: HookInput): void => {
        if (done) return;
        done = true;
        clearTimeout(idle);
        stdin.removeAllListeners("data");
        stdin.destroy();
        resolve(r);
      };
      const whole = (): HookInput => ({ text: Buffer.concat(chunks).toString(), overCap: false });
      const idle = setTimeout(() => {
        // a complete document ends in } or ] (then white space): input paused anywhere else (a pause
        // of the writer or of this process) is scanned only after ten quiet periods (a document with
        // trailing bytes, which the parse then refuses)
        const last = chunks[chunks.length - 1];
        if (last === undefined) return;
        if (!mayEndDocument(last) && ++quiet < 10) {
          idle.refresh();
          return;
        }
        while (scanned < chunks.length) if (scanEnd(chunks[scanned++], st) >= 0) return finish(whole());
      }, GATE_SCAN_IDLE_MS);
      stdin.on("data", (c: Buffer | string) => {
        if (done) return;
        const buf = typeof c === "string" ? Buffer.from(c) : c;
        size += buf.length;
        if (size > GATE_MAX_INPUT_BYTES) return finish({ text: Buffer.concat(chunks).subarray(0, 4096).toString(), overCap: true });
        chunks.push(buf);
        quiet = 0;
        idle.refresh();
      });
      stdin.on("end", () => finish(whole()));
      stdin.on("error", () => finish({ text: "", overCap: false }));
    } catch {
      resolve({ text: "", overCap: false });
    }
  });
}

/**
 * The gate's internal deadline, well inside Claude Code's hook timeout (a hook that times out is a
 * non-blocking error there: the tool would run). Every file the gate reads goes through the bounded
 * reader (src/fsread.ts), so no read can block; this timer is the second line: when the decision is
 * not out by then (and the hook input on stdin is not still arriving), the gate answers "state
 * unavailable": read-only tools allowed, every other tool denied, exit 0. It is armed when the gate
 * first waits (the hook input read through the stream): nothing after the input waits, and a timer
 * cannot interrupt synchronous work.
 */
export const GATE_DEADLINE_MS = 1000;

/**
 * Deadline periods the gate waits at most for hook input that is still arriving (3 s in all): well
 * under the smallest hook timeout the docs configure (5 s; `hooks claude` writes 10). A gate that
 * Claude Code kills for its timeout fails open, so input that is still coming after that is denied
 * ("state unavailable") rather than waited for.
 */
export const GATE_STREAM_PERIODS = 3;

/** Arm the deadline; returns a function that disarms it. `tool()` gives the tool name once known. */
function armDeadline(tool: () => string, readOnlyExtra: () => string[]): () => void {
  let lastBytes = 0;
  let periods = 0;
  let timer: NodeJS.Timeout | undefined;
  const fire = () => {
    // the hook input still streaming in (a large Write) and growing since the last look: never cut
    // it off, look again after another period; at most GATE_STREAM_PERIODS in all (past the hook's
    // timeout, Claude Code would let the tool run)
    const stdin = process.stdin as unknown as { bytesRead?: number; readableEnded?: boolean };
    const bytes = Number(stdin.bytesRead ?? 0);
    if (bytes > lastBytes && stdin.readableEnded !== true && ++periods < GATE_STREAM_PERIODS) {
      lastBytes = bytes;
      timer = setTimeout(fire, GATE_DEADLINE_MS);
      return;
    }
    const d = decide(tool(), { ok: false, reason: "error", detail: `state unavailable: no decision within ${GATE_DEADLINE_MS * Math.max(1, periods)} ms` }, { enabled: true, readOnlyExtra: readOnlyExtra(), requireProtocolStart: false });
    if (!d.allow) writeOut(`${denyJson(d.reason)}\n`);
    // a deny still in process.stdout's queue (writeOut's fallback) goes out before the exit
    if (answerQueued) process.stdout.write("", () => process.exit(0));
    else process.exit(0);
  };
  timer = setTimeout(fire, GATE_DEADLINE_MS);
  return () => {
    if (timer) clearTimeout(timer);
  };
}

/** Entry point used by bin/agentcheck.js for `agentcheck session gate [--notes-dir d] [--session id]`. Always returns 0. */
export async function runGate(args: string[]): Promise<number> {
  let tool = "";
  let readOnlyExtra: string[] = [];
  // armed when the gate first waits (the hook input read through the stream): a run that reads its
  // input at once is synchronous from there to its answer, and no timer could fire before it
  let disarm: (() => void) | undefined;
  const arm = (): void => {
    disarm ??= armDeadline(() => tool, () => readOnlyExtra);
  };
  try {
    return await gateBody(args, (t) => (tool = t), (x) => (readOnlyExtra = x), arm);
  } catch (e) {
    // fail closed: anything unexpected leaves read-only tools only, and the exit code stays 0
    const reason = e instanceof StateError && e.code === "USAGE" ? "config" : "error";
    const d = decide(tool, { ok: false, reason, detail: (e as Error)?.message ?? String(e) }, { enabled: true, readOnlyExtra, requireProtocolStart: false });
    if (!d.allow) writeOut(`${denyJson(d.reason)}\n`);
    return 0;
  } finally {
    disarm?.();
  }
}

async function gateBody(args: string[], setTool: (t: string) => void, setExtra: (x: string[]) => void, arm: () => void): Promise<number> {
  let tool = "";
  let readOnlyExtra: string[] = [];
  {
    let notesDir: string | undefined;
    let sessionId: string | undefined;
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      if ((a === "--notes-dir" || a === "--session") && i + 1 < args.length) {
        if (a === "--notes-dir") notesDir = args[++i];
        else sessionId = args[++i];
      } else if (a.startsWith("--notes-dir=")) notesDir = a.slice(12);
      else if (a.startsWith("--session=")) sessionId = a.slice(10);
      else if (a === "--help" || a === "-h") {
        process.stdout.write("Usage: agentcheck session gate [--notes-dir <dir>] [--session <id>]\nClaude Code PreToolUse hook: reads the hook JSON on stdin; prints nothing to allow, a deny document to block.\n");
        return 0;
      } else process.stderr.write(`agentcheck gate: ignoring unknown argument '${a}'\n`);
    }
    const { text: raw, overCap } = await readStdin(arm);
    if (overCap) {
      // not parsed: no tool is let through on input the gate did not read whole (Read included)
      tool = toolNamed(raw);
      setTool(tool);
      writeOut(`${denyJson(`agentcheck gate: ${clip(tool || "(unnamed tool)", 60)} blocked because the hook input is over the ${GATE_MAX_INPUT_BYTES / 1048576} MiB the gate reads; no tool is allowed on input it cannot read whole. To proceed: make the tool call smaller (write a large file in parts).`)}\n`);
      return 0;
    }
    let input: Record<string, unknown> | undefined;
    try {
      const v = JSON.parse(raw) as unknown;
      if (typeof v === "object" && v !== null && !Array.isArray(v)) input = v as Record<string, unknown>;
    } catch {
      /* handled below */
    }
    if (!input) {
      tool = toolNamed(raw);
      setTool(tool);
      const d = decide(tool, { ok: false, reason: "input", detail: `${Buffer.byteLength(raw)} bytes read` }, { enabled: true, readOnlyExtra: [], requireProtocolStart: false });
      if (!d.allow) writeOut(`${denyJson(d.reason)}\n`);
      return 0;
    }
    tool = typeof input.tool_name === "string" ? input.tool_name : "";
    setTool(tool);
    const cwd = typeof input.cwd === "string" && input.cwd !== "" ? input.cwd : process.cwd();
    const r = resolveNotesRoot({ cwd, notesDir });
    readOnlyExtra = r.settings.readOnlyTools;
    setExtra(readOnlyExtra);
    const policy: GatePolicy = { enabled: r.settings.gateEnabled, readOnlyExtra, requireProtocolStart: r.settings.requireProtocolStart, phases: r.settings.gatePhases, sessionsDir: r.settings.sessionsDir };
    // allowed whatever the state says (most tool calls: Read, Grep, Glob): no state is read, so the
    // core runs only for a call whose answer depends on the state (issue 39 item 3)
    if (allowedWhateverTheState(tool, policy)) return 0;
    // an unchanged state skips the core: the exact note text it found valid is remembered beside it
    const store = new NoteStore(r.notesRoot, notesConfinement(r));
    const lookup = lookupState(store, sessionId, validityCache((id) => store.file(notePaths.state(id)), store.confine.root));
    const ti = input.tool_input as { command?: unknown; file_path?: unknown } | null | undefined;
    const command = tool === "Bash" && ti && typeof ti === "object" && typeof ti.command === "string" ? ti.command : undefined;
    const filePath = tool === "Write" && ti && typeof ti === "object" && typeof ti.file_path === "string" ? repoRelative(ti.file_path, r.worktree) : undefined;
    const d = decide(tool, lookup, policy, policy.phases ? lookupPhase(r.worktree, r.settings.memoriesDir) : undefined, command, filePath);
    if (!d.allow) writeOut(`${denyJson(d.reason)}\n`);
    return 0;
  }
}
