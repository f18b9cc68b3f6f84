// Observed evidence (issue 40 item 4): what the agent actually did, as Claude Code's PostToolUse hook
// reports it, instead of what it asserts. Pure: a tool call in, the protocol steps it is evidence of
// out; the start steps a repository requires; which of them still lack evidence. The hook
// (src/state/observe-hook.ts) gathers the facts and writes; SessionStart asks the same functions.
//
// Evidence is kept in the session state's protocolStartEvidence under `observed.<step>`, one string
// `<ISO time> <tool> <detail>`: the first call that did the step (later calls change nothing, so a
// session's evidence does not move with every tool call).

/** The built-in steps a tool call can be evidence of. */
export const OBSERVED_STEPS = ["memories", "handoff", "protocol", "skills", "validator"] as const;
export type BuiltinStep = (typeof OBSERVED_STEPS)[number];
/**
 * A step's key: a built-in step, or `step<n>` for the n-th start step of the repository's own protocol
 * (its SESSION-PROTOCOL.md; repoStartSpecs in src/phase/repo-checklist.ts).
 */
export type ObservedStep = string;

/** Steps that belong to the session-start protocol (`validator` is end-protocol evidence). */
export const START_STEPS: readonly BuiltinStep[] = ["memories", "handoff", "protocol", "skills"];

/**
 * The kinds of evidence that tick a step, as the core maps a protocol's wording to them
 * (assembly/validators/session-protocol/step-evidence.ts). `record` is a step no tool call shows: only
 * an explicit record ticks it (`agentcheck session record-step`).
 */
export const EVIDENCE_KINDS = ["tool", "log", "list", "memory", "read", "git", "validator", "record"] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/** One required step: its key, the evidence that ticks it, and its wording. */
export interface StepSpec {
  key: ObservedStep;
  kind: EvidenceKind;
  /** The tool, folder, memory name or file the evidence must name ("" any). */
  arg: string;
  /** The step as the protocol words it. */
  text: string;
}

/** What each start step asks of the agent (the SessionStart context and the gate's deny reason). */
export const START_STEP_TEXT: Record<BuiltinStep, string> = {
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
  /** paths.sessions: where the session log is written (default .agents/sessions). */
  sessions?: string;
}

/** The built-in steps as specs (the evidence each needs). */
export function builtinSpecs(paths: ObservePaths, keys: readonly BuiltinStep[] = OBSERVED_STEPS): StepSpec[] {
  const spec: Record<BuiltinStep, Omit<StepSpec, "key" | "text">> = {
    memories: { kind: "memory", arg: "" },
    handoff: { kind: "read", arg: paths.handoff },
    protocol: { kind: "read", arg: paths.protocol },
    skills: { kind: "list", arg: paths.skills },
    validator: { kind: "validator", arg: "" },
  };
  return keys.map((k) => ({ key: k, ...spec[k], text: START_STEP_TEXT[k] }));
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
/** An MCP tool name: server and tool. */
const MCP_TOOL_RE = /^mcp__([A-Za-z0-9_-]+?)__([A-Za-z0-9_-]+)$/;
/** A validator run from the shell: agentcheck (any launcher) or the upstream validation scripts. */
const VALIDATOR_RE = /(?:^|[\s;&|(/])agentcheck(?:\.js)?["']?\s+(check|session-log|session\s+end|pre-pr|memory-index|consistency|traceability|phase\s+(?:gate|validate))\b|scripts\/validat\w*\/?\w*\.(?:py|ps1)\b|\bvalidate[_-]session\w*\.(?:py|ps1)\b/;
/** A shell command that lists a folder. */
const LISTING_RE = /(?:^|[\s;&|(])(ls|find|tree|fd|dir)(?:\s|$)/;
/** A shell command that asks git for the branch or the working tree's state. */
const GIT_QUERY_RE = /(?:^|[\s;&|(])git\s+(?:status|branch|rev-parse|log|show-branch)\b/;

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** What one tool call did, as the evidence kinds see it. `shell`: the target is a whole command line. */
export interface Act {
  kind: Exclude<EvidenceKind, "record">;
  target: string;
  detail: string;
  shell?: boolean;
}

/** The acts of one tool call (pure). */
function acts(tool: string, input: unknown, root: string, paths: ObservePaths): Act[] {
  const ti = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
  const out: Act[] = [];
  const m = SERENA_MEMORY_RE.exec(tool);
  if (m) {
    const name = str(ti.memory_file_name) || str(ti.memory_name) || str(ti.name);
    out.push({ kind: "memory", target: m[1] === "read_memory" ? name : "", detail: clip(m[1] === "read_memory" ? name || "(memory)" : "(listing)") });
  }
  if (MCP_TOOL_RE.test(tool)) {
    out.push({ kind: "tool", target: tool, detail: "(call)" });
    return out;
  }
  if (tool === "Read" || tool === "Glob" || tool === "Grep" || tool === "LS") {
    const p = str(ti.file_path) || str(ti.path);
    const rel = p ? repoRelative(p, root) : "";
    const pattern = str(ti.pattern);
    if (tool === "Read") {
      if (rel && under(rel, paths.memories)) out.push({ kind: "memory", target: baseName(rel).replace(/\.md$/i, ""), detail: clip(rel) });
      else if (rel) out.push({ kind: "read", target: rel, detail: clip(rel) });
      return out;
    }
    // a listing or a search: in the memories folder (the memory index) or any other folder
    const where = rel || (tool === "Glob" ? repoRelative(pattern, root) : "");
    const target = where ? (tool === "Glob" && pattern && rel ? `${rel}/${pattern}` : where) : pattern;
    if (target && under(norm(target), paths.memories)) out.push({ kind: "memory", target: "", detail: clip(target) });
    else if (target) out.push({ kind: "list", target: norm(target), detail: clip(target) });
    return out;
  }
  if (tool === "Bash") {
    const cmd = str(ti.command);
    if (cmd === "") return out;
    if (VALIDATOR_RE.test(cmd)) out.push({ kind: "validator", target: "", detail: clip(cmd) });
    if (LISTING_RE.test(cmd)) out.push({ kind: "list", target: cmd, detail: clip(cmd), shell: true });
    if (GIT_QUERY_RE.test(cmd)) out.push({ kind: "git", target: "", detail: clip(cmd) });
    return out;
  }
  if (tool === "Write") {
    const rel = repoRelative(str(ti.file_path), root);
    const dir = norm(paths.sessions ?? ".agents/sessions");
    if (rel && under(rel, dir) && !rel.slice(dir.length + 1).includes("/")) out.push({ kind: "log", target: rel, detail: clip(rel) });
    return out;
  }
  if (tool === "Skill") out.push({ kind: "list", target: norm(paths.skills), detail: clip(str(ti.skill) || str(ti.command) || "(skill)") });
  return out;
}

/** The same MCP tool: the tool names equal, the called server's name containing the one the step names. */
function sameMcpTool(called: string, named: string): boolean {
  const a = MCP_TOOL_RE.exec(called);
  const b = MCP_TOOL_RE.exec(named);
  return a !== null && b !== null && a[2] === b[2] && a[1].toLowerCase().includes(b[1].toLowerCase());
}

/** Whether one act is the evidence a step asks for (pure). */
function satisfies(spec: StepSpec, a: Act): boolean {
  if (spec.kind !== a.kind) return false;
  const arg = norm(spec.arg);
  switch (spec.kind) {
    case "tool":
      return sameMcpTool(a.target, spec.arg);
    case "memory":
      return arg === "" || (a.target !== "" && a.target.toLowerCase().includes(arg.toLowerCase()));
    case "read":
      return a.target === arg || baseName(a.target).toLowerCase() === baseName(arg).toLowerCase();
    case "list":
      return a.shell ? a.target.includes(arg) : under(a.target, arg);
    default:
      return true; // git, log, validator: the kind is the evidence
  }
}

/** Whether a tool call is evidence of anything at all (the hook reads no state otherwise). */

/**
 * The protocol steps one tool call is evidence of (pure). `input` is the hook's `tool_input`; paths
 * in it may be absolute (Claude Code sends absolute paths) or repo-relative. `specs`: the steps to
 * look for (default: the built-in ones).
 */
export function observe(tool: string, input: unknown, root: string, paths: ObservePaths, specs: readonly StepSpec[] = builtinSpecs(paths)): Observation[] {
  return observeActs(acts(tool, input, root, paths), specs);
}

/** What one tool call did (its acts), read once: the hook matches them against more than one list of steps. */
export const actsOf = (tool: string, input: unknown, root: string, paths: ObservePaths): readonly Act[] => acts(tool, input, root, paths);

/** The steps of `specs` that the acts of one tool call (actsOf) are evidence of. */
export function observeActs(done: readonly Act[], specs: readonly StepSpec[]): Observation[] {
  const out: Observation[] = [];
  for (const spec of specs) {
    const a = done.find((x) => satisfies(spec, x));
    if (a) out.push({ step: spec.key, detail: a.detail });
  }
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

/** The evidence key that holds a session's required start steps (StepSpec[] as JSON), fixed at SessionStart. */
export const REQUIRED_KEY = "requiredStartSteps";

/** The required start steps a session's evidence names (undefined: none stored, or unreadable). */
export function storedSpecs(evidence: Record<string, string>): StepSpec[] | undefined {
  const raw = evidence[REQUIRED_KEY];
  if (typeof raw !== "string" || raw === "") return undefined;
  try {
    const v = JSON.parse(raw) as unknown;
    if (!Array.isArray(v)) return undefined;
    const out: StepSpec[] = [];
    for (const x of v as Record<string, unknown>[]) {
      if (!x || typeof x.key !== "string" || typeof x.arg !== "string" || typeof x.text !== "string" || !(EVIDENCE_KINDS as readonly string[]).includes(x.kind as string)) return undefined;
      out.push({ key: x.key, kind: x.kind as EvidenceKind, arg: x.arg, text: x.text });
    }
    return out;
  } catch {
    return undefined;
  }
}

/** What a step asks of the agent, and how it is ticked (the SessionStart context). */
export function stepText(spec: StepSpec): string {
  if ((OBSERVED_STEPS as readonly string[]).includes(spec.key)) return START_STEP_TEXT[spec.key as BuiltinStep];
  if (spec.kind === "record") return `${clip(spec.text)} (no tool call shows it: record it with \`agentcheck session record-step ${spec.key} --note "<what you did>"\`)`;
  return clip(spec.text);
}

/** The required steps without evidence yet, in order. */
export function missingStartSteps(required: readonly ObservedStep[], evidence: Record<string, string>): ObservedStep[] {
  return required.filter((s) => typeof evidence[evidenceKey(s)] !== "string" || evidence[evidenceKey(s)] === "");
}

/** The required steps without evidence yet, in order, with what each asks. */
export function missingSpecs(specs: readonly StepSpec[], evidence: Record<string, string>): StepSpec[] {
  const missing = new Set(missingStartSteps(specs.map((x) => x.key), evidence));
  return specs.filter((x) => missing.has(x.key));
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
