// Session-protocol validator: the verdict of one protocol gate from the facts the host gathered.
// One document of KIND_PHASE_GATE per run, named after the gate. The rules (PH-001..PH-009, one per
// gate, see ctx.ts) run on each gate document; the gate's own rule records its data (status
// PASS | FAIL | SKIPPED, requirement MUST | SHOULD, message, evidence) and reports a FAIL as a
// finding. Facts per gate are listed in each rule file.
import { Doc, Input, Results } from "../../io";
import { KIND_PHASE_GATE, KIND_PROTOCOL } from "../../abi";
import { ChecklistRow } from "../../lib/mdtable";
import { encodeList } from "../../lib/list";
import { MdLog, lineTableOf } from "../session-log/md-log";
import { runRules, RuleOf } from "../../rules";
import { SpCtx } from "./ctx";
import { stepEvidence } from "./step-evidence";
import { PH001 } from "./PH-001";
import { PH002 } from "./PH-002";
import { PH003 } from "./PH-003";
import { PH004 } from "./PH-004";
import { PH005 } from "./PH-005";
import { PH006 } from "./PH-006";
import { PH007 } from "./PH-007";
import { PH008 } from "./PH-008";
import { PH009 } from "./PH-009";

/** The session-protocol gate rules, in id order (scripts/gen-rules.mjs checks the order and that every rule is listed once). */
export const RULES: RuleOf<SpCtx>[] = [
  PH001, PH002, PH003, PH004, PH005, PH006, PH007, PH008, PH009,
];

/**
 * The checklist of the repository's own protocol (a KIND_PROTOCOL document, .agents/SESSION-PROTOCOL.md):
 * the MUST and SHOULD rows of its Session Start and Session End tables (seed 002's parser, the same
 * table parser the session-log rules SP-031/SP-035 compare logs with), as data "checklist.start" and
 * "checklist.end": lists of requirement, step pairs. MUST NOT rows are prohibitions, not steps: left out.
 * "checklist.startEvidence": for each start step, the evidence kind and argument that tick it.
 */
function protocolChecklist(doc: Doc, results: Results): void {
  const log = new MdLog(lineTableOf(doc), "");
  results.put(doc, "checklist.start", stepPairs(log.start));
  results.put(doc, "checklist.end", stepPairs(log.end));
  results.put(doc, "checklist.startEvidence", evidencePairs(log.start));
}

/** For each start row stepPairs keeps, in the same order: the evidence kind and argument that tick it (step-evidence.ts). */
function evidencePairs(rows: ChecklistRow[]): string {
  const out: string[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (r.req != "MUST" && r.req != "SHOULD") continue;
    const e = stepEvidence(r.step);
    out.push(e[0]);
    out.push(e[1]);
  }
  return encodeList(out);
}

function stepPairs(rows: ChecklistRow[]): string {
  const out: string[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (r.req != "MUST" && r.req != "SHOULD") continue;
    out.push(r.req);
    out.push(r.step);
  }
  return encodeList(out);
}

export function validateSessionProtocol(input: Input, results: Results): void {
  for (let i = 0; i < input.docs.length; i++) {
    const doc: Doc = input.docs[i];
    if (doc.kind == KIND_PROTOCOL) {
      protocolChecklist(doc, results);
      continue;
    }
    if (doc.kind != KIND_PHASE_GATE) continue;
    const ctx = new SpCtx(input, results, doc);
    runRules(RULES, ctx);
    if (!ctx.decided) {
      // no rule owns this gate: a failed gate without a finding (no rule to report it)
      results.put(doc, "status", "FAIL");
      results.put(doc, "requirement", "SHOULD");
      // the host says "unknown gate <name>" (src/phase/gates.ts): the module carries no English
      results.put(doc, "unknownGate", doc.name);
      results.put(doc, "evidence", "");
    }
  }
}
