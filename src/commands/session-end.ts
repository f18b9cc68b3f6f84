// Session end (session-protocol.md §2, session-state.md §5.5): the current session's log validates
// in full mode, the markdown changed during the session lints clean, and the work is committed.
// Only when every check passes is protocol-end evidence recorded (protocolEndComplete = true);
// otherwise the missing items are listed and nothing is written.
// Each check is a library function so that the CLI, the Claude Code Stop hook and the Inngest
// workflow run the same code.
import { existsSync, readdirSync } from "node:fs";
import { readTextOrThrow } from "../fsread.js";
import { DEFAULT_MAX_FILE_BYTES } from "../engine.js";
import { join } from "node:path";
import { gitRaw, gitTopLevel, gitVerify, splitZ } from "../git-run.js";
import { isStateError } from "../state/errors.js";
import { openSessionStore } from "../state/ops.js";
import type { SessionState } from "../state/schema.js";
import type { FileResult } from "../report.js";

export interface SessionEndOptions {
  cwd: string;
  notesDir?: string;
  sessionId?: string;
  /** Record protocol-end evidence when every check passes (default true). */
  record?: boolean;
  now?: string;
  maxFileBytes?: number;
  /** Session logs dated before this YYYY-MM-DD are historical (skipped, and said so): `--cutoff` / AGENTCHECK_CUTOFF. */
  cutoff?: string;
}

export interface CheckOutcome {
  ok: boolean;
  /** What is missing or wrong, one line each. */
  missing: string[];
  /** Evidence values (strings) this check contributes when it passes. */
  evidence: Record<string, string>;
}

export interface SessionEndResult {
  status: "no-session" | "complete" | "recorded" | "passed" | "incomplete";
  sessionId?: string;
  missing: string[];
  evidence: Record<string, string>;
  checks: Record<string, CheckOutcome>;
  state?: SessionState;
}

import { activePaths, type Config } from "../config.js";

/** Load the session (given id or the current one); undefined when there is none. */
export function loadSession(o: { cwd: string; notesDir?: string; sessionId?: string }): { state?: SessionState; reason?: string } {
  const store = openSessionStore({ cwd: o.cwd, notesDir: o.notesDir });
  try {
    const state = o.sessionId ? store.getSync(o.sessionId) : store.getSync(store.resolveId());
    return { state };
  } catch (e) {
    if (isStateError(e) && (e.code === "NO_CURRENT_SESSION" || e.code === "NOT_FOUND")) return { reason: e.message };
    throw e;
  }
}

/** The session log of a session: the recorded evidence path, else `<id>.json|.md` or `<id>-slug.*`. */
export function findSessionLog(root: string, state: SessionState, sessionsDir = activePaths().sessions): string | undefined {
  const recorded = state.protocolStartEvidence.sessionLogPath;
  if (recorded && existsSync(join(root, recorded))) return recorded;
  let names: string[] = [];
  try {
    names = readdirSync(join(root, sessionsDir)).sort();
  } catch {
    return undefined;
  }
  const id = state.sessionId.toLowerCase();
  const hit = names.find((n) => {
    const l = n.toLowerCase();
    return (l.endsWith(".json") || l.endsWith(".md")) && (l.startsWith(`${id}.`) || l.startsWith(`${id}-`));
  });
  return hit ? `${sessionsDir}/${hit}` : undefined;
}

function describe(results: FileResult[], limit = 10): string[] {
  const lines: string[] = [];
  for (const r of results) {
    for (const f of r.findings) {
      if (f.severity !== "error") continue;
      lines.push(`${f.file}${f.line > 0 ? `:${f.line}` : ""}: ${f.ruleId} ${f.message.replace(/\s+/g, " ")}`);
    }
  }
  if (lines.length > limit) return [...lines.slice(0, limit), `… and ${lines.length - limit} more`];
  return lines;
}

/** Step 1: the session log exists and validates in full mode. */
export async function checkSessionLog(root: string, state: SessionState, o: { now?: string; maxFileBytes?: number; cutoff?: string } = {}): Promise<CheckOutcome & { log?: string }> {
  const sessionsDir = activePaths().sessions;
  const log = findSessionLog(root, state, sessionsDir);
  if (!log) {
    return {
      ok: false,
      missing: [`no session log for session ${state.sessionId}: write ${sessionsDir}/${state.sessionId}.json (or .md)`],
      evidence: {},
    };
  }
  const { validateSessionLogs } = await import("../validators/session-log.js");
  const { DiskSource } = await import("../source.js");
  const out = await validateSessionLogs({
    cwd: root,
    root,
    files: [log],
    source: new DiskSource(root),
    mode: "full",
    sessionsDir,
    memoriesDir: activePaths().memories,
    maxFileBytes: o.maxFileBytes ?? 8 * 1024 * 1024,
    now: o.now,
    cutoff: o.cutoff,
  });
  if (out.internalErrors.length > 0) return { ok: false, log, missing: out.internalErrors.map((e) => `internal error: ${e}`), evidence: {} };
  const errors = describe(out.results);
  // a log the validator skipped (e.g. dated before --cutoff) was not checked: never count it as validated
  const skipped = out.results.find((r) => r.verdict === "skip");
  if (errors.length === 0 && skipped) return { ok: false, log, missing: [`session log ${log} was not checked: ${skipped.reason ?? "skipped"}`], evidence: {} };
  if (errors.length > 0) return { ok: false, log, missing: [`session log ${log} does not validate (full mode):`, ...errors.map((e) => `  ${e}`)], evidence: {} };
  return { ok: true, log, missing: [], evidence: { sessionLogValidated: log } };
}

/** Markdown files changed during the session: committed since the starting commit, staged, unstaged, untracked. */
export function changedMarkdown(root: string, startingCommit: string | undefined): string[] {
  const files = new Set<string>();
  const add = (buf: Buffer) => {
    for (const p of splitZ(buf)) if (/\.(md|markdown)$/i.test(p)) files.add(p);
  };
  if (startingCommit && gitVerify(root, startingCommit) && gitVerify(root, "HEAD")) {
    add(gitRaw(root, ["diff", "--name-only", "-z", "--diff-filter=ACMR", startingCommit, "HEAD"]).stdout);
  }
  if (gitVerify(root, "HEAD")) add(gitRaw(root, ["diff", "--name-only", "-z", "--diff-filter=ACMR", "HEAD"]).stdout);
  add(gitRaw(root, ["ls-files", "-z", "--others", "--exclude-standard"]).stdout);
  return [...files].filter((f) => existsSync(join(root, f))).sort();
}

/** Step 2: the markdown changed during the session lints clean (session logs and memories excluded, as upstream). */
export async function checkChangedMarkdown(root: string, state: SessionState, config?: Config): Promise<CheckOutcome> {
  const { loadConfig } = await import("../config.js");
  const { loadIgnores } = await import("../ignores.js");
  const cfg0 = config ?? (await loadConfig(root, undefined, root)).config;
  const ignores = loadIgnores(root, cfg0.ignores);
  const p = activePaths();
  const skip = [".agents/", ".serena/", `${p.sessions}/`, `${p.memories}/`];
  const files = changedMarkdown(root, state.protocolStartEvidence.startingCommit).filter((f) => !skip.some((d) => f.startsWith(d)) && !ignores.ignored(f));
  if (files.length === 0) return { ok: true, missing: [], evidence: { markdownLintPassed: "no changed markdown" } };
  // the same markdownlint configuration reader and linter as pre-pr (PP-003), so both agree
  const { loadMdConfig, selectMarkdown, lintMarkdown } = await import("../prepr/markdown.js");
  const cfg = await loadMdConfig(root);
  // without a repository configuration: markdownlint's defaults minus the line-length rule
  if (cfg.config === undefined) cfg.config = { default: true, MD013: false };
  const { selected } = selectMarkdown(files, cfg, false);
  const { findings } = await lintMarkdown(root, selected, cfg, false, (f) => readTextOrThrow(join(root, f), { maxBytes: DEFAULT_MAX_FILE_BYTES, root }));
  if (findings.length === 0) return { ok: true, missing: [], evidence: { markdownLintPassed: `${files.length} file${files.length === 1 ? "" : "s"} clean` } };
  const lines = findings.map((f) => `  ${f.file}:${f.line}: ${f.ruleId} ${f.message}`);
  return {
    ok: false,
    missing: [`markdown lint: ${findings.length} problem${findings.length === 1 ? "" : "s"} in changed files:`, ...(lines.length > 10 ? [...lines.slice(0, 10), `  … and ${lines.length - 10} more`] : lines)],
    evidence: {},
  };
}

/** Step 3: the work is committed: at least one commit since the starting commit, nothing uncommitted. */
export function checkCommitEvidence(root: string, state: SessionState, notesRoot?: string): CheckOutcome {
  const missing: string[] = [];
  const head = gitVerify(root, "HEAD");
  if (!head) return { ok: false, missing: ["no commit yet: commit the session's work"], evidence: {} };
  const start = state.protocolStartEvidence.startingCommit;
  if (start && /^[0-9a-f]{7,40}$/i.test(start)) {
    const startSha = gitVerify(root, start);
    if (!startSha) missing.push(`starting commit ${start} is not in this repository`);
    else if (startSha === head) missing.push(`no commit since the session started (HEAD is still ${start.slice(0, 12)}): commit the session's work`);
    else if (gitRaw(root, ["merge-base", "--is-ancestor", startSha, head]).status !== 0) missing.push(`HEAD does not descend from the starting commit ${start.slice(0, 12)}`);
  }
  const status = splitZ(gitRaw(root, ["status", "--porcelain", "-z", "--untracked-files=all"]).stdout);
  const notesRel = notesRoot && notesRoot.startsWith(root + "/") ? notesRoot.slice(root.length + 1) + "/" : undefined;
  const dirty: string[] = [];
  for (let i = 0; i < status.length; i++) {
    const entry = status[i];
    const path = entry.slice(3);
    if (entry[0] === "R" || entry[0] === "C") i++; // the original path follows
    if (notesRel && path.startsWith(notesRel)) continue;
    dirty.push(path);
  }
  if (dirty.length > 0) {
    missing.push(`uncommitted changes (${dirty.length}): ${dirty.slice(0, 5).join(", ")}${dirty.length > 5 ? ", …" : ""}`);
  }
  if (missing.length > 0) return { ok: false, missing, evidence: {} };
  return { ok: true, missing: [], evidence: { changesCommitted: head, endingCommit: head } };
}

/** Record protocol-end evidence and mark the session end complete. */
export async function recordSessionEnd(o: { cwd: string; notesDir?: string; sessionId: string }, evidence: Record<string, string>): Promise<SessionState> {
  const store = openSessionStore({ cwd: o.cwd, notesDir: o.notesDir });
  return store.protocolEnd(o.sessionId, evidence);
}

/** All session-end checks; records the evidence only when every check passes and `record` is set. */
export async function sessionEndCheck(o: SessionEndOptions): Promise<SessionEndResult> {
  const root = gitTopLevel(o.cwd) ?? o.cwd;
  const loaded = loadSession({ cwd: root, notesDir: o.notesDir, sessionId: o.sessionId });
  if (!loaded.state) return { status: "no-session", missing: [loaded.reason ?? "no session"], evidence: {}, checks: {} };
  const state = loaded.state;
  if (state.protocolEndComplete) return { status: "complete", sessionId: state.sessionId, missing: [], evidence: state.protocolEndEvidence, checks: {}, state };
  const store = openSessionStore({ cwd: root, notesDir: o.notesDir });
  // the one resolved configuration of the repository: its paths.* say where the session log is
  const { loadConfig } = await import("../config.js");
  const { config } = await loadConfig(root, undefined, root);
  const checks: Record<string, CheckOutcome> = {
    sessionLog: await checkSessionLog(root, state, { now: o.now, maxFileBytes: o.maxFileBytes, cutoff: o.cutoff }),
    markdownLint: await checkChangedMarkdown(root, state, config),
    commits: checkCommitEvidence(root, state, store.root),
  };
  const missing = Object.values(checks).flatMap((c) => c.missing);
  const evidence: Record<string, string> = Object.assign({}, ...Object.values(checks).map((c) => c.evidence));
  if (missing.length > 0) return { status: "incomplete", sessionId: state.sessionId, missing, evidence: {}, checks, state };
  evidence.protocolValidationPassed = "yes";
  evidence.closedAt = o.now ?? new Date().toISOString();
  if (o.record === false) return { status: "passed", sessionId: state.sessionId, missing: [], evidence, checks, state };
  const updated = await recordSessionEnd({ cwd: root, notesDir: o.notesDir, sessionId: state.sessionId }, evidence);
  return { status: "recorded", sessionId: state.sessionId, missing: [], evidence, checks, state: updated };
}

export async function runSessionEnd(o: { notesDir?: string; session?: string; now?: string }): Promise<number> {
  const r = await sessionEndCheck({ cwd: process.cwd(), notesDir: o.notesDir, sessionId: o.session, now: o.now });
  const doc = { ok: r.status === "recorded" || r.status === "complete", status: r.status, sessionId: r.sessionId, missing: r.missing, evidence: r.evidence };
  process.stdout.write(JSON.stringify(doc, null, 2) + "\n");
  if (r.status === "no-session") {
    process.stderr.write(`agentcheck: no session to end (${r.missing.join("; ")}); start one with: agentcheck session create\n`);
    return 3;
  }
  if (r.status === "incomplete") {
    process.stderr.write(`agentcheck: session ${r.sessionId} cannot end yet; nothing was recorded. Missing:\n${r.missing.map((m) => `- ${m}`).join("\n")}\n`);
    return 1;
  }
  process.stderr.write(`agentcheck: session ${r.sessionId} ${r.status === "complete" ? "was already complete" : "end recorded"}\n`);
  return 0;
}
