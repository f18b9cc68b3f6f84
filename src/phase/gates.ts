// Fact gathering for the protocol gates (specs/session-protocol-mcp.md §2). Each gate reads the
// workspace (files, git, the session-log validator, markdownlint) and hands the facts to the
// session-protocol rules in the WebAssembly core (PH-001..PH-009), which decide the status and message.
import { DEFAULT_READ_LIMIT, readOrThrow, readTextOrThrow } from "../fsread.js";
import { createHash } from "node:crypto";
import { existsSync, lstatSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { KIND } from "../wasm/abi.js";
import { executeValidator, type Facts } from "../engine.js";
import { changedMarkdown, GitRepo, gitRaw, gitTopLevel, gitVerify, splitZ } from "../git-run.js";
import { classifyCommits } from "../evidence/landed.js";
import { contentEvidence } from "../evidence/record.js";
import { CURRENT_STATE_FILE, HISTORY_FILE, VIOLATIONS_FILE } from "./format.js";
import { JSON_FALLBACK, type PhaseStore } from "./store.js";
import { transitionOf, type Gate, type GateResult, type ProtocolState } from "./model.js";

import type { RunSettings } from "../run-settings.js";
import { DEFAULT_PATHS } from "../config-paths.js";
import { HANDOFF_FILE, QA_DIR } from "../config-paths.js";
import { findLogFor } from "../session-log-path.js";
import { isMarkdown } from "../glob.js";

export const SKILLS_DIR = ".claude/skills/github/scripts";
export const SKILL_MEMORY = "skill-usage-mandatory";

export interface GateContext {
  root: string;
  /** The protocol preset requires a session log (src/protocol-preset.ts); default true. */
  logRequired?: boolean;
  store: PhaseStore;
  maxFileBytes?: number;
  now?: string;
  /** The workspace's configuration: its folders (paths.sessions) and rule settings; default: none. */
  settings?: RunSettings;
}

export interface GateOptions {
  skipQa?: boolean;
}

/** The latest recorded evidence of a type for a gate. */
function latest(s: ProtocolState, gate: Gate, type: string): { at: string; evidence: string } | undefined {
  for (let i = s.evidence.length - 1; i >= 0; i--) {
    const e = s.evidence[i];
    if (e.phase === gate && e.type === type) return e;
  }
  return undefined;
}

/** The configuration's sessions folder (paths.sessions). */
export function sessionsDirOf(ctx: GateContext): string {
  return ctx.settings?.paths.sessions ?? DEFAULT_PATHS.sessions;
}

/** The session's log (src/session-log-path.ts, the lookup `session end` uses too); `<id>.md` when there is none. */
export function sessionLogPath(root: string, id: string, dir: string = DEFAULT_PATHS.sessions): { path: string; exists: boolean } {
  const found = findLogFor(root, id, dir);
  return found === undefined ? { path: `${dir}/${id}.md`, exists: false } : { path: found, exists: true };
}

function isGitRepo(root: string): boolean {
  return gitRaw(root, ["rev-parse", "--is-inside-work-tree"]).status === 0;
}

/** Files this store writes (never count as uncommitted work); a folder writer also locks the JSON fallback. */
function ownFiles(store: PhaseStore): string[] {
  return store.mode === "json" ? [JSON_FALLBACK] : [JSON_FALLBACK, ...[CURRENT_STATE_FILE, HISTORY_FILE, VIOLATIONS_FILE].map((f) => store.rel(f))];
}

/**
 * The workspace's folder inside its repository: "" at the top level, "pkg/" when the server's root is a
 * subfolder (a package of a monorepo). git status reports paths from the repository's top level;
 * the gates compare and read workspace-relative paths.
 */
function repoPrefix(root: string): string {
  // the cached top level (no git process as a rule); rev-parse when it is not known
  const top = gitTopLevel(root);
  if (top !== undefined) {
    const rel = relative(top, root).split(sep).join("/");
    return rel ? `${rel}/` : "";
  }
  const r = gitRaw(root, ["rev-parse", "--show-prefix"]);
  return r.status === 0 ? r.stdout.toString("utf8").replace(/\r?\n$/, "") : "";
}

/** Uncommitted paths in the workspace (porcelain, workspace-relative), without the store's own files and their locks. */
export function dirtyFiles(root: string, store: PhaseStore): string[] {
  const own = ownFiles(store);
  const prefix = repoPrefix(root);
  const status = splitZ(gitRaw(root, ["status", "--porcelain", "-z", "--untracked-files=all", "--", "."]).stdout);
  const out: string[] = [];
  for (let i = 0; i < status.length; i++) {
    const entry = status[i];
    if (entry[0] === "R" || entry[0] === "C") i++;
    if (!entry.slice(3).startsWith(prefix)) continue; // outside the workspace (the pathspec keeps none)
    const path = entry.slice(3 + prefix.length);
    if (own.some((o) => path === o || path.startsWith(`${o}.`) || path.startsWith(`${o.replace(/[^/]+$/, "")}.${o.replace(/^.*\//, "")}`))) continue;
    out.push(path);
  }
  return out.sort();
}

/**
 * Files changed since the starting commit (workspace-relative): committed, staged, unstaged, untracked
 * (store files excluded). A session started before the repository's first commit has no starting
 * commit: every file of HEAD is new since the start. Undefined when a recorded starting commit is
 * not in the repository.
 */
export function changedFiles(root: string, store: PhaseStore, startingCommit: string): string[] | undefined {
  if (startingCommit !== "" && !gitVerify(root, startingCommit)) return undefined;
  const files = new Set<string>();
  if (gitVerify(root, "HEAD")) {
    const committed = startingCommit === ""
      ? gitRaw(root, ["ls-tree", "-r", "-z", "--name-only", "HEAD"]) // relative to the workspace, its files only
      : gitRaw(root, ["diff", "--name-only", "-z", "--relative", startingCommit, "HEAD"]);
    if (committed.status !== 0) return undefined;
    for (const p of splitZ(committed.stdout)) files.add(p);
  }
  for (const p of dirtyFiles(root, store)) files.add(p);
  return [...files].sort();
}

function workEntries(root: string, log: string): number {
  let text: string;
  try {
    text = readTextOrThrow(join(root, log), { maxBytes: DEFAULT_READ_LIMIT, root });
  } catch {
    return 0;
  }
  if (log.endsWith(".json")) {
    try {
      const v = JSON.parse(text) as { workLog?: unknown };
      return Array.isArray(v.workLog) ? v.workLog.length : 0;
    } catch {
      return 0;
    }
  }
  // markdown: content lines under headings that name the work (Work Log, Changes, Decisions)
  let inWork = false;
  let n = 0;
  for (const line of text.split(/\r?\n/)) {
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    if (h) {
      inWork = /\b(work|changes|decisions|outcomes?)\b/i.test(h[2]);
      continue;
    }
    const t = line.trim();
    if (inWork && t !== "" && !t.startsWith("<!--") && !/^\|?[\s:|-]+\|?$/.test(t)) n++;
  }
  return n;
}

/**
 * QA reports naming the session under the QA folder: regular files only, links never followed (a
 * link loop would walk for ever, and a link out of the workspace is no report of it), at most
 * QA_WALK_MAX entries looked at.
 */
function listQaReports(root: string, id: string): string[] {
  const out: string[] = [];
  let budget = QA_WALK_MAX;
  const walk = (rel: string) => {
    let entries;
    try {
      entries = readdirSync(join(root, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch {
      return;
    }
    for (const e of entries) {
      if (--budget < 0) return;
      const p = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && e.name.includes(id)) {
        try {
          if (lstatSync(join(root, p)).size > 0) out.push(p);
        } catch {
          /* gone meanwhile */
        }
      }
    }
  };
  walk(QA_DIR);
  return out;
}

/** Entries the QA report search looks at, at most. */
const QA_WALK_MAX = 100_000;

async function gather(ctx: GateContext, s: ProtocolState, gate: Gate, o: GateOptions): Promise<Facts> {
  const { root, store } = ctx;
  const f: Facts = { sessionId: s.sessionId };
  switch (gate) {
    case "SERENA_INIT": {
      f.memoriesDir = store.memoriesDir;
      try {
        f.memoryCount = store.listMemories().length;
        f.memoriesReadable = true;
      } catch (e) {
        f.memoriesReadable = false;
        f.memoriesDetail = (e as NodeJS.ErrnoException).code ?? String(e);
      }
      break;
    }
    case "SKILL_VALIDATION": {
      f.skillsDir = SKILLS_DIR;
      try {
        f.skillScripts = readdirSync(join(root, SKILLS_DIR)).length;
        f.skillsDirExists = true;
      } catch {
        f.skillsDirExists = false;
      }
      f.memoryName = SKILL_MEMORY;
      const ev = latest(s, "SKILL_VALIDATION", "memory_read");
      if (ev) f.memoryRead = `${ev.evidence} (recorded ${ev.at})`.replace(/[\r\n]+/g, " ");
      break;
    }
    case "CONTEXT_RETRIEVAL": {
      f.handoffPath = HANDOFF_FILE;
      const abs = join(root, HANDOFF_FILE);
      f.handoffExists = existsSync(abs);
      if (f.handoffExists) {
        try {
          f.currentHash = createHash("sha256").update(readOrThrow(abs, { maxBytes: DEFAULT_READ_LIMIT, root })).digest("hex");
        } catch (e) {
          // a link out of the workspace, a file over the read limit, a FIFO or folder (the bounded reader
          // refuses them unopened): the core fails the gate with the reason
          f.handoffUnreadable = ((e as Error)?.message ?? String(e)).replace(/[\r\n]+/g, " ") || "unreadable";
        }
      }
      const h = latest(s, "CONTEXT_RETRIEVAL", "handoff_hash");
      if (h) f.recordedHash = h.evidence.trim().replace(/^sha256:/i, "");
      const notes = latest(s, "CONTEXT_RETRIEVAL", "notes");
      if (notes) f.notesEvidence = notes.evidence.replace(/[\r\n]+/g, " ");
      break;
    }
    case "SESSION_LOG": {
      const log = sessionLogPath(root, s.sessionId, sessionsDirOf(ctx));
      f.logPath = log.path;
      f.logExists = log.exists;
      f.logRequired = ctx.logRequired !== false;
      if (log.exists) {
        const { validateSessionLogs } = await import("../validators/session-log.js");
        const { DiskSource } = await import("../source.js");
        const out = await validateSessionLogs({
          cwd: root, root, files: [log.path], source: new DiskSource(root), mode: "creation",
          sessionsDir: sessionsDirOf(ctx), memoriesDir: ctx.store.memoriesDir, rules: ctx.settings?.rules,
          maxFileBytes: ctx.maxFileBytes ?? 8 * 1024 * 1024, now: ctx.now,
        });
        f.logInternal = out.internalErrors;
        f.logFindings = out.results.flatMap((r) => r.findings.filter((x) => x.severity === "error")
          .map((x) => `${x.ruleId}${x.line > 0 ? ` (line ${x.line})` : ""} ${x.message}`.replace(/[\r\n]+/g, " ")));
      }
      break;
    }
    case "GIT_STATE": {
      f.branch = s.branch;
      f.startingCommit = s.startingCommit;
      if (isGitRepo(root)) {
        const d = dirtyFiles(root, store);
        f.treeState = d.length === 0 ? "clean" : `dirty (${d.length} file${d.length === 1 ? "" : "s"})`;
      }
      break;
    }
    case "DOCS_UPDATE": {
      const log = sessionLogPath(root, s.sessionId, sessionsDirOf(ctx));
      f.logPath = log.path;
      f.logExists = log.exists;
      if (log.exists) f.workEntries = workEntries(root, log.path);
      break;
    }
    case "QUALITY_CHECKS": {
      try {
        const own = ownFiles(store);
        // the same scope as `agentcheck session end`: session logs and memories are excluded, as upstream
        const known = s.startingCommit !== "" && gitVerify(root, s.startingCommit);
        const changed = changedMarkdown(root, known ? s.startingCommit : undefined);
        // without a starting commit to diff against (none recorded, or not in this repository any
        // more) every committed markdown file may have changed: all of them are linted, never none
        if (!known) {
          for (const p of splitZ(gitRaw(root, ["ls-files", "-z"]).stdout)) if (isMarkdown(p) && existsSync(join(root, p)) && !changed.includes(p)) changed.push(p);
          changed.sort();
        }
        const files = changed.filter((p) => !p.startsWith(".agents/") && !p.startsWith(".serena/") && !own.includes(p));
        f.changedMarkdown = files;
        const { loadMdConfig, selectMarkdown, lintMarkdown } = await import("../prepr/markdown.js");
        const cfg = await loadMdConfig(root);
        // no configuration: markdownlint's defaults, as pre-pr's PP-003 lints (fileConfigs)
        const { selected } = selectMarkdown(files, cfg, false);
        const { findings } = await lintMarkdown(root, selected, cfg, false, (p) => readTextOrThrow(join(root, p), { maxBytes: DEFAULT_READ_LIMIT, root }), undefined, { rules: ctx.settings?.rules });
        // markdownlint's own severity, as configured: the core decides what a warning does (PH-007)
        const line = (x: { file: string; line: number; ruleId: string; message: string }) => `${x.file}:${x.line} ${x.ruleId} ${x.message}`.replace(/[\r\n]+/g, " ");
        f.lintFindings = findings.filter((x) => x.severity !== "warning").map(line);
        f.lintWarnings = findings.filter((x) => x.severity === "warning").map(line);
      } catch (e) {
        f.lintError = (e as Error).message ?? String(e);
      }
      break;
    }
    case "QA_VALIDATION": {
      f.qaReports = listQaReports(root, s.sessionId);
      f.skipQa = o.skipQa === true;
      f.memoriesDir = store.memoriesDir;
      f["sessions.dir"] = sessionsDirOf(ctx);
      const changed = isGitRepo(root) ? changedFiles(root, store, s.startingCommit) : undefined;
      f.changesKnown = changed !== undefined;
      if (changed) f.changedFiles = changed;
      break;
    }
    case "GIT_COMMIT": {
      f.startingCommit = s.startingCommit;
      const head = isGitRepo(root) ? gitVerify(root, "HEAD") : undefined;
      if (head) {
        f.headCommit = head;
        // no starting commit (the session started before the first commit): every commit of HEAD is since the start
        const start = s.startingCommit ? gitVerify(root, s.startingCommit) : undefined;
        if (s.startingCommit === "") {
          const r = gitRaw(root, ["rev-list", "--count", head]);
          f.commitsSince = r.status === 0 ? Number(r.stdout.toString().trim()) : -1;
        } else if (start && (await startOnHistory(root, start))) {
          f.commitsSince = Number(gitRaw(root, ["rev-list", "--count", `${start}..${head}`]).stdout.toString().trim());
        } else f.commitsSince = -1;
        f.dirtyFiles = dirtyFiles(root, store);
      }
      break;
    }
  }
  return f;
}

/**
 * The session's starting commit is on HEAD's history: an ancestor, or landed by content (the branch
 * was rebased or the commit amended since the session started), as every claim bound to a commit is
 * classified (src/evidence/landed.ts classifyCommits; issue 35 item 4). Off-history or absent: no.
 */
async function startOnHistory(root: string, start: string): Promise<boolean> {
  const c = (await classifyCommits(new GitRepo(root), [start])).get(start)?.[0];
  return c === "ancestor" || c === "landed";
}

/** Run one gate: gather its facts, let the core decide. */
export async function runGate(ctx: GateContext, s: ProtocolState, gate: Gate, o: GateOptions = {}): Promise<GateResult> {
  const facts = await gather(ctx, s, gate, o);
  const out = executeValidator("session-protocol", [{ file: gate, kind: KIND.PHASE_GATE, bytes: new TextEncoder().encode(gate) }], facts, { rules: ctx.settings?.rules });
  const t = transitionOf(gate);
  const data = out.results[0]?.data ?? {};
  if (out.internalErrors.length > 0 || !data.status) {
    // never a pass for something unchecked
    return { phase: gate, requirement_level: t.requirement, status: "FAIL", evidence: "", blocking: t.blocking, message: `internal error: ${out.internalErrors.join("; ") || "the rule core returned no verdict"}` };
  }
  const r: GateResult = {
    phase: gate,
    requirement_level: data.requirement === "SHOULD" ? "SHOULD" : "MUST",
    status: data.status as GateResult["status"],
    evidence: data.evidence ?? "",
    blocking: t.blocking,
    message: data.message ?? (data.unknownGate !== undefined ? `unknown gate ${data.unknownGate}` : ""),
  };
  // the work is committed: what verification needs after the branch is gone goes with the verdict
  // (issue 35; src/evidence/record.ts, the function every recording surface calls)
  if (gate === "GIT_COMMIT" && r.status === "PASS" && typeof facts.startingCommit === "string" && facts.startingCommit && typeof facts.headCommit === "string") {
    const content = contentEvidence(ctx.root, facts.startingCommit, facts.headCommit);
    if (content) r.content_evidence = content;
  }
  return r;
}

/** Does this path exist under the workspace (resource helpers). */
export function exists(root: string, rel: string): boolean {
  return existsSync(join(root, rel));
}
