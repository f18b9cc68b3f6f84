// Strict gate (--strict), template part: SP-005 canonical protocol available, SP-030/SP-034 tables
// parsable, SP-031/SP-035 no drift from the protocol's checklists (Req + normalised Step, in order),
// SP-032/SP-036 each checklist has MUST rows. The protocol is the KIND_PROTOCOL document
// (.agents/SESSION-PROTOCOL.md); logs dated before "protocol.date" (its last change) are not
// compared (info), since the template they copied was older.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR, SEV_INFO, KIND_PROTOCOL } from "../../abi";
import { Doc, Input } from "../../io";
import { SessionCtx } from "./context";
import { MdLog } from "./md-log";
import { ChecklistRow } from "../../lib/mdtable";

export const SP005 = defineRule("SP-005", SEV_ERROR);
function SP005_doc(): RuleDoc {
  return {
    id: "SP-005",
    validator: "session-log",
    title: "Canonical protocol available",
    description: "Strict: the protocol file has both checklists.",
    messages: {
      canonicalProtocolDriftNot: "Canonical protocol {{path}}{{detail}}; drift not checked",
    },
  };
}
export const SP030 = defineRule("SP-030", SEV_ERROR);
function SP030_doc(): RuleDoc {
  return {
    id: "SP-030",
    validator: "session-log",
    title: "Session Start rows",
    description: "Strict: Session Start has rows.",
    messages: {
      sessionStartTableHas: "Session Start table has no rows",
    },
  };
}
export const SP031 = defineRule("SP-031", SEV_ERROR);
function SP031_doc(): RuleDoc {
  return {
    id: "SP-031",
    validator: "session-log",
    title: "Session Start template",
    description: "Strict: Session Start rows match the protocol.",
    messages: {
      rowCountMismatch: "{{name}} checklist row count mismatch (protocol={{protocol}}, session={{session}}); copy the canonical checklist from {{path}}",
      rowMismatch: "{{name}} checklist mismatch at row {{row}}: expected '{{expected}}', got '{{actual}}'; copy the canonical checklist from {{path}}",
      driftNotCheckedLog: "Drift not checked: log ({{date}}) predates the protocol change ({{since}})",
    },
  };
}
export const SP032 = defineRule("SP-032", SEV_ERROR);
function SP032_doc(): RuleDoc {
  return {
    id: "SP-032",
    validator: "session-log",
    title: "Session Start MUST rows",
    description: "Strict: Session Start has MUST rows.",
    messages: {
      sessionStartTableHas: "Session Start table has no MUST rows",
    },
  };
}
export const SP034 = defineRule("SP-034", SEV_ERROR);
function SP034_doc(): RuleDoc {
  return {
    id: "SP-034",
    validator: "session-log",
    title: "Session End rows",
    description: "Strict: Session End has 3+ rows.",
    messages: {
      sessionEndTableHas: "Session End table has fewer than 3 rows",
    },
  };
}
export const SP035 = defineRule("SP-035", SEV_ERROR);
function SP035_doc(): RuleDoc {
  return {
    id: "SP-035",
    validator: "session-log",
    title: "Session End template",
    description: "Strict: Session End rows match the protocol.",
    messages: {
      rowCountMismatch: "{{name}} checklist row count mismatch (protocol={{protocol}}, session={{session}}); copy the canonical checklist from {{path}}",
      rowMismatch: "{{name}} checklist mismatch at row {{row}}: expected '{{expected}}', got '{{actual}}'; copy the canonical checklist from {{path}}",
    },
  };
}
export const SP036 = defineRule("SP-036", SEV_ERROR);
function SP036_doc(): RuleDoc {
  return {
    id: "SP-036",
    validator: "session-log",
    title: "Session End MUST rows",
    description: "Strict: Session End has MUST rows.",
    messages: {
      sessionEndTableHas: "Session End table has no MUST rows",
    },
  };
}

let protoDoc: Doc | null = null;
let protoLog: MdLog | null = null;

function protocol(input: Input): MdLog | null {
  const p = input.ofKind(KIND_PROTOCOL);
  if (p.length == 0) return null;
  if (protoDoc !== p[0] || protoLog === null) {
    protoDoc = p[0];
    protoLog = new MdLog(p[0].lines(), "");
  }
  return protoLog;
}

function hasMust(rows: ChecklistRow[]): bool {
  for (let i = 0; i < rows.length; i++) if (rows[i].req == "MUST") return true;
  return false;
}

function drift(ctx: SessionCtx, rule: i32, name: string, want: ChecklistRow[], got: ChecklistRow[], at: i32, path: string): void {
  const r = rule == 0 ? SP031 : SP035;
  if (want.length != got.length) {
    ctx.report(r, at, 0, msg("rowCountMismatch").s("name", name).i("protocol", want.length).i("session", got.length).s("path", path));
    return;
  }
  for (let i = 0; i < want.length; i++) {
    const a = want[i].req + "|" + want[i].step;
    const b = got[i].req + "|" + got[i].step;
    if (a != b) {
      ctx.report(r, got[i].line, 0, msg("rowMismatch").s("name", name).i("row", i + 1).s("expected", a).s("actual", b).s("path", path));
      return;
    }
  }
}

export function checkTemplate(ctx: SessionCtx, log: MdLog): void {
  if (log.startT >= 0) {
    if (log.start.length == 0) ctx.report(SP030, log.startT + 1, 0, msg("sessionStartTableHas"));
    else if (!hasMust(log.start)) ctx.report(SP032, log.startT + 1, 0, msg("sessionStartTableHas"));
  }
  if (log.endT >= 0) {
    if (log.end.length < 3) ctx.report(SP034, log.endT + 1, 0, msg("sessionEndTableHas"));
    else if (!hasMust(log.end)) ctx.report(SP036, log.endT + 1, 0, msg("sessionEndTableHas"));
  }
  const input = ctx.input;
  const pd = input.ofKind(KIND_PROTOCOL);
  const path = pd.length > 0 ? pd[0].name : ".agents/SESSION-PROTOCOL.md";
  const proto = protocol(input);
  if (proto === null || proto.start.length == 0 || proto.end.length < 3) {
    ctx.report(SP005, 0, 0, msg("canonicalProtocolDriftNot").s("path", path).s("detail", (proto === null ? " not found" : " has no parsable checklists")));
    return;
  }
  const since = input.fact("protocol.date");
  if (since !== null && log.date.length > 0 && log.date < since) {
    ctx.reportAs(SP031, SEV_INFO, 0, 0, msg("driftNotCheckedLog").s("date", log.date).s("since", since));
    return;
  }
  if (log.startT >= 0) drift(ctx, 0, "Session Start", proto.start, log.start, log.startT + 1, path);
  if (log.endT >= 0) drift(ctx, 1, "Session End", proto.end, log.end, log.endT + 1, path);
}
