// The protocol's memory files (specs/session-protocol-mcp.md §4), rendered and parsed losslessly:
// parse(render(x)) = x and render(parse(text)) = text for every text render produced. Table cells and
// list values escape `\`, `|`, CR, LF and TAB (as \\, \|, \r, \n, \t), the other control characters
// and lone surrogates as \uXXXX, so evidence text never breaks a table nor makes the file unreadable.
// A file that does not parse raises PhaseFormatError naming the file and line. No dependencies.
import {
  GATES, isAnyPhase, isGate, isPhase, newChecklists,
  type ChecklistItem, type EvidenceEntry, type HistoryEntry, type PhaseRow, type ProtocolState, type Violation,
} from "./model.js";
import { pushAll } from "../arrays.js";

export const CURRENT_STATE_FILE = "session-current-state.md";
export const HISTORY_FILE = "session-history.md";
export const VIOLATIONS_FILE = "session-violations-log.md";
export const HISTORY_KEEP = 10;
const END_MARK = "<!-- agentcheck: end of session state -->";

/** A state file that does not parse (line ≥ 1) or cannot be read at all (line 0: the whole file). */
export class PhaseFormatError extends Error {
  constructor(readonly file: string, readonly line: number, detail: string) {
    super(`${file}${line > 0 ? `:${line}` : ""}: ${detail} (the file was not changed; fix or remove it)`);
    this.name = "PhaseFormatError";
  }
}

// what a cell or value escapes besides `\` and `|`: every C0 control character and DEL (a NUL makes
// the strict reader refuse the whole file; CR, LF and TAB would break or bend the table) and a UTF-16
// surrogate without its partner (UTF-8 cannot hold it: it would come back as U+FFFD)
const ESCAPED = /[\\|\x00-\x1f\x7f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function escapeCell(s: string): string {
  return s.replace(ESCAPED, (c) => {
    if (c === "\\" || c === "|") return `\\${c}`;
    if (c === "\n") return "\\n";
    if (c === "\r") return "\\r";
    if (c === "\t") return "\\t";
    return `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
  });
}

export function unescapeCell(s: string): string {
  return s.replace(/\\([\\|rnt]|u[0-9A-F]{4})/g, (_, c: string) =>
    c === "n" ? "\n" : c === "r" ? "\r" : c === "t" ? "\t" : c.length === 5 ? String.fromCharCode(parseInt(c.slice(1), 16)) : c);
}

/** Split a table row into unescaped cells; undefined when the line is not a `| … |` row. */
function splitRow(line: string): string[] | undefined {
  if (!line.startsWith("| ") || !line.endsWith(" |")) return undefined;
  const cells: string[] = [];
  let cur = "";
  const body = line.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === "\\" && i + 1 < body.length) {
      cur += c + body[i + 1];
      i++;
    } else if (c === "|") {
      cells.push(cur);
      cur = "";
    } else cur += c;
  }
  cells.push(cur);
  // render writes "| a | b |": one space either side of every cell
  const out: string[] = [];
  for (const c of cells) {
    if (!c.startsWith(" ") || !c.endsWith(" ") || c.length < 2) return undefined;
    out.push(unescapeCell(c.slice(1, -1)));
  }
  return out;
}

function row(cells: string[]): string {
  return `| ${cells.map(escapeCell).join(" | ")} |`;
}

function table(header: string[], rows: string[][]): string[] {
  return [`| ${header.join(" | ")} |`, `|${header.map((h) => "-".repeat(h.length + 2)).join("|")}|`, ...rows.map(row)];
}

/** Line cursor with error reporting. */
class Cursor {
  i = 0;
  readonly lines: string[];
  constructor(readonly file: string, text: string) {
    if (text.includes("\r")) throw new PhaseFormatError(file, 1, "carriage returns in the file (it was not written by agentcheck)");
    this.lines = text.split("\n");
    if (this.lines[this.lines.length - 1] === "") this.lines.pop();
    else throw new PhaseFormatError(file, this.lines.length, "the file does not end with a newline (truncated?)");
  }
  fail(detail: string, at = this.i): never {
    throw new PhaseFormatError(this.file, Math.min(at, this.lines.length) + 1, detail);
  }
  get done(): boolean {
    return this.i >= this.lines.length;
  }
  peek(): string | undefined {
    return this.lines[this.i];
  }
  expect(line: string): void {
    if (this.done) this.fail(`unexpected end of file, expected '${line}' (truncated?)`);
    if (this.lines[this.i] !== line) this.fail(`expected '${line}', found '${this.lines[this.i].slice(0, 80)}'`);
    this.i++;
  }
  blank(): void {
    this.expect("");
  }
  /** `- **Key**: value` */
  field(key: string): string {
    const prefix = `- **${key}**: `;
    if (this.done) this.fail(`unexpected end of file, expected '- **${key}**:' (truncated?)`);
    const l = this.lines[this.i];
    if (l === `- **${key}**:`) {
      this.i++;
      return "";
    }
    if (!l.startsWith(prefix)) this.fail(`expected '- **${key}**: …', found '${l.slice(0, 80)}'`);
    this.i++;
    return unescapeCell(l.slice(prefix.length));
  }
  optionalField(key: string): string | undefined {
    const l = this.peek();
    if (l === undefined || !(l.startsWith(`- **${key}**: `) || l === `- **${key}**:`)) return undefined;
    return this.field(key);
  }
  /** A table with this exact header; returns its rows (cells) and their line numbers. */
  table(header: string[]): { cells: string[]; line: number }[] {
    const [h, sep] = table(header, []);
    this.expect(h);
    this.expect(sep);
    const rows: { cells: string[]; line: number }[] = [];
    while (!this.done && this.peek() !== "") {
      const cells = splitRow(this.peek()!);
      if (!cells) this.fail(`not a table row: '${this.peek()!.slice(0, 80)}'`);
      if (cells.length !== header.length) this.fail(`table row has ${cells.length} cells, expected ${header.length} (${header.join(", ")})`);
      rows.push({ cells, line: this.i });
      this.i++;
    }
    return rows;
  }
}

const field = (key: string, value: string) => (value === "" ? `- **${key}**:` : `- **${key}**: ${escapeCell(value)}`);

// ------------------------------------------------------------------ session-current-state.md

export function renderState(s: ProtocolState): string {
  const out: string[] = ["# Session State", "", "## Metadata", ""];
  out.push(field("Session ID", s.sessionId), field("Objective", s.objective), field("Branch", s.branch));
  out.push(field("Starting Commit", s.startingCommit), field("Started At", s.startedAt), field("Current Phase", s.currentPhase));
  if (s.blockedFrom !== undefined) out.push(field("Blocked From", s.blockedFrom));
  if (s.blockedGate !== undefined) out.push(field("Blocked Gate", s.blockedGate));
  out.push("", "## Phase Status", "");
  pushAll(out, table(["Phase", "Status", "Evidence"], s.phaseStatus.map((r) => [r.phase, r.status, r.evidence])));
  const checklist = (items: ChecklistItem[]) =>
    table(["Req", "Step", "Status", "Evidence"], items.map((c) => [c.req, c.step, c.done ? "[x]" : "[ ]", c.evidence]));
  pushAll(pushAll(out, ["", "## Checklist (Start)", ""]), checklist(s.checklistStart));
  pushAll(pushAll(out, ["", "## Checklist (End)", ""]), checklist(s.checklistEnd));
  out.push("", "## Evidence", "");
  pushAll(out, table(["Timestamp", "Phase", "Type", "Evidence"], s.evidence.map((e) => [e.at, e.phase, e.type, e.evidence])));
  out.push("", END_MARK);
  return out.join("\n") + "\n";
}

/** The gate or evidence type that ticks a checklist step (from the template; hand-written steps have none). */
function bindChecklist(items: ChecklistItem[], template: ChecklistItem[]): void {
  for (const it of items) {
    const t = template.find((x) => x.step === it.step);
    if (t?.gate) it.gate = t.gate;
    if (t?.evidenceType) it.evidenceType = t.evidenceType;
  }
}

export function parseState(text: string, file = CURRENT_STATE_FILE): ProtocolState {
  const c: Cursor = new Cursor(file, text);
  c.expect("# Session State");
  c.blank();
  c.expect("## Metadata");
  c.blank();
  const sessionId = c.field("Session ID");
  if (!/^\d{4}-\d{2}-\d{2}-session-\d{2,}$/.test(sessionId)) c.fail(`invalid session id '${sessionId}'`, c.i - 1);
  const objective = c.field("Objective");
  const branch = c.field("Branch");
  const startingCommit = c.field("Starting Commit");
  const startedAt = c.field("Started At");
  if (Number.isNaN(Date.parse(startedAt))) c.fail(`invalid time '${startedAt}'`, c.i - 1);
  const currentPhase = c.field("Current Phase");
  if (!isAnyPhase(currentPhase)) c.fail(`unknown phase '${currentPhase}'`, c.i - 1);
  const s: ProtocolState = {
    sessionId, objective, branch, startingCommit, startedAt, currentPhase,
    phaseStatus: [], checklistStart: [], checklistEnd: [], evidence: [],
  };
  const bf = c.optionalField("Blocked From");
  if (bf !== undefined) {
    if (!isPhase(bf)) c.fail(`unknown phase '${bf}'`, c.i - 1);
    s.blockedFrom = bf;
  }
  const bg = c.optionalField("Blocked Gate");
  if (bg !== undefined) {
    if (!isGate(bg)) c.fail(`unknown gate '${bg}'`, c.i - 1);
    s.blockedGate = bg;
  }
  if ((currentPhase === "BLOCKED" || currentPhase === "VIOLATION") && (s.blockedFrom === undefined || s.blockedGate === undefined)) {
    c.fail(`a ${currentPhase} session needs 'Blocked From' and 'Blocked Gate'`);
  }
  c.blank();
  c.expect("## Phase Status");
  c.blank();
  for (const r of c.table(["Phase", "Status", "Evidence"])) {
    const [phase, status, evidence] = r.cells;
    if (!isGate(phase)) c.fail(`unknown gate '${phase}' (known: ${GATES.join(", ")})`, r.line);
    if (status !== "PENDING" && status !== "PASS" && status !== "FAIL" && status !== "SKIPPED") c.fail(`unknown gate status '${status}'`, r.line);
    if (s.phaseStatus.some((x) => x.phase === phase)) c.fail(`gate ${phase} listed twice`, r.line);
    s.phaseStatus.push({ phase, status, evidence } as PhaseRow);
  }
  const checklist = (into: ChecklistItem[]) => {
    for (const r of c.table(["Req", "Step", "Status", "Evidence"])) {
      const [req, step, status, evidence] = r.cells;
      if (req !== "MUST" && req !== "SHOULD") c.fail(`requirement must be MUST or SHOULD, found '${req}'`, r.line);
      if (status !== "[x]" && status !== "[ ]") c.fail(`checklist status must be [x] or [ ], found '${status}'`, r.line);
      into.push({ req, step, done: status === "[x]", evidence });
    }
  };
  c.blank();
  c.expect("## Checklist (Start)");
  c.blank();
  checklist(s.checklistStart);
  c.blank();
  c.expect("## Checklist (End)");
  c.blank();
  checklist(s.checklistEnd);
  c.blank();
  c.expect("## Evidence");
  c.blank();
  for (const r of c.table(["Timestamp", "Phase", "Type", "Evidence"])) {
    const [at, phase, type, evidence] = r.cells;
    if (!isGate(phase)) c.fail(`unknown gate '${phase}'`, r.line);
    if (Number.isNaN(Date.parse(at))) c.fail(`invalid time '${at}'`, r.line);
    s.evidence.push({ at, phase, type, evidence } as EvidenceEntry);
  }
  c.blank();
  c.expect(END_MARK);
  if (!c.done) c.fail("unexpected text after the end of the session state");
  const t = newChecklists();
  bindChecklist(s.checklistStart, t.start);
  bindChecklist(s.checklistEnd, t.end);
  return s;
}

// ------------------------------------------------------------------ session-history.md

export function renderHistory(entries: HistoryEntry[]): string {
  const out: string[] = ["# Session History", "", `The last ${HISTORY_KEEP} sessions, newest first.`];
  for (const e of entries) {
    out.push("", `### ${e.id}`, "");
    out.push(field("Objective", e.objective), field("Outcome", e.outcome), field("Commit SHA", e.commit));
    if (e.contentEvidence !== undefined) out.push(field("Content Evidence", JSON.stringify(e.contentEvidence)));
    out.push(field("Summary", e.summary));
    if (e.decisions.length === 0) out.push("- **Key Decisions**: (none)");
    else pushAll(out, ["- **Key Decisions**:", ...e.decisions.map((d) => `  - ${escapeCell(d)}`)]);
    out.push(field("Next Session Notes", e.nextNotes));
  }
  return out.join("\n") + "\n";
}

/** A history entry's Content Evidence: a JSON object of path -> blob id ("0": deleted). */
function evidenceFiles(c: Cursor, text: string): Record<string, string> {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    c.fail("Content Evidence is not a JSON object of path -> blob id", c.i - 1);
  }
  if (typeof v !== "object" || v === null || Array.isArray(v) || !Object.values(v).every((b) => typeof b === "string" && /^(0|[0-9a-f]{40}|[0-9a-f]{64})$/.test(b))) {
    c.fail("Content Evidence is not a JSON object of path -> blob id", c.i - 1);
  }
  return v as Record<string, string>;
}

export function parseHistory(text: string, file = HISTORY_FILE): HistoryEntry[] {
  const c: Cursor = new Cursor(file, text);
  c.expect("# Session History");
  c.blank();
  c.expect(`The last ${HISTORY_KEEP} sessions, newest first.`);
  const out: HistoryEntry[] = [];
  while (!c.done) {
    c.blank();
    const h = c.peek() ?? "";
    if (!h.startsWith("### ")) c.fail(`expected '### <session id>', found '${h.slice(0, 80)}'`);
    const id = h.slice(4);
    c.i++;
    c.blank();
    const objective = c.field("Objective");
    const outcome = c.field("Outcome");
    if (outcome !== "COMPLETE" && outcome !== "BLOCKED" && outcome !== "ABANDONED") c.fail(`outcome must be COMPLETE, BLOCKED or ABANDONED, found '${outcome}'`, c.i - 1);
    const commit = c.field("Commit SHA");
    // optional (issue 35): older entries have none
    const ce = c.optionalField("Content Evidence");
    const contentEvidence = ce !== undefined ? evidenceFiles(c, ce) : undefined;
    const summary = c.field("Summary");
    const decisions: string[] = [];
    if (c.peek() === "- **Key Decisions**: (none)") c.i++;
    else {
      c.expect("- **Key Decisions**:");
      while (c.peek()?.startsWith("  - ")) decisions.push(unescapeCell(c.lines[c.i++].slice(4)));
      if (decisions.length === 0) c.fail("'Key Decisions' has no items (write '(none)')");
    }
    const nextNotes = c.field("Next Session Notes");
    out.push({ id, objective, outcome, commit, ...(contentEvidence ? { contentEvidence } : {}), summary, decisions, nextNotes });
  }
  return out;
}

// ------------------------------------------------------------------ session-violations-log.md

export function renderViolations(vs: Violation[]): string {
  const out: string[] = ["# Session Violations Log", "", "## Violations"];
  if (vs.length === 0) out.push("", "(none recorded)");
  const order: string[] = [];
  for (const v of vs) if (!order.includes(v.sessionId)) order.push(v.sessionId);
  for (const id of order) {
    out.push("", `### ${id}`, "");
    pushAll(out, table(["Timestamp", "Phase", "Requirement", "Severity", "Recovery"],
      vs.filter((v) => v.sessionId === id).map((v) => [v.at, v.phase, v.requirement, v.severity, v.recovery])));
  }
  return out.join("\n") + "\n";
}

export function parseViolations(text: string, file = VIOLATIONS_FILE): Violation[] {
  const c: Cursor = new Cursor(file, text);
  c.expect("# Session Violations Log");
  c.blank();
  c.expect("## Violations");
  const out: Violation[] = [];
  if (c.peek() === "" && c.lines[c.i + 1] === "(none recorded)") {
    c.i += 2;
    if (!c.done) c.fail("unexpected text after '(none recorded)'");
    return out;
  }
  const seen = new Set<string>();
  while (!c.done) {
    c.blank();
    const h = c.peek() ?? "";
    if (!h.startsWith("### ")) c.fail(`expected '### <session id>', found '${h.slice(0, 80)}'`);
    const id = h.slice(4);
    if (seen.has(id)) c.fail(`session ${id} listed twice`);
    seen.add(id);
    c.i++;
    c.blank();
    const rows = c.table(["Timestamp", "Phase", "Requirement", "Severity", "Recovery"]);
    if (rows.length === 0) c.fail(`session ${id} has no violations listed`);
    for (const r of rows) {
      const [at, phase, requirement, severity, recovery] = r.cells;
      if (!isGate(phase)) c.fail(`unknown gate '${phase}'`, r.line);
      if (requirement !== "MUST" && requirement !== "SHOULD") c.fail(`requirement must be MUST or SHOULD, found '${requirement}'`, r.line);
      if (severity !== "CRITICAL" && severity !== "WARNING") c.fail(`severity must be CRITICAL or WARNING, found '${severity}'`, r.line);
      out.push({ sessionId: id, at, phase, requirement, severity, recovery } as Violation);
    }
  }
  return out;
}
