// Observed evidence (issue 40 item 4): what the agent actually did, as Claude Code's PostToolUse hook
// reports it, instead of what it asserts. Pure: a tool call in, the protocol steps it is evidence of
// out; the start steps a repository requires; which of them still lack evidence. The hook
// (src/state/observe-hook.ts) gathers the facts and writes; SessionStart asks the same functions.
//
// Evidence is kept in the session state's protocolStartEvidence under `observed.<step>`, one string
// `<ISO time> <tool> <detail>`: the first call that did the step (later calls change nothing, so a
// session's evidence does not move with every tool call).

/** The steps a tool call can be evidence of. */
export const OBSERVED_STEPS = ["memories", "handoff", "protocol", "skills", "validator"] as const;
export type ObservedStep = (typeof OBSERVED_STEPS)[number];

/** Steps that belong to the session-start protocol (`validator` is end-protocol evidence). */
export const START_STEPS: readonly ObservedStep[] = ["memories", "handoff", "protocol", "skills"];

/** What each start step asks of the agent (the SessionStart context and the gate's deny reason). */
export const START_STEP_TEXT: Record<ObservedStep, string> = {
  memories: "read the project memories (mcp__serena__list_memories / read_memory, or Read a file in the memories folder)",
  handoff: "read the hand-off file (.agents/HANDOFF.md)",
  protocol: "read the session protocol (SESSION-PROTOCOL.md)",
  skills: "list the skills (Glob or ls in the skills folder)",
  validator: "run a validator (agentcheck check / session-log / pre-pr …)",
};

export const EVIDENCE_PREFIX = "observed.";
export const evidenceKey = (step: ObservedStep): string => `${EVIDENCE_PREFIX}${step}`;

/** Where the repository keeps what the steps read (repo-relative, forward slashes). */
export interface ObservePaths {
  memories: string;
  skills: string;
  handoff: string;
  protocol: string;
}

/** One observation: the step and a short detail (the memory or file read, the command run). */
export interface Observation {
  step: ObservedStep;
  detail: string;
}

const clip = (s: string, n = 120): string => {
  const one = s.replace(/[\x00-\x1f\x7f]+/g, " ").trim();
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
};

/** `p` relative to the repository root, forward slashes ("" when outside it). */
export function repoRelative(p: string, root: string): string {
  const f = p.replace(/\\/g, "/");
  const r = root.replace(/\\/g, "/").replace(/\/+$/, "");
  if (f.startsWith(`${r}/`)) return f.slice(r.length + 1);
  if (f.startsWith("/") || /^[A-Za-z]:\//.test(f)) return "";
  return f.replace(/^\.\//, "");
}

const norm = (d: string): string => d.replace(/\\/g, "/").replace(/^\.\//, "").replace(/\/+$/, "");
const under = (rel: string, dir: string): boolean => {
  const d = norm(dir);
  return d === "." || d === "" ? rel !== "" : rel === d || rel.startsWith(`${d}/`);
};
const baseName = (p: string): string => p.slice(p.lastIndexOf("/") + 1);

/** Serena's memory tools under any server name that contains "serena" (as the gate allows them). */
const SERENA_MEMORY_RE = /^mcp__[A-Za-z0-9_-]*serena[A-Za-z0-9_-]*__(list_memories|read_memory)$/;
/** A validator run from the shell: agentcheck (any launcher) or the upstream validation scripts. */
const VALIDATOR_RE = /(?:^|[\s;&|(/])agentcheck(?:\.js)?["']?\s+(check|session-log|session\s+end|pre-pr|memory-index|consistency|traceability|phase\s+(?:gate|validate))\b|scripts\/validat\w*\/?\w*\.(?:py|ps1)\b|\bvalidate[_-]session\w*\.(?:py|ps1)\b/;
/** A shell command that lists a folder. */
const LISTING_RE = /(?:^|[\s;&|(])(ls|find|tree|fd|dir)(?:\s|$)/;

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/**
 * The protocol steps one tool call is evidence of (pure). `input` is the hook's `tool_input`; paths
 * in it may be absolute (Claude Code sends absolute paths) or repo-relative.
 */
export function observe(tool: string, input: unknown, root: string, paths: ObservePaths): Observation[] {
  const ti = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
  const out: Observation[] = [];
  const m = SERENA_MEMORY_RE.exec(tool);
  if (m) {
    const name = str(ti.memory_file_name) || str(ti.memory_name) || str(ti.name);
    out.push({ step: "memories", detail: clip(m[1] === "read_memory" ? name || "(memory)" : "(listing)") });
    return out;
  }
  if (tool === "Read" || tool === "Glob" || tool === "Grep" || tool === "LS") {
    const p = str(ti.file_path) || str(ti.path);
    const rel = p ? repoRelative(p, root) : "";
    const pattern = str(ti.pattern);
    if (tool === "Read") {
      if (rel && under(rel, paths.memories)) out.push({ step: "memories", detail: clip(rel) });
      if (rel && (rel === norm(paths.handoff) || baseName(rel) === baseName(paths.handoff))) out.push({ step: "handoff", detail: clip(rel) });
      if (rel && (rel === norm(paths.protocol) || baseName(rel) === baseName(paths.protocol))) out.push({ step: "protocol", detail: clip(rel) });
      return out;
    }
    // a listing or a search: in the memories folder (the memory index) or the skills folder
    const where = rel || (tool === "Glob" ? repoRelative(pattern, root) : "");
    const target = where ? (tool === "Glob" && pattern && rel ? `${rel}/${pattern}` : where) : pattern;
    if (target && under(norm(target), paths.skills)) out.push({ step: "skills", detail: clip(target) });
    else if (target && under(norm(target), paths.memories)) out.push({ step: "memories", detail: clip(target) });
    return out;
  }
  if (tool === "Bash") {
    const cmd = str(ti.command);
    if (cmd === "") return out;
    if (VALIDATOR_RE.test(cmd)) out.push({ step: "validator", detail: clip(cmd) });
    if (LISTING_RE.test(cmd) && cmd.includes(norm(paths.skills))) out.push({ step: "skills", detail: clip(cmd) });
    return out;
  }
  if (tool === "Skill") out.push({ step: "skills", detail: clip(str(ti.skill) || str(ti.command) || "(skill)") });
  return out;
}

/** The evidence text of one observation. */
export const evidenceText = (at: string, tool: string, o: Observation): string => clip(`${at} ${tool} ${o.detail}`, 300);

/**
 * The start protocol a repository asks for: `steps` given by its protocol (a preset, its
 * SESSION-PROTOCOL.md: issue 40 item 3 feeds it); undefined means the built-in protocol.
 */
export interface StartProtocol {
  steps?: readonly ObservedStep[];
}

/** What the repository holds that a start step would read (the built-in protocol asks only for those). */
export interface StartFacts {
  memories: boolean;
  handoff: boolean;
  protocol: boolean;
  skills: boolean;
}

/**
 * The start steps that need evidence before protocolStartComplete: the protocol's own list when it
 * gives one; otherwise the built-in one, each step only when the repository holds what it reads (a
 * repository without a hand-off file cannot ask for it to be read).
 */
export function startStepsRequired(protocol: StartProtocol | undefined, facts: StartFacts): ObservedStep[] {
  if (protocol?.steps) return protocol.steps.filter((s) => (START_STEPS as readonly string[]).includes(s));
  return START_STEPS.filter((s) => facts[s as keyof StartFacts]);
}

/** The required steps without evidence yet, in order. */
export function missingStartSteps(required: readonly ObservedStep[], evidence: Record<string, string>): ObservedStep[] {
  return required.filter((s) => typeof evidence[evidenceKey(s)] !== "string" || evidence[evidenceKey(s)] === "");
}

/**
 * Record observations into a state's start evidence (pure; mutates `evidence`, returns whether it
 * changed anything and whether the start protocol is now complete). The first observation of a step
 * is kept; `completedAt` is set when the last required step gets its evidence.
 */
export function applyObservations(
  d: { protocolStartComplete: boolean; protocolStartEvidence: Record<string, string> },
  observations: readonly Observation[],
  tool: string,
  required: readonly ObservedStep[],
  now: string,
): { changed: boolean; completed: boolean } {
  let changed = false;
  for (const o of observations) {
    const k = evidenceKey(o.step);
    if (typeof d.protocolStartEvidence[k] === "string" && d.protocolStartEvidence[k] !== "") continue;
    d.protocolStartEvidence[k] = evidenceText(now, tool, o);
    changed = true;
  }
  let completed = false;
  if (!d.protocolStartComplete && missingStartSteps(required, d.protocolStartEvidence).length === 0) {
    d.protocolStartComplete = true;
    d.protocolStartEvidence.startStepsObserved = required.length > 0 ? required.join(",") : "(none required)";
    d.protocolStartEvidence.completedAt = now;
    changed = true;
    completed = true;
  }
  return { changed, completed };
}
