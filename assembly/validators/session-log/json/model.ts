// The parsed JSON session log handed to every JSON rule, with lookup helpers.
import { JValue, J_BOOL, J_OBJ, J_STR, LineIndex } from "../../../lib/json";
import { asciiLower, isHex, concat3 } from "../../../lib/text";
import { Loc } from "../../../rules";
import { SessionCtx } from "../context";

export const REQUIRED_START: string[] = [
  "serenaActivated", "serenaInstructions", "handoffRead", "sessionLogCreated", "skillScriptsListed",
  "usageMandatoryRead", "constraintsRead", "memoriesLoaded", "branchVerified", "notOnMain",
];
export const REQUIRED_END: string[] = [
  "checklistComplete", "handoffPreserved", "serenaMemoryUpdated", "markdownLintRun", "qaValidation",
  "changesCommitted", "validationPassed",
];

/** The two skip labels of sessionEnd.qaValidation's evidence (SP-111 exempts them, SP-132 checks their scope). */
export const QA_SKIP_DOCS = "SKIPPED: docs-only";
export const QA_SKIP_INVESTIGATION = "SKIPPED: investigation-only";

export class JsonLog {
  lines: LineIndex;
  constructor(public ctx: SessionCtx, public root: JValue) {
    this.lines = root.doc.lines(); // recorded by the parser (no pass over the text)
  }

  /** The location of a value of the log (the whole file when null). */
  at(v: JValue | null): Loc {
    return v === null ? this.ctx.at(0, 0) : this.ctx.at(this.lines.line(v.pos), this.lines.col(v.pos));
  }

  obj(v: JValue | null, key: string): JValue | null {
    if (v === null || v.kind != J_OBJ) return null;
    const r = v.get(key);
    return r !== null && r.kind == J_OBJ ? r : null;
  }
  // looked up once per log (every rule asks for them)
  private sessionDone: bool = false;
  private sessionObj: JValue | null = null;
  private sectionsDone: bool = false;
  private pcObj: JValue | null = null;
  private startObj: JValue | null = null;
  private endObj: JValue | null = null;

  session(): JValue | null {
    if (!this.sessionDone) {
      this.sessionObj = this.obj(this.root, "session");
      this.sessionDone = true;
    }
    return this.sessionObj;
  }
  section(name: string): JValue | null {
    if (!this.sectionsDone) {
      const pc = this.obj(this.root, "protocolCompliance");
      this.pcObj = pc;
      this.startObj = this.obj(pc, "sessionStart");
      this.endObj = this.obj(pc, "sessionEnd");
      this.sectionsDone = true;
    }
    if (name == "sessionStart") return this.startObj;
    if (name == "sessionEnd") return this.endObj;
    return this.obj(this.pcObj, name);
  }
  /** A string member of the session object, or null. */
  sessionStr(key: string): string | null {
    return str(this.session(), key);
  }
}

/** A string member, or null when absent or not a string. */
export function str(o: JValue | null, key: string): string | null {
  if (o === null || o.kind != J_OBJ) return null;
  const v = o.get(key);
  return v !== null && v.kind == J_STR ? v.s : null;
}

/** Member lookup for item fields: exact lower-case key first, then any casing. */
export function field(item: JValue, lowerKey: string): JValue | null {
  return item.getField(lowerKey); // exact key first, else any casing, first in key order
}

export function itemComplete(item: JValue): bool {
  const c = field(item, "complete");
  return c !== null && c.truthy();
}

/** `complete` is the boolean true (not just truthy). */
export function itemCompleteStrict(item: JValue | null): bool {
  if (item === null || item.kind != J_OBJ) return false;
  const c = field(item, "complete");
  return c !== null && c.kind == J_BOOL && c.b;
}

export function itemLevel(item: JValue): JValue | null {
  return field(item, "level");
}

/** Evidence text ("" when absent or not a string). */
export function itemEvidence(item: JValue): string {
  const e = field(item, "evidence");
  return e !== null && e.kind == J_STR ? e.s : "";
}

/** 7..40 lower-case hex digits. */
export function isSha(s: string): bool {
  if (s.length < 7 || s.length > 40) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

/** One SHA is a prefix of the other (case-insensitive). */
export function shaCompatible(a: string, b: string): bool {
  const x = asciiLower(a);
  const y = asciiLower(b);
  return x.length <= y.length ? y.startsWith(x) : x.startsWith(y);
}

export function isWordChar(c: i32): bool {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95;
}

/** Maximal hex runs of 7..40 chars that stand alone (not part of a longer word). */
export function hexRuns(s: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < s.length) {
    if (!isWordChar(s.charCodeAt(i))) { i++; continue; }
    const st = i;
    let allHex = true;
    while (i < s.length && isWordChar(s.charCodeAt(i))) {
      if (!isHex(s.charCodeAt(i))) allHex = false;
      i++;
    }
    const n = i - st;
    if (allHex && n >= 7 && n <= 40) out.push(s.substring(st, i));
  }
  return out;
}

/**
 * One row of a checklist section (protocolCompliance.sessionStart/sessionEnd) as the checklist rules
 * SP-107..SP-114 read it. `seq` orders findings: a section's missing-item block (SP-107) comes
 * before its rows, sessionStart before sessionEnd, rows in document order.
 */
export class ChecklistItem {
  /** "sessionStart" | "sessionEnd". */
  section: string = "";
  key: string = "";
  private cachedId: string | null = null;
  /** section + "." + key (made once, when a message needs it). */
  get id(): string {
    let id = this.cachedId;
    if (id === null) {
      id = concat3(this.section, ".", this.key);
      this.cachedId = id;
    }
    return id;
  }
  item: JValue;
  required: bool = false;
  /** Declares a level (not null, not blank). */
  hasLevel: bool = false;
  /** The level when it is a string ("" otherwise). */
  level: string = "";
  /** The level is "MUST" / "MUST NOT" (compared once, in checklistRows). */
  must: bool = false;
  mustNot: bool = false;
  levelValue: JValue | null = null;
  complete: bool = false;
  evidence: string = "";
  seq: i32 = 0;
  constructor(item: JValue) {
    this.item = item;
  }
}
