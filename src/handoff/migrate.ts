// One-time migration of the hand-off file `.agents/HANDOFF.md` into session state
// (specs/session-formats.md §3). Real hand-off files do not have the design's five sections, so sections
// are classified by their headings: decision sections become decisions, next-step/open-item/blocker
// sections (and table rows with a "Next Action" column) become pending handoffs, and everything else is
// kept verbatim in a context note. The file itself is never deleted. A second run on the same content is a
// no-op: the content hash is recorded as protocol-start evidence (atomically with the decisions) and names
// the context note.
import { DEFAULT_READ_LIMIT, NOTE_MAX_BYTES, readTextOrThrow } from "../fsread.js";
import { createHash, randomUUID } from "node:crypto";
import { isAbsolute, relative, resolve } from "node:path";
import { HANDOFF_FILE } from "../config-paths.js";
import { SessionStore, newWorkflow } from "../state/ops.js";
import { StateError } from "../state/errors.js";
import { permalinkOf } from "../state/notes.js";
import { AGENT_TYPES } from "../state/constants.js";
import type { AgentType, DecisionType, SessionState } from "../state/schema.js";
import { pushAll } from "../arrays.js";

export const EVIDENCE_KEY = "handoffMigrated";

interface Section {
  level: number;
  title: string;
  /** Titles of the enclosing headings, outermost first. */
  path: string[];
  /** The heading line itself ("" for the text before the first heading). */
  heading: string;
  lines: string[];
}

export interface PlannedDecision {
  type: DecisionType;
  description: string;
  rationale: string;
  decidedBy: AgentType;
  approvedBy: AgentType[];
  rejectedBy: AgentType[];
  section: string;
  id?: string;
}

export interface PlannedHandoff {
  fromAgent: AgentType;
  toAgent: AgentType;
  reason: string;
  context: string;
  artifacts: string[];
  preservedContext: Record<string, unknown>;
}

export interface MigrationReport {
  ok: true;
  dryRun: boolean;
  /** True when this content was migrated before: nothing was (or would be) written. */
  alreadyMigrated: boolean;
  source: string;
  sha256: string;
  sessionId: string;
  createdSession: boolean;
  decisions: PlannedDecision[];
  handoffs: PlannedHandoff[];
  contextNote: { file: string; sections: string[]; bytes: number };
  evidence: Record<string, string>;
  /** Headings and how each was migrated (decisions / handoffs / context). */
  sections: { section: string; to: string[] }[];
  followUp: string[];
}

const FENCE = /^\s{0,3}(```|~~~)/;
const DECISION_RE = /decision/i;
const NEXT_RE = /next\s+(steps?|actions?)|immediate\s+actions?|action\s+items?|open\s+(items?|questions?|tasks?)|blockers?|notes\s+for\s+(the\s+)?next\s+session|to-?dos?\b|pending\s+(work|items?|tasks?)|(open|related)\s+issues/i;
const ITEM = /^(\s{0,3})([-*+]|\d+[.)])\s+(.*)$/;
const AGENT_MENTION = new RegExp(`\\b(${AGENT_TYPES.join("|")})\\s+agent\\b`, "i");

// Linear time throughout (issue 33: a 2,800-level nested list took 48 s): no regular expression here
// backtracks over a run of white space (`\s+$` retried the run from each of its positions), so the
// trimming and the heading and table-separator tests are written out.

/** Line terminators `.` does not match: a heading line holding one in its title is none (as /^#{1,6}\s+(.*?)\s*#*\s*$/). */
const TERMINATOR = /[\r\u2028\u2029]/;

/** An ATX heading: `#{1,6}`, white space, the title, optional closing `#`s; or null. */
function heading(l: string): { level: number; title: string } | null {
  let n = 0;
  while (n < l.length && l.charCodeAt(n) === 35) n++;
  if (n < 1 || n > 6 || n >= l.length || l.slice(n, n + 1).trim() !== "") return null;
  let t = l.slice(n).trimEnd(); // trimEnd/trimStart strip what `\s` matches, in linear time
  let e = t.length;
  while (e > 0 && t.charCodeAt(e - 1) === 35) e--;
  t = t.slice(0, e).trim();
  return TERMINATOR.test(t) ? null : { level: n, title: t };
}

/** A table's delimiter row: cells of `:?-{2,}:?` between pipes, white space around them. */
function isSeparator(row: string): boolean {
  let t = row.trim();
  if (t.startsWith("|")) t = t.slice(1);
  if (t.endsWith("|")) t = t.slice(0, -1);
  return t.split("|").every((c) => /^:?-{2,}:?$/.test(c.trim()));
}

function splitSections(text: string): Section[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  const out: Section[] = [{ level: 0, title: "", path: [], heading: "", lines: [] }];
  const stack: { level: number; title: string }[] = [];
  let inFence = false;
  for (const l of lines) {
    if (FENCE.test(l)) inFence = !inFence;
    const h = inFence ? null : heading(l);
    if (h) {
      const level = h.level;
      while (stack.length && stack[stack.length - 1].level >= level) stack.pop();
      const title = h.title.replace(/\*\*/g, "").trim();
      out.push({ level, title, path: stack.map((s) => s.title), heading: l, lines: [] });
      stack.push({ level, title });
    } else out[out.length - 1].lines.push(l);
  }
  return out.filter((s, i) => i > 0 || s.lines.some((l) => l.trim() !== ""));
}

interface Block {
  kind: "item" | "table" | "text";
  lines: string[];
}

/** Top-level list items (with their continuation lines), tables, and other text, in order. */
function blocks(lines: string[]): Block[] {
  const out: Block[] = [];
  let inFence = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const last = out[out.length - 1];
    if (FENCE.test(l)) inFence = !inFence;
    if (inFence || FENCE.test(l)) {
      if (last && last.kind === "item" && /^\s+/.test(l)) last.lines.push(l);
      else if (last && last.kind === "text") last.lines.push(l);
      else out.push({ kind: "text", lines: [l] });
      continue;
    }
    const m = ITEM.exec(l);
    if (m && m[1].length <= 1) {
      out.push({ kind: "item", lines: [l] });
      continue;
    }
    if (last && last.kind === "item" && l.trim() !== "" && /^\s+/.test(l)) {
      last.lines.push(l);
      continue;
    }
    if (last && last.kind === "item" && l.trim() === "" && i + 1 < lines.length && /^\s{2,}\S/.test(lines[i + 1])) {
      last.lines.push(l);
      continue;
    }
    if (/^\s*\|/.test(l)) {
      if (last && last.kind === "table") last.lines.push(l);
      else out.push({ kind: "table", lines: [l] });
      continue;
    }
    if (last && last.kind === "text") last.lines.push(l);
    else out.push({ kind: "text", lines: [l] });
  }
  return out;
}

function cells(row: string): string[] {
  const t = row.trim().replace(/^\|/, "").replace(/\|$/, "");
  const out: string[] = [];
  let cur = "";
  for (let i = 0; i < t.length; i++) {
    if (t[i] === "\\" && t[i + 1] === "|") {
      cur += "|";
      i++;
    } else if (t[i] === "|") {
      out.push(cur.trim());
      cur = "";
    } else cur += t[i];
  }
  out.push(cur.trim());
  return out;
}

function artifactsOf(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/`([^`\s]+)`/g)) if (/[/\\]|\.[A-Za-z0-9]{1,5}$/.test(m[1]) && !/^(npx|git|gh|mcp__)/.test(m[1])) found.add(m[1]);
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) if (!/^https?:/.test(m[1])) found.add(m[1]);
  return [...found];
}

function toAgentOf(text: string): AgentType {
  const m = AGENT_MENTION.exec(text);
  return (m ? m[1].toLowerCase() : "orchestrator") as AgentType;
}

const unbold = (s: string) => s.replace(/\*\*(.+?)\*\*/g, "$1").trim();

/** A list item or cell that says there is nothing ("None" under Blockers, "N/A", "-"): no handoff (issue 40). */
function isNothing(text: string): boolean {
  return /^(-|—|none|n\/a|nothing|no blockers?|no open items?)?\.?$/i.test(unbold(text).trim());
}

export interface HandoffPlan {
  decisions: PlannedDecision[];
  handoffs: PlannedHandoff[];
  /** The context note's markdown body (verbatim sections that did not become decisions or handoffs). */
  context: string;
  contextSections: string[];
  sections: { section: string; to: string[] }[];
}

/** Classify a hand-off file's sections (pure: same text and source name → same plan). */
export function planHandoff(text: string, source: string): HandoffPlan {
  const decisions: PlannedDecision[] = [];
  const handoffs: PlannedHandoff[] = [];
  const ctx: string[] = [];
  const contextSections: string[] = [];
  const sections: { section: string; to: string[] }[] = [];
  for (const s of splitSections(text)) {
    const name = [...s.path, s.title].filter(Boolean).join(" > ") || "(preamble)";
    const chain = [...s.path, s.title].join(" / ");
    const isDecision = DECISION_RE.test(s.title) || s.path.some((p) => DECISION_RE.test(p));
    const isNext = !isDecision && NEXT_RE.test(chain);
    const kept: string[] = [];
    const to = new Set<string>();
    let moved = 0;
    for (const b of blocks(s.lines)) {
      const raw = b.lines.join("\n");
      if (b.kind === "item") {
        const first = ITEM.exec(b.lines[0])!;
        const done = /^\[[xX]\]/.test(first[3]);
        const head = first[3].replace(/^\[[ xX]\]\s*/, "");
        const full = [head, ...b.lines.slice(1)].join("\n").trimEnd();
        if (isDecision && !done) {
          const architectural = /\bADR\b|architect/i.test(`${s.title} ${head}`);
          decisions.push({
            type: architectural ? "architectural" : "technical",
            description: full,
            rationale: `Recorded in ${source} (section "${s.title}"); migrated by agentcheck session migrate-handoff.`,
            decidedBy: architectural ? "architect" : "orchestrator",
            approvedBy: [],
            rejectedBy: [],
            section: name,
          });
          to.add("decisions");
          moved++;
          continue;
        }
        if (isNext && !done && !isNothing(full)) {
          handoffs.push({
            fromAgent: "orchestrator",
            toAgent: toAgentOf(full),
            reason: unbold(head),
            context: full,
            artifacts: artifactsOf(full),
            preservedContext: { source, section: name, migratedFrom: "HANDOFF.md" },
          });
          to.add("handoffs");
          moved++;
          continue;
        }
      } else if (b.kind === "table" && b.lines.length >= 3 && isSeparator(b.lines[1])) {
        const header = cells(b.lines[0]);
        const nextCol = header.findIndex((h) => /next\s+(action|step)s?/i.test(unbold(h)));
        if (nextCol >= 0 || isNext) {
          const rest: string[] = [];
          let n = 0;
          for (const row of b.lines.slice(2)) {
            const c = cells(row);
            const action = nextCol >= 0 ? (c[nextCol] ?? "") : c.join(" | ");
            if (isNothing(action)) {
              rest.push(row);
              continue;
            }
            const rowObj: Record<string, string> = {};
            header.forEach((h, i) => (rowObj[unbold(h) || `column${i + 1}`] = c[i] ?? ""));
            handoffs.push({
              fromAgent: "orchestrator",
              toAgent: toAgentOf(action),
              reason: nextCol >= 0 ? `${unbold(c[0] ?? "")}: ${unbold(action)}` : unbold(action),
              context: row.trim(),
              artifacts: artifactsOf(row),
              preservedContext: { source, section: name, row: rowObj, migratedFrom: "HANDOFF.md" },
            });
            n++;
          }
          if (n > 0) {
            to.add("handoffs");
            moved += n;
            pushAll(kept, [b.lines[0], b.lines[1], ...rest]); // the header stays with the context (rows moved)
            continue;
          }
        }
      }
      kept.push(raw);
    }
    const keptText = kept.join("\n").replace(/^\n+/, "").trimEnd();
    if (keptText !== "" || moved === 0) {
      to.add("context");
      contextSections.push(name);
    }
    sections.push({ section: name, to: [...to].sort() });
    const parts: string[] = [];
    if (s.heading) parts.push(s.heading);
    if (moved > 0) parts.push(`<!-- ${moved} item${moved === 1 ? "" : "s"} of this section migrated to ${[...to].filter((t) => t !== "context").join(" and ")} -->`);
    if (keptText !== "") parts.push(keptText);
    ctx.push(parts.join("\n\n"));
  }
  return { decisions, handoffs, context: `${ctx.join("\n\n")}\n`, contextSections, sections };
}

export interface MigrateOptions {
  /** Workspace directory (default cwd); its worktree holds .agents/HANDOFF.md and the notes root. */
  cwd?: string;
  /** Hand-off file (default <worktree>/.agents/HANDOFF.md). */
  file?: string;
  notesDir?: string;
  /** Session to migrate into (default: the current one; created when there is none). */
  sessionId?: string;
  dryRun?: boolean;
  env?: NodeJS.ProcessEnv;
}

function contextNotePath(sha: string): string {
  return `sessions/handoff-migration-${sha.slice(0, 16)}`;
}

function renderContextNote(notePath: string, source: string, sha: string, sessionId: string, body: string): string {
  const title = notePath.slice(notePath.lastIndexOf("/") + 1);
  return [
    "---",
    `title: ${title}`,
    "type: session-context",
    `permalink: ${permalinkOf(notePath)}`,
    "tags:",
    "- session",
    "- handoff-migration",
    `source: ${source}`,
    `sha256: ${sha}`,
    `sessionId: ${sessionId}`,
    "---",
    "",
    `# Context migrated from ${source}`,
    "",
    `The sections of \`${source}\` that did not become decisions or handoffs of session \`${sessionId}\`, verbatim.`,
    "",
    body.replace(/\n*$/, "\n"),
  ].join("\n");
}

/** Plan (dry run) or perform the migration. */
export async function migrateHandoff(opts: MigrateOptions = {}): Promise<MigrationReport> {
  const store = new SessionStore({ cwd: opts.cwd, notesDir: opts.notesDir, env: opts.env });
  const { worktreeRoot } = await import("../state/paths.js");
  const worktree = worktreeRoot(opts.cwd ?? process.cwd());
  const abs = opts.file ? resolve(opts.cwd ?? process.cwd(), opts.file) : resolve(worktree, HANDOFF_FILE);
  const rel = (p: string) => {
    const r = relative(worktree, p);
    return (r.startsWith("..") || isAbsolute(r) ? p : r).split("\\").join("/");
  };
  const source = rel(abs);
  let text: string;
  try {
    // confined to the worktree: a HANDOFF.md that links out of it (a secret, /proc/self/environ) is
    // refused before anything is read, and its target is never named
    text = readTextOrThrow(abs, { maxBytes: DEFAULT_READ_LIMIT, root: worktree });
  } catch (e) {
    const c = (e as NodeJS.ErrnoException).code;
    if (c === "ENOENT") throw new StateError("NOT_FOUND", `no hand-off file ${source}`, { file: source });
    throw new StateError("IO_ERROR", `cannot read ${source}: ${(e as Error).message}`);
  }
  const sha = createHash("sha256").update(text).digest("hex");
  const plan = planHandoff(text, source);
  const notePath = contextNotePath(sha);
  const noteFile = rel(store.notes.file(notePath));

  // which session: --session, else the current one, else a new one
  let sessionId = opts.sessionId;
  let createdSession = false;
  let existing: SessionState | undefined;
  if (sessionId === undefined) {
    try {
      sessionId = store.notes.readPointer();
    } catch (e) {
      if (!(e instanceof StateError) || e.code !== "NO_CURRENT_SESSION") throw e;
    }
  }
  if (sessionId !== undefined) {
    try {
      existing = store.getSync(store.resolveId(sessionId));
    } catch (e) {
      // an explicitly named session that does not exist yet is created (a dangling pointer is an error)
      if (!(e instanceof StateError) || e.code !== "NOT_FOUND" || opts.sessionId === undefined) throw e;
      createdSession = true;
    }
  } else {
    sessionId = `migrated-handoff-${sha.slice(0, 12)}`;
    createdSession = true;
  }

  // done before? (the hash names the context note, and is evidence in the session it went to)
  const priorNote = store.notes.readText(notePath);
  const priorSession = priorNote ? /^sessionId: (.+)$/m.exec(priorNote)?.[1]?.trim() : undefined;
  const inState = existing?.protocolStartEvidence[EVIDENCE_KEY] === sha;
  const report: MigrationReport = {
    ok: true,
    dryRun: !!opts.dryRun,
    alreadyMigrated: !!priorNote || inState,
    source,
    sha256: sha,
    sessionId: priorSession ?? sessionId,
    createdSession: false,
    decisions: plan.decisions,
    handoffs: plan.handoffs,
    contextNote: { file: noteFile, sections: plan.contextSections, bytes: 0 },
    evidence: { [EVIDENCE_KEY]: sha },
    sections: plan.sections,
    followUp: [],
  };
  const noteText = renderContextNote(notePath, source, sha, report.sessionId, plan.context);
  report.contextNote.bytes = Buffer.byteLength(noteText);
  // refused before anything is written: a state committed without its context note would be a
  // half migration that every later run takes as done (the note's writer refuses it anyway)
  if (report.contextNote.bytes > NOTE_MAX_BYTES) {
    throw new StateError("INVALID_INPUT", `${source}: the context note would be ${report.contextNote.bytes} bytes, over the ${NOTE_MAX_BYTES}-byte limit of a note; nothing was written (move the largest sections of ${source} into files of their own and link them)`, { bytes: report.contextNote.bytes, limit: NOTE_MAX_BYTES });
  }
  report.followUp = [
    `Review the context note ${noteFile} and the session state (agentcheck session --session ${report.sessionId} get-state, or agentcheck state show).`,
    `${source} was not deleted: remove it yourself once reviewed (git rm ${source}).`,
    "Drop the 'read HANDOFF.md' step from the session protocol (e.g. .agents/SESSION-PROTOCOL.md); session context now lives in the session state.",
  ];
  if (report.alreadyMigrated) {
    report.decisions = [];
    report.handoffs = [];
    report.followUp.unshift(`Nothing to do: this content (sha256 ${sha.slice(0, 12)}…) was already migrated${priorSession ? ` into session ${priorSession}` : ""}.`);
    if (!priorNote && !opts.dryRun) store.notes.writeAtomic(notePath, noteText); // finish an interrupted run
    return report;
  }
  report.createdSession = createdSession;
  if (opts.dryRun) return report;

  await store.notes.withLock(notePath, async () => {
    if (createdSession) await store.create(sessionId!, { makeCurrent: true });
    const r = await store.transact(sessionId, (d, tx) => {
      if (d.protocolStartEvidence[EVIDENCE_KEY] === sha) {
        tx.changed = false; // a concurrent run got here first
        return;
      }
      const wf = d.orchestratorWorkflow ?? (d.orchestratorWorkflow = newWorkflow(tx.now));
      for (const pd of report.decisions) {
        pd.id = randomUUID();
        wf.decisions.push({
          id: pd.id, type: pd.type, description: pd.description, rationale: pd.rationale, decidedBy: pd.decidedBy,
          approvedBy: [], rejectedBy: [], timestamp: tx.now,
        });
      }
      for (const h of report.handoffs) wf.pendingHandoffs.push({ ...h, createdAt: tx.now });
      d.protocolStartEvidence[EVIDENCE_KEY] = sha;
    });
    if (!r.committed) {
      report.alreadyMigrated = true;
      report.decisions = [];
      report.handoffs = [];
    }
    store.notes.writeAtomic(notePath, noteText);
  });
  return report;
}

/** Human summary (stderr) of a report. */
export function describeMigration(r: MigrationReport): string {
  const L: string[] = [];
  const verb = r.dryRun ? "would write" : "wrote";
  if (r.alreadyMigrated) L.push(`${r.source}: already migrated (sha256 ${r.sha256.slice(0, 12)}…) into session ${r.sessionId}; nothing written.`);
  else {
    L.push(`${r.source} -> session ${r.sessionId}${r.createdSession ? (r.dryRun ? " (would be created)" : " (created)") : ""}:`);
    L.push(`  ${verb} ${r.decisions.length} decision(s), ${r.handoffs.length} pending handoff(s), context note ${r.contextNote.file} (${r.contextNote.sections.length} section(s))`);
    for (const s of r.sections) L.push(`  - ${s.section}: ${s.to.join(", ")}`);
  }
  L.push("Follow-up:");
  r.followUp.forEach((f, i) => L.push(`  ${i + 1}. ${f}`));
  return `${L.join("\n")}\n`;
}
