// session-protocol-start and session-protocol-end: seed 001's protocol workflows, each step one call
// into the library the CLI (`session start` hook, `session end`) runs.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { NonRetriableError, type Inngest } from "inngest";
import { activeProtocolSession, nextSessionId, startEvidence, startSpecsFor } from "../commands/session-start.js";
import { applyObservations, missingStartSteps, REQUIRED_KEY, type Observation } from "../state/observed.js";
import { checkCommitEvidence, checkSessionLog, loadSession } from "../commands/session-end.js";
import { DEFAULT_READ_LIMIT, readTextBounded } from "../fsread.js";
import { changedMarkdown, gitRaw } from "../git-run.js";
import { ignoreLiveState } from "../live-state.js";
import { cutoffOption } from "../report.js";
import { sha256Hex } from "../sha256.js";
import { isStateError } from "../state/errors.js";
import { notePaths } from "../state/notes.js";
import { PRESETS, presetOf, type ProtocolPreset } from "../protocol-preset.js";
import { EVENTS, type CompletionRequestedData, type ProtocolStartData } from "./events.js";
import { stateStep, storeAt, whereOf, withRepoConfig, type WorkflowOptions } from "./context.js";
import { defaultSessionLogFactory, type SessionLogFactory } from "./session-log.js";

export interface ProtocolOptions extends WorkflowOptions {
  /** Creates the session log at start (default: the JSON skeleton, src/workflows/session-log.ts). */
  sessionLogFactory?: SessionLogFactory;
  /** Project constraints read at start, first existing one wins (repository-relative). */
  constraintFiles?: string[];
}

export const DEFAULT_CONSTRAINT_FILES = [".agents/governance/PROJECT-CONSTRAINTS.md", ".agents/PROJECT-CONSTRAINTS.md", "PROJECT-CONSTRAINTS.md"];

/** Skill folders (a SKILL.md in them) under paths.skills. */
export function listSkills(root: string, skillsDir: string): { skillsDir: string; present: boolean; skills: number } {
  let names: string[];
  try {
    names = readdirSync(join(root, skillsDir));
  } catch {
    return { skillsDir, present: false, skills: 0 };
  }
  let skills = 0;
  for (const n of names) if (existsSync(join(root, skillsDir, n, "SKILL.md"))) skills++;
  return { skillsDir, present: true, skills };
}

/** The project constraints: path and content digest (evidence bound to the text that was read). */
export function readConstraints(root: string, files: string[]): { path: string; sha256: string; bytes: number } | { path: null } {
  for (const f of files) {
    const r = readTextBounded(join(root, f), { maxBytes: DEFAULT_READ_LIMIT, root });
    if (r.ok) return { path: f, sha256: sha256Hex(r.text), bytes: Buffer.byteLength(r.text) };
  }
  return { path: null };
}

export function createProtocolFunctions(inngest: Inngest.Any, opts: ProtocolOptions = {}) {
  const makeLog = opts.sessionLogFactory ?? defaultSessionLogFactory;
  const constraintFiles = opts.constraintFiles ?? DEFAULT_CONSTRAINT_FILES;

  const sessionProtocolStart = inngest.createFunction(
    { id: "session-protocol-start", name: "Session protocol start", retries: 3, triggers: [{ event: EVENTS.protocolStart }] },
    async ({ event, step }) => {
      const data = (event.data ?? {}) as ProtocolStartData;
      const at = await whereOf(event, step, opts);
      // the repository's protocol (protocol.preset, src/protocol-preset.ts), as the SessionStart hook reads it
      const protocol = await step.run("read-protocol", () => withRepoConfig(at.cwd, ({ config, paths }) => ({ preset: presetOf(config).name, skillsDir: paths.skills })));
      if (data.preset !== undefined && data.preset !== protocol.preset) {
        throw new NonRetriableError(`the protocol is the repository's: protocol.preset is ${protocol.preset}, the event asks for ${String(data.preset).slice(0, 40)}`);
      }
      const rules = PRESETS[protocol.preset];
      // off: the repository has no session protocol; as the SessionStart hook, no session, no log, nothing recorded
      if (!rules.sessionStart) return { protocol: protocol.preset, started: false as const, sessionId: null, reason: "protocol.preset is off: no session state, no session log, no evidence recorded" };
      // the id first, memoized: a retry never numbers a second session
      const target = await step.run("resolve-session", () => withRepoConfig(at.cwd, ({ paths }) => {
        // one identity, as the SessionStart hook: the MCP server's active protocol session is this session;
        // else the next free `<date>-session-NN` past the logs, the states and the protocol sessions (src/session-id.ts)
        return { sessionId: data.sessionId ?? activeProtocolSession(at.cwd, paths) ?? nextSessionId(at.cwd, new Date(at.now), at.notesDir, paths), skillsDir: protocol.skillsDir };
      }));
      const id = target.sessionId;
      const store = await step.run("init-note-store", () => withRepoConfig(at.cwd, ({ paths }) => {
        // live state stays out of `git status`, ignored once at setup as the SessionStart hook does it
        // (the repository's own exclude file, src/live-state.ts)
        ignoreLiveState(at.cwd, paths.memories);
        const s = storeAt(at);
        return { notesRoot: s.root, inWorktree: s.root.startsWith(at.cwd + "/") };
      }));
      const created = await step.run("create-session-state", () => stateStep(async () => {
        const s = storeAt(at);
        let created = true;
        try {
          await s.create(id);
        } catch (e) {
          if (!isStateError(e) || e.code !== "ALREADY_EXISTS") throw e;
          await s.use(id); // an existing session (or this step's earlier attempt): it becomes the current one
          created = false;
        }
        // the live state stays out of `git status`: checked once the store has written (it may ignore itself)
        const ignored = !store.inWorktree || gitRaw(at.cwd, ["check-ignore", "-q", "--no-index", `${s.root.slice(at.cwd.length + 1)}/`]).status === 0;
        return { created, ignored };
      }));
      const skills = await step.run("verify-skills", () => listSkills(at.cwd, target.skillsDir));
      const constraints = await step.run("load-constraints", () => readConstraints(at.cwd, constraintFiles));
      const git = await step.run("gather-start-evidence", () => withRepoConfig(at.cwd, ({ paths }) => startEvidence(at.cwd, id, at.now, paths.sessions)));
      const log = await step.run("create-session-log", () => {
        if (data.createLog === false) return { path: git.sessionLogPath, created: false, skipped: true };
        // validate-if-present: a log is the agent's choice, validated at the end when it exists; none is made
        if (!rules.logRequired) return { path: git.sessionLogPath, created: false, skipped: true, reason: `a session log is optional under protocol.preset ${protocol.preset}` };
        return { ...makeLog({ root: at.cwd, sessionId: id, path: git.sessionLogPath, branch: git.gitBranch, startingCommit: git.startingCommit, now: at.now, preset: protocol.preset, objective: data.objective }), skipped: false };
      });
      // git facts and the steps' results are evidence, not the start protocol (issue 40 item 4): the
      // time of completion is set when the preset's start steps have evidence (completedAt below)
      const { completedAt: _startedAt, ...facts } = git;
      const evidence: Record<string, string> = {
        ...facts,
        sessionLogPath: log.path,
        noteStoreInitialized: at.now,
        skillScriptsCount: String(skills.skills),
        constraintsRead: constraints.path === null ? "no" : `${constraints.path} sha256:${constraints.sha256}`,
      };
      const recorded = await step.run("record-protocol-start", () => stateStep(async () => {
        // one transaction: the evidence, and what this run itself observed (verify-skills listed the
        // skills) through the PostToolUse hook's applyObservations; protocolStartComplete only when the
        // preset's start steps (startSpecsFor, as SessionStart) all have evidence; the steps are stored
        // with the session, as SessionStart stores them, so the PostToolUse hook waits for the same ones.
        // Written once: a retry finds every value in place and changes nothing.
        const specs = startSpecsFor(at.cwd);
        const required = specs.map((x) => x.key);
        const stored = { ...evidence, [REQUIRED_KEY]: JSON.stringify(specs) };
        const observed: Observation[] = skills.skills > 0 ? [{ step: "skills", detail: `${skills.skillsDir}: ${skills.skills} skill(s)` }] : [];
        const r = await storeAt(at).transact(id, (d, tx) => {
          let changed = false;
          for (const [k, v] of Object.entries(stored)) {
            if (d.protocolStartEvidence[k] !== v) {
              d.protocolStartEvidence[k] = v;
              changed = true;
            }
          }
          tx.changed = applyObservations(d, observed, "workflow:verify-skills", required, tx.now).changed || changed;
        });
        return { version: r.state.version, complete: r.state.protocolStartComplete, missing: missingStartSteps(required, r.state.protocolStartEvidence) };
      }));
      await step.sendEvent("emit-state-update", {
        name: EVENTS.stateUpdate,
        data: { sessionId: id, cwd: at.cwd, version: recorded.version, updates: { protocolStartComplete: recorded.complete, protocolStartEvidence: evidence } },
      });
      return { protocol: protocol.preset, started: true as const, startProtocol: { complete: recorded.complete, missing: recorded.missing }, sessionId: id, created: created.created, notesRoot: store.notesRoot, notesIgnored: created.ignored, gitBranch: git.gitBranch, sessionLog: log, skills, constraints, evidence };
    },
  );

  const sessionProtocolEnd = inngest.createFunction(
    { id: "session-protocol-end", name: "Session protocol end", retries: 3, triggers: [{ event: EVENTS.completionRequested }] },
    async ({ event, step }) => {
      const data = (event.data ?? {}) as CompletionRequestedData;
      const at = await whereOf(event, step, opts);
      const session = await step.run("load-session", () => withRepoConfig(at.cwd, ({ config }) => {
        // the repository's protocol (protocol.preset) says what the end demands, as `session end` reads it
        const preset: ProtocolPreset = presetOf(config).name;
        const l = loadSession({ cwd: at.cwd, notesDir: at.notesDir, sessionId: data.sessionId });
        return l.state
          ? { preset, sessionId: l.state.sessionId, protocolEndComplete: l.state.protocolEndComplete, startingCommit: l.state.protocolStartEvidence.startingCommit ?? "" }
          : { preset, missing: l.reason ?? "no session" };
      }));
      const rules = PRESETS[session.preset];
      // off: nothing checked, nothing recorded (`session end` says status "off"; the start made no session)
      if (!rules.validateLog && !rules.requireCommits) {
        return { protocol: session.preset, sessionId: "missing" in session ? null : session.sessionId, complete: false, checked: false, missing: [] as string[], reason: "protocol.preset is off: nothing checked, nothing recorded" };
      }
      if ("missing" in session) throw new NonRetriableError(`no session to end: ${session.missing}`);
      if (session.protocolEndComplete) return { protocol: session.preset, sessionId: session.sessionId, complete: true, alreadyComplete: true, missing: [] as string[] };
      const id = session.sessionId;
      const state = () => storeAt(at).getSync(id);

      const log = await step.run("validate-session-log", () =>
        // the repository's configuration (paths.sessions, severities) and the cutoff, as `session end` reads them
        withRepoConfig(at.cwd, async (settings) => {
          const r = await checkSessionLog(at.cwd, state(), { now: data.now, cutoff: cutoffOption(undefined), settings, logRequired: rules.logRequired });
          return { ok: r.ok, missing: r.missing, evidence: r.evidence, log: r.log ?? null };
        }),
      );
      const lint = await step.run(data.fixMarkdown ? "fix-markdown" : "lint-markdown", () => lintSessionMarkdown(at.cwd, session.startingCommit, data.fixMarkdown === true));
      // SP-039 / SP-040 with the repository's severities, as `session end` judges them (after any fix:
      // a fixed file is a change still to commit); a preset without commit demands skips the step
      const commits = rules.requireCommits
        ? await step.run("check-commit-evidence", () => withRepoConfig(at.cwd, (settings) => checkCommitEvidence(at.cwd, state(), storeAt(at).root, settings)))
        : { ok: true, missing: [] as string[], evidence: {} as Record<string, string> };
      const missing = [...log.missing, ...commits.missing];
      if (missing.length > 0) {
        // nothing is recorded: the session stays open until the missing items are done
        return { protocol: session.preset, sessionId: id, complete: false, missing, markdown: lint };
      }
      const evidence: Record<string, string> = {
        ...log.evidence,
        ...commits.evidence,
        markdownLintPassed: lint.errors === 0 ? "yes" : "no",
        protocolValidationPassed: "yes",
        closedAt: at.now,
      };
      const summary = await step.run("write-summary-note", () => stateStep(() => {
        const s = storeAt(at);
        const notePath = notePaths.summary(id);
        const logText = log.log ? readTextBounded(join(at.cwd, log.log), { maxBytes: DEFAULT_READ_LIMIT, root: at.cwd }) : undefined;
        s.notes.writeJsonNote(notePath, "session-summary", `Summary of session ${id}`, {
          sessionId: id,
          sessionLog: log.log,
          sessionLogSha256: logText?.ok ? sha256Hex(logText.text) : null,
          startingCommit: session.startingCommit,
          endingCommit: commits.evidence.endingCommit ?? "",
          // issue 35: the blobs of the session's range, as protocolEndEvidence.contentEvidence records them
          ...(commits.evidence.contentEvidence ? { contentEvidence: JSON.parse(commits.evidence.contentEvidence) as unknown } : {}),
          markdown: { files: lint.files, fixed: lint.fixed, errors: lint.errors },
          closedAt: at.now,
        });
        return { notePath };
      }));
      evidence.summaryNote = summary.notePath;
      const recorded = await step.run("record-protocol-end", () => stateStep(async () => {
        const s = await storeAt(at).protocolEnd(id, evidence, { once: true });
        return { version: s.version };
      }));
      await step.sendEvent("emit-state-update", {
        name: EVENTS.stateUpdate,
        data: { sessionId: id, cwd: at.cwd, version: recorded.version, updates: { protocolEndComplete: true, protocolEndEvidence: evidence } },
      });
      await step.sendEvent("emit-session-complete", { name: EVENTS.complete, data: { sessionId: id, cwd: at.cwd, evidence } });
      return { protocol: session.preset, sessionId: id, complete: true, missing: [] as string[], evidence, markdown: lint };
    },
  );

  return { sessionProtocolStart, sessionProtocolEnd };
}

/**
 * markdownlint (the repository's configuration, as pre-pr's PP-003 runs it) over the markdown changed
 * in the session, fixes applied when asked. Reported, never a reason to keep the session open: `session
 * end` does not lint either (docs/session-log-dropped-rules.md), and both say the same about a session.
 */
export async function lintSessionMarkdown(root: string, startingCommit: string, fix: boolean): Promise<{ files: string[]; fixed: string[]; errors: number; findings: string[] }> {
  const files = changedMarkdown(root, startingCommit || undefined);
  const { loadMdConfig, selectMarkdown, lintMarkdown } = await import("../prepr/markdown.js");
  const cfg = await loadMdConfig(root);
  const { selected } = selectMarkdown(files, cfg, false);
  const { readTextOrThrow } = await import("../fsread.js");
  const r = await lintMarkdown(root, selected, cfg, fix, (p) => readTextOrThrow(join(root, p), { maxBytes: DEFAULT_READ_LIMIT, root }));
  const errors = r.findings.filter((f) => f.severity === "error");
  return { files: selected, fixed: r.fixed, errors: errors.length, findings: errors.slice(0, 20).map((f) => `${f.file}:${f.line} ${f.ruleId} ${f.message}`.replace(/[\r\n]+/g, " ")) };
}
