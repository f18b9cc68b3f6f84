// Session end (session-protocol.md §2, session-state.md §5.5): the current session's log validates
// in full mode and the work is committed (SP-039 / SP-040 from the core). Markdown linting (SP-043)
// is not part of it: docs/session-log-dropped-rules.md (run pre-pr for that).
// Only when every check passes is protocol-end evidence recorded (protocolEndComplete = true);
// otherwise the missing items are listed and nothing is written.
// Each check is a library function so that the CLI, the Claude Code Stop hook and the Inngest
// workflow run the same code.
import { contentEvidence, recordLogEvidence, type LogEvidenceResult } from "../evidence/record.js";
import { findLogFor } from "../session-log-path.js";
import { executeValidator, type Facts } from "../engine.js";
import { KIND } from "../wasm/abi.js";
import { gitRaw, gitTopLevel, gitVerify, splitZ } from "../git-run.js";
import { isStateError } from "../state/errors.js";
import { openSessionStore } from "../state/ops.js";
import type { SessionState } from "../state/schema.js";
import { cutoffOption, type FileResult, type Finding } from "../report.js";

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
  /**
   * `--write-log`: before the checks, record in the session's JSON log its endingCommit (HEAD when it
   * names none), contentEvidence and qaContentEvidence (src/evidence/record.ts recordLogEvidence), so a
   * check on main verifies the work after the branch is gone. A log this changes is a change to commit:
   * the end is then not recorded until it is.
   */
  writeLog?: boolean;
}

export interface CheckOutcome {
  ok: boolean;
  /** What is missing or wrong, one line each. */
  missing: string[];
  /** Evidence values (strings) this check contributes when it passes. */
  evidence: Record<string, string>;
  /** The core's findings behind `missing` (rule ids and messageIds), where the check has them. */
  findings?: Finding[];
}

export interface SessionEndResult {
  /** "off": protocol.preset is off, nothing was checked or recorded. */
  status: "no-session" | "complete" | "recorded" | "passed" | "incomplete" | "off";
  sessionId?: string;
  missing: string[];
  evidence: Record<string, string>;
  checks: Record<string, CheckOutcome>;
  state?: SessionState;
  /** What `writeLog` did to the session's JSON log. */
  logEvidence?: LogEvidenceResult & { log: string };
}

import { DEFAULT_PATHS } from "../config-paths.js";
import { runSettings, type RunSettings } from "../run-settings.js";
import { writeErr, writeOut } from "../stdio.js";
import { presetOf } from "../protocol-preset.js";

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

/** The session log of a session: the recorded evidence path, else `<id>.json|.md` or `<id>-slug.*` (src/session-log-path.ts). */
export function findSessionLog(root: string, state: SessionState, sessionsDir: string = DEFAULT_PATHS.sessions): string | undefined {
  return findLogFor(root, state.sessionId, sessionsDir, state.protocolStartEvidence.sessionLogPath || undefined);
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
/**
 * `settings`: the repository's configuration (where its session logs are, its rule settings); default: none.
 * `logRequired: false` (the protocol preset makes logs optional): no log is no demand unmet.
 */
export async function checkSessionLog(root: string, state: SessionState, o: { now?: string; maxFileBytes?: number; cutoff?: string; settings?: RunSettings; logRequired?: boolean } = {}): Promise<CheckOutcome & { log?: string }> {
  const settings = o.settings ?? runSettings(undefined);
  const sessionsDir = settings.paths.sessions;
  const log = findSessionLog(root, state, sessionsDir);
  if (!log && o.logRequired === false) {
    // the preset makes logs optional (validate-if-present): none written is no demand unmet, and the
    // evidence says that no log was checked
    return { ok: true, missing: [], evidence: { sessionLog: "none (optional under protocol.preset)" } };
  }
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
    memoriesDir: settings.paths.memories,
    rules: settings.rules,
    maxFileBytes: o.maxFileBytes ?? 8 * 1024 * 1024,
    now: o.now,
    cutoff: o.cutoff,
  });
  if (out.internalErrors.length > 0) return { ok: false, log, missing: out.internalErrors.map((e) => `internal error: ${e}`), evidence: {} };
  // the log's inline directives (<!-- agentcheck-disable … -->) count here as in `session-log` and `check`
  const { applyAdoption } = await import("../adoption.js");
  const results = applyAdoption(out.results, { root, maxFileBytes: o.maxFileBytes ?? 8 * 1024 * 1024, rules: settings.rules }).results;
  const errors = describe(results);
  // a log the validator skipped (e.g. dated before --cutoff) was not checked: never count it as validated
  const skipped = results.find((r) => r.verdict === "skip");
  if (errors.length === 0 && skipped) return { ok: false, log, missing: [`session log ${log} was not checked: ${skipped.reason ?? "skipped"}`], evidence: {} };
  if (errors.length > 0) return { ok: false, log, missing: [`session log ${log} does not validate (full mode):`, ...errors.map((e) => `  ${e}`)], evidence: {} };
  return { ok: true, log, missing: [], evidence: { sessionLogValidated: log } };
}

/**
 * Step 2: the work is committed. The decisions are the session-log validator's strict git rules,
 * SP-039 (clean working tree) and SP-040 (commits since the Starting Commit), run by the core over the
 * session's record: its Starting Commit (from the session state) and the repository facts (HEAD, whether
 * the tree is clean; the notes folder, which holds the session state itself, is not part of the work).
 */
export function checkCommitEvidence(root: string, state: SessionState, notesRoot?: string, settings: RunSettings = runSettings(undefined)): CheckOutcome {
  const head = gitVerify(root, "HEAD");
  const status = splitZ(gitRaw(root, ["status", "--porcelain", "-z", "--untracked-files=all"]).stdout);
  const notesRel = notesRoot && notesRoot.startsWith(root + "/") ? notesRoot.slice(root.length + 1) + "/" : undefined;
  let dirty = 0;
  for (let i = 0; i < status.length; i++) {
    const entry = status[i];
    if (entry[0] === "R" || entry[0] === "C") i++; // the original path follows
    if (!(notesRel && entry.slice(3).startsWith(notesRel))) dirty++;
  }
  const start = state.protocolStartEvidence.startingCommit ?? "";
  const record = `# Session ${state.sessionId}\n\n## Session Info\n\n- **Starting Commit**: ${start}\n`;
  const doc = { file: `${settings.paths.sessions}/${state.sessionId}.md`, kind: KIND.SESSION_MD, bytes: new TextEncoder().encode(record) };
  const facts: Facts = { context: "local", strict: true, git: true, clean: dirty === 0, head: head ?? "", now: new Date().toISOString() };
  const out = executeValidator("session-log", [doc], facts, { rules: settings.rules });
  const findings = out.results.flatMap((r) => r.findings).filter((f) => (f.ruleId === "SP-039" || f.ruleId === "SP-040") && f.severity === "error");
  const missing = [...out.internalErrors.map((e) => `internal error: ${e}`), ...findings.map((f) => `${f.ruleId} ${f.message}`)];
  if (missing.length > 0) return { ok: false, missing, evidence: {}, findings };
  // what verification needs after the branch is gone (issue 35): the blobs the session's range wrote,
  // for the JSON log's contentEvidence (docs/session-logs.md "Commit evidence")
  const content = start && head ? contentEvidence(root, start, head) : undefined;
  const evidence: Record<string, string> = { changesCommitted: head ?? "", endingCommit: head ?? "" };
  if (content) evidence.contentEvidence = JSON.stringify(content);
  return { ok: true, missing: [], evidence, findings: [] };
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
  // the one resolved configuration of the repository: its paths.* say where the session log is, its
  // rule settings how the checks judge; passed to each check
  const { loadConfig } = await import("../config.js");
  const settings = await loadConfig(root, undefined, root);
  // the repository's protocol (src/protocol-preset.ts) says what the end demands
  const preset = presetOf(settings.config);
  if (!preset.validateLog && !preset.requireCommits) return { status: "off", sessionId: state.sessionId, missing: [], evidence: {}, checks: {}, state };
  // the JSON log records what verification needs after the branch is gone (issue 35), before it is checked
  let logEvidence: SessionEndResult["logEvidence"];
  if (o.writeLog) {
    const log = findSessionLog(root, state, settings.paths.sessions);
    if (log) logEvidence = { log, ...recordLogEvidence(root, log, state.protocolStartEvidence.startingCommit ?? "", { maxBytes: o.maxFileBytes }) };
  }
  const checks: Record<string, CheckOutcome> = {
    sessionLog: await checkSessionLog(root, state, { now: o.now, maxFileBytes: o.maxFileBytes, cutoff: o.cutoff, settings, logRequired: preset.logRequired }),
  };
  if (preset.requireCommits) checks.commits = checkCommitEvidence(root, state, store.root, settings);
  const missing = Object.values(checks).flatMap((c) => c.missing);
  if (logEvidence?.written) missing.unshift(`${logEvidence.log} now records its ending commit and content evidence: commit it, then run session end again`);
  const evidence: Record<string, string> = Object.assign({}, ...Object.values(checks).map((c) => c.evidence));
  if (missing.length > 0) return { status: "incomplete", sessionId: state.sessionId, missing, evidence: {}, checks, state, logEvidence };
  evidence.protocolValidationPassed = "yes";
  evidence.closedAt = o.now ?? new Date().toISOString();
  if (o.record === false) return { status: "passed", sessionId: state.sessionId, missing: [], evidence, checks, state, logEvidence };
  const updated = await recordSessionEnd({ cwd: root, notesDir: o.notesDir, sessionId: state.sessionId }, evidence);
  return { status: "recorded", sessionId: state.sessionId, missing: [], evidence, checks, state: updated, logEvidence };
}

export async function runSessionEnd(o: { notesDir?: string; session?: string; now?: string; writeLog?: boolean }): Promise<number> {
  // the historical cutoff (AGENTCHECK_CUTOFF), as the session-end hook and `session-log` read it: a log
  // dated before it is not checked, so the end is not recorded
  const r = await sessionEndCheck({ cwd: process.cwd(), notesDir: o.notesDir, sessionId: o.session, now: o.now, cutoff: cutoffOption(undefined), writeLog: o.writeLog });
  const doc = { ok: r.status === "recorded" || r.status === "complete", status: r.status, sessionId: r.sessionId, missing: r.missing, evidence: r.evidence };
  writeOut(JSON.stringify(doc, null, 2) + "\n");
  if (r.status === "no-session") {
    writeErr(`agentcheck: no session to end (${r.missing.join("; ")}); start one with: agentcheck session create\n`);
    return 3;
  }
  if (r.status === "off") {
    writeErr(`agentcheck: the session protocol is off (protocol.preset off): nothing checked, nothing recorded\n`);
    return 0;
  }
  if (r.status === "incomplete") {
    writeErr(`agentcheck: session ${r.sessionId} cannot end yet; nothing was recorded. Missing:\n${r.missing.map((m) => `- ${m}`).join("\n")}\n`);
    return 1;
  }
  writeErr(`agentcheck: session ${r.sessionId} ${r.status === "complete" ? "was already complete" : "end recorded"}\n`);
  return 0;
}
