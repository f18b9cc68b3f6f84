// State manager of the per-session manifests (state.json v2, specs/session-formats.md §1). Every write
// is a transaction through the session-state store's machinery (src/state/store.ts): exclusive lock
// file per manifest (stale-lock breaking, backoff), re-read under the lock, mutate a copy, check the
// result (zod schema + the WASM manifest invariants), atomic replace (temp + fsync + rename).
// Errors are StateErrors, so the CLI maps them to the session commands' exit codes.
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdirConfined } from "../fswrite.js";
import { join, resolve } from "node:path";
import type { StoreOptions } from "../state/store.js";
import { FileStore } from "./file-store.js";

export { FileStore };
import { StateError } from "../state/errors.js";
import { worktreeRoot } from "../state/paths.js";
import { gitRaw } from "../git-run.js";
import { contentEvidence } from "../evidence/record.js";
import {
  ARTIFACTS, PHASES, SESSION_ID_RE, SESSION_TYPES, SHA_RE, STATUSES, STEP_PHASES,
  type Phase, type SessionManifest, type SessionStatus, type SessionType, type StepPhase,
} from "./schema.js";
import { checkManifestContent } from "../validators/manifest.js";
import { MANIFEST_SESSIONS_DIR } from "../config-paths.js";
import { maxOf } from "../arrays.js";

export interface ManagerOptions extends StoreOptions {
  /** Workspace (working directory) holding agents/sessions/ (default: the worktree root of cwd). */
  root?: string;
  /** Clock (tests, benches). */
  now?: () => Date;
  /** Verify commit shas with git when the workspace is a repository (default true). */
  verifyCommits?: boolean;
}

export interface CreateInput {
  topic: string;
  description?: string;
  sessionType?: SessionType;
  /** Folder name; default `<date>_<topic slug>_<6 hex>`. */
  id?: string;
  checkpoints?: number;
  branch?: string;
  baseBranch?: string;
  worktree?: string | null;
}

export interface TransitionOptions {
  /** Allow a skip or a backward move; it is recorded in `overrides`. */
  force?: boolean;
  reason?: string;
}

/** Lower-case words joined by '-', at most 48 characters; "session" when nothing is left. */
export function slugify(topic: string): string {
  const s = topic.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 48).replace(/-+$/, "");
  return s || "session";
}

export function newSessionId(topic: string, now: Date, suffix = randomBytes(3).toString("hex")): string {
  return `${now.toISOString().slice(0, 10)}_${slugify(topic)}_${suffix}`;
}

export const SPEC_TEMPLATE = (m: SessionManifest) => `# ${m.topic}

${m.description || "_Short description of the session._"}

## Goals

- [ ] _What this session must achieve._

## Open Questions

- [ ] _A question to answer_ (answered: \`- [x] question → answer\`)

## Key Decisions

<!-- ### <decision>
**Rationale**: why
**Made**: when / by whom -->
`;

export const PLAN_TEMPLATE = (m: SessionManifest) => ({
  session_id: m.session_id,
  checkpoints: Array.from({ length: m.build_progress.checkpoints_total }, (_, i) => ({ id: i + 1, title: "", tasks: [] as string[] })),
});

export const PLAN_MD_TEMPLATE = (m: SessionManifest) => `# Plan: ${m.topic}

${m.build_progress.checkpoints_total === 0 ? "_No checkpoints yet._\n" : Array.from({ length: m.build_progress.checkpoints_total }, (_, i) => `## Checkpoint ${i + 1}\n\n- [ ] _task_\n`).join("\n")}`;

const nextPhase = (p: Phase): Phase | undefined => PHASES[PHASES.indexOf(p) + 1];
const isStep = (p: Phase): p is StepPhase => (STEP_PHASES as readonly string[]).includes(p);

function invalid(msg: string, details?: Record<string, unknown>): StateError {
  return new StateError("INVALID_INPUT", msg, details);
}

export class ManifestManager {
  readonly root: string;
  readonly store: FileStore;
  private readonly clock: () => Date;
  private readonly verify: boolean;

  constructor(opts: ManagerOptions = {}) {
    this.root = resolve(opts.root ?? worktreeRoot(process.cwd()));
    const envTimeout = Number(process.env.AGENTCHECK_LOCK_TIMEOUT_MS);
    const lockTimeoutMs = opts.lockTimeoutMs ?? (Number.isFinite(envTimeout) && envTimeout > 0 ? envTimeout : undefined);
    this.store = new FileStore(this.root, { ...opts, lockTimeoutMs });
    this.clock = opts.now ?? (() => new Date());
    this.verify = opts.verifyCommits ?? true;
  }

  rel(id: string, file = "state.json"): string {
    return `${MANIFEST_SESSIONS_DIR}/${id}/${file}`;
  }

  dir(id: string): string {
    return join(this.root, MANIFEST_SESSIONS_DIR, id);
  }

  private checkId(id: string): void {
    if (typeof id !== "string" || !SESSION_ID_RE.test(id) || id.includes("..")) throw invalid(`invalid session id '${String(id).slice(0, 80)}'`);
  }

  // ------------------------------------------------------------------ reading

  /** Parse and validate a manifest (zod schema + invariants). NOT_FOUND, CORRUPT or SCHEMA_INVALID. */
  read(id: string): SessionManifest {
    this.checkId(id);
    const text = this.store.readText(this.rel(id));
    if (text === undefined) throw new StateError("NOT_FOUND", `no session manifest '${id}' (${this.rel(id)})`, { sessionId: id });
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      throw new StateError("CORRUPT", `${this.rel(id)} is not JSON: ${(e as Error).message}`, { sessionId: id });
    }
    this.assertValid(value, id, "SCHEMA_INVALID", `session manifest '${id}' is invalid`);
    return value as SessionManifest;
  }

  private assertValid(value: unknown, id: string, code: "SCHEMA_INVALID" | "INVALID_INPUT", what: string): void {
    // the core decides (SM-002 interprets the JSON Schema rendered from SessionManifestSchema, SM-003..
    // the invariants): the same verdict as `check` gives for the file (zod's own date-time regex, for
    // one, refuses the lowercase 't'/'z' and the leap second RFC 3339 allows)
    const issues = checkManifestContent(value, id).filter((f) => f.severity === "error").map((f) => ({ path: f.ruleId, message: f.message }));
    if (!issues.length && (value as SessionManifest).session_id !== id) issues.push({ path: "session_id", message: `is not the folder name '${id}'` });
    if (issues.length) throw new StateError(code, `${what}: ${issues.slice(0, 3).map((i) => `${i.path}: ${i.message}`).join("; ")}`, { issues });
  }

  /** Session folder names with a state.json, sorted. */
  ids(): string[] {
    try {
      return readdirSync(join(this.root, MANIFEST_SESSIONS_DIR), { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(join(this.root, MANIFEST_SESSIONS_DIR, d.name, "state.json")))
        .map((d) => d.name)
        .sort();
    } catch {
      return [];
    }
  }

  // ------------------------------------------------------------------ writing

  private now(prev?: string): string {
    const t = this.clock();
    // never move updated_at backwards (clock skew between processes)
    if (prev && Date.parse(prev) > t.getTime()) return new Date(Date.parse(prev)).toISOString();
    return t.toISOString();
  }

  private render(m: SessionManifest): string {
    return `${JSON.stringify(m, null, 2)}\n`;
  }

  /** One transaction: lock, re-read, mutate a copy, check, atomic replace. */
  async update(id: string, mutate: (m: SessionManifest, now: string) => void): Promise<SessionManifest> {
    this.checkId(id);
    return this.store.withLock(this.rel(id), () => {
      const cur = this.read(id);
      const next = structuredClone(cur);
      const now = this.now(cur.updated_at);
      mutate(next, now);
      next.updated_at = now;
      this.assertValid(next, id, "INVALID_INPUT", "the change would make the manifest invalid");
      this.store.writeAtomic(this.rel(id), this.render(next));
      return next;
    });
  }

  async create(input: CreateInput): Promise<SessionManifest> {
    if (typeof input.topic !== "string" || input.topic.trim() === "") throw invalid("a topic is required");
    const type = input.sessionType ?? "full";
    if (!(SESSION_TYPES as readonly string[]).includes(type)) throw invalid(`unknown session type '${type}' (one of ${SESSION_TYPES.join(", ")})`, { type, allowed: [...SESSION_TYPES] });
    const total = input.checkpoints ?? 0;
    if (!Number.isSafeInteger(total) || total < 0) throw invalid(`checkpoints must be a whole number >= 0, got ${input.checkpoints}`);
    const nowDate = this.clock();
    const id = input.id ?? newSessionId(input.topic, nowDate);
    this.checkId(id);
    const now = nowDate.toISOString();
    const git = this.gitInfo();
    const m: SessionManifest = {
      session_id: id,
      topic: input.topic.trim(),
      description: input.description ?? "",
      session_type: type,
      created_at: now,
      updated_at: now,
      current_phase: "spec",
      status: "active",
      phase_history: {
        spec_started_at: now, spec_completed_at: null, plan_started_at: null, plan_completed_at: null,
        build_started_at: null, build_completed_at: null, docs_started_at: null, docs_completed_at: null,
      },
      build_progress: { checkpoints_total: total, checkpoints_completed: [], current_checkpoint: null },
      git: { branch: input.branch ?? git.branch, worktree: input.worktree ?? null, base_branch: input.baseBranch ?? "main" },
      commits: [],
      artifacts: { ...ARTIFACTS },
    };
    this.assertValid(m, id, "INVALID_INPUT", "cannot create the manifest");
    const dir = this.dir(id);
    try {
      // exclusive: an existing folder is never reused; confined: never created through a link out
      mkdirConfined(dir, { ...this.store.confine, exclusive: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "EEXIST") throw new StateError("ALREADY_EXISTS", `session folder '${id}' already exists`, { sessionId: id });
      throw new StateError("IO_ERROR", `cannot create ${dir}: ${(e as Error).message}`);
    }
    await this.store.withLock(this.rel(id), () => {
      this.store.writeAtomic(this.rel(id, ARTIFACTS.spec), SPEC_TEMPLATE(m));
      this.store.writeAtomic(this.rel(id, ARTIFACTS.plan), `${JSON.stringify(PLAN_TEMPLATE(m), null, 2)}\n`);
      this.store.writeAtomic(this.rel(id, ARTIFACTS.plan_readable), PLAN_MD_TEMPLATE(m));
      this.store.writeAtomic(this.rel(id), this.render(m)); // last: a manifest implies its artifacts
    });
    return m;
  }

  /** Move to the next phase only; `force` allows skips and backward moves and records them. */
  transition(id: string, to: string, opts: TransitionOptions = {}): Promise<SessionManifest> {
    if (!(PHASES as readonly string[]).includes(to)) throw invalid(`unknown phase '${to}' (one of ${PHASES.join(", ")})`, { phase: to, phases: [...PHASES], allowed: [...PHASES] });
    const target = to as Phase;
    return this.update(id, (m, now) => {
      const from = m.current_phase;
      const allowed = nextPhase(from);
      const h = m.phase_history;
      if (target === allowed) {
        if (isStep(from) && h[`${from}_completed_at`] === null) h[`${from}_completed_at`] = now;
        if (isStep(target)) h[`${target}_started_at`] = now;
      } else {
        if (target === from) throw new StateError("POLICY_VIOLATION", `the session is already in phase '${from}'`, { from, to: target, allowed: allowed ?? null });
        if (!opts.force) {
          throw new StateError(
            "POLICY_VIOLATION",
            allowed
              ? `cannot move from '${from}' to '${target}': the next phase is '${allowed}' (--force overrides, and is recorded)`
              : `cannot move from '${from}' to '${target}': '${from}' is the last phase (--force overrides, and is recorded)`,
            { from, to: target, allowed: allowed ?? null },
          );
        }
        const fi = PHASES.indexOf(from);
        const ti = PHASES.indexOf(target);
        if (ti > fi) {
          // forced skip: the phases passed over are stamped as started and completed now
          for (let i = fi; i < ti; i++) {
            const p = PHASES[i];
            if (!isStep(p)) continue;
            if (h[`${p}_started_at`] === null) h[`${p}_started_at`] = now;
            if (h[`${p}_completed_at`] === null) h[`${p}_completed_at`] = now;
          }
          if (isStep(target)) h[`${target}_started_at`] = now;
        } else {
          // forced move back: the target is reopened, later phases are cleared
          for (let i = ti + 1; i < PHASES.length; i++) {
            const p = PHASES[i];
            if (!isStep(p)) continue;
            h[`${p}_started_at`] = null;
            h[`${p}_completed_at`] = null;
          }
          if (isStep(target)) {
            h[`${target}_completed_at`] = null;
            if (h[`${target}_started_at`] === null) h[`${target}_started_at`] = now;
          }
        }
        (m.overrides ??= []).push({ from, to: target, at: now, reason: opts.reason ?? "" });
      }
      m.current_phase = target;
      if (target === "complete") m.status = "complete";
      else if (m.status === "complete") m.status = "active";
    });
  }

  /** Mark the current phase completed (the transition to the next one follows separately). */
  completePhase(id: string, phase?: string): Promise<SessionManifest> {
    return this.update(id, (m, now) => {
      const p = (phase ?? m.current_phase) as Phase;
      if (!(PHASES as readonly string[]).includes(p)) throw invalid(`unknown phase '${p}' (one of ${PHASES.join(", ")})`, { phase: p, allowed: [...PHASES] });
      if (p !== m.current_phase) throw new StateError("POLICY_VIOLATION", `only the current phase '${m.current_phase}' can be completed, not '${p}'`, { current: m.current_phase, phase: p });
      if (!isStep(p)) throw new StateError("POLICY_VIOLATION", "'complete' has nothing to complete");
      if (m.phase_history[`${p}_completed_at`] !== null) throw new StateError("POLICY_VIOLATION", `phase '${p}' is already completed`);
      m.phase_history[`${p}_completed_at`] = now;
    });
  }

  private checkpointNo(n: number, total: number): void {
    if (!Number.isSafeInteger(n) || n < 1 || n > total) {
      throw invalid(total === 0 ? `checkpoint ${n} is out of range: the session has no checkpoints (set them with \`manifest checkpoint <id> total <n>\`)` : `checkpoint ${n} is out of range 1..${total}`, { checkpoint: n, total });
    }
  }

  setCheckpointTotal(id: string, total: number): Promise<SessionManifest> {
    return this.update(id, (m) => {
      if (!Number.isSafeInteger(total) || total < 0) throw invalid(`checkpoints total must be a whole number >= 0, got ${total}`);
      const used = Math.max(maxOf(m.build_progress.checkpoints_completed, 0), m.build_progress.current_checkpoint ?? 0, maxOf(m.commits.map((c) => c.checkpoint ?? 0), 0));
      if (total < used) throw invalid(`checkpoints total ${total} is below checkpoint ${used}, which is already in use`);
      m.build_progress.checkpoints_total = total;
    });
  }

  startCheckpoint(id: string, n: number): Promise<SessionManifest> {
    return this.update(id, (m) => {
      const bp = m.build_progress;
      this.checkpointNo(n, bp.checkpoints_total);
      if (bp.checkpoints_completed.includes(n)) throw invalid(`checkpoint ${n} is already completed`, { checkpoint: n });
      bp.current_checkpoint = n;
    });
  }

  /** Add to checkpoints_completed; current_checkpoint advances to the next open checkpoint (or null). */
  completeCheckpoint(id: string, n: number): Promise<SessionManifest> {
    return this.update(id, (m) => {
      const bp = m.build_progress;
      this.checkpointNo(n, bp.checkpoints_total);
      if (bp.checkpoints_completed.includes(n)) throw invalid(`checkpoint ${n} is already completed`, { checkpoint: n });
      bp.checkpoints_completed.push(n);
      bp.checkpoints_completed.sort((a, b) => a - b);
      if (bp.current_checkpoint === null || bp.current_checkpoint === n) {
        let next: number | null = null;
        for (let i = 1; i <= bp.checkpoints_total && next === null; i++) {
          const c = ((n - 1 + i) % bp.checkpoints_total) + 1; // after n first, then wrap to earlier open ones
          if (!bp.checkpoints_completed.includes(c)) next = c;
        }
        bp.current_checkpoint = next;
      }
    });
  }

  /** Resolve a commit in the workspace's repository: full sha and subject, or undefined outside git. */
  resolveCommit(sha: string): { sha: string; subject: string } | undefined {
    if (!this.verify) return undefined;
    const inside = gitRaw(this.root, ["rev-parse", "--is-inside-work-tree"]);
    if (inside.status !== 0 || inside.stdout.toString().trim() !== "true") return undefined;
    const r = gitRaw(this.root, ["log", "-1", "--format=%H%x00%s", `${sha}^{commit}`, "--"]);
    if (r.status !== 0) throw invalid(`commit '${sha}' is not in the repository at ${this.root}`, { sha });
    const [full, subject] = r.stdout.toString("utf8").trim().split("\0");
    return { sha: full, subject: subject ?? "" };
  }

  async addCommit(id: string, sha: string, message?: string, checkpoint?: number | null): Promise<SessionManifest> {
    this.checkId(id);
    const raw = String(sha ?? "").trim();
    const s = SHA_RE.test(raw.toLowerCase()) ? raw.toLowerCase() : raw;
    if (s === "" || s.startsWith("-")) throw invalid(`'${sha}' is not a commit`, { sha });
    const found = this.resolveCommit(s); // outside the lock: git may be slow
    if (!found && !SHA_RE.test(s)) throw invalid(`'${sha}' is not a commit sha (7 to 64 hex digits; refs resolve only inside a git repository)`, { sha });
    // what verification needs after the commit's branch is gone (issue 35): the blobs it wrote
    const content = found ? contentEvidence(this.root, undefined, found.sha) : undefined;
    return this.update(id, (m, now) => {
      const cp = checkpoint ?? null;
      if (cp !== null) this.checkpointNo(cp, m.build_progress.checkpoints_total);
      const full = found?.sha ?? s;
      if (m.commits.some((c) => c.sha === full || (full.startsWith(c.sha) || c.sha.startsWith(full)))) {
        throw new StateError("ALREADY_EXISTS", `commit ${full.slice(0, 12)} is already recorded`, { sha: full });
      }
      m.commits.push({ sha: full, message: message ?? found?.subject ?? "", checkpoint: cp, created_at: now, ...(content ? { content_evidence: content } : {}) });
    });
  }

  setStatus(id: string, status: string): Promise<SessionManifest> {
    if (!(STATUSES as readonly string[]).includes(status)) throw invalid(`unknown status '${status}' (one of ${STATUSES.join(", ")})`, { status, allowed: [...STATUSES] });
    return this.update(id, (m) => {
      if (status === "complete" && m.current_phase !== "complete") {
        throw new StateError("POLICY_VIOLATION", `status 'complete' needs phase 'complete' (current: '${m.current_phase}'); move through the phases with \`manifest phase\``);
      }
      if (status !== "complete" && m.current_phase === "complete") {
        throw new StateError("POLICY_VIOLATION", `the session is complete; status '${status}' needs a forced move back to an earlier phase first`);
      }
      m.status = status as SessionStatus;
    });
  }

  setGit(id: string, g: { branch?: string; worktree?: string | null; baseBranch?: string }): Promise<SessionManifest> {
    if (g.branch === undefined && g.worktree === undefined && g.baseBranch === undefined) throw invalid("nothing to change: give a branch, a worktree or a base branch");
    return this.update(id, (m) => {
      if (g.branch !== undefined) m.git.branch = g.branch;
      if (g.worktree !== undefined) m.git.worktree = g.worktree;
      if (g.baseBranch !== undefined) m.git.base_branch = g.baseBranch;
    });
  }

  private gitInfo(): { branch: string } {
    try {
      const r = gitRaw(this.root, ["rev-parse", "--abbrev-ref", "HEAD"]);
      if (r.status === 0) return { branch: r.stdout.toString().trim() };
    } catch {
      /* no git */
    }
    return { branch: "" };
  }

  /** Newest modification time of a session's files (for the index). */
  mtime(id: string): number {
    return statSync(join(this.dir(id), "state.json")).mtimeMs;
  }
}
