// SP-037: the Session End QA row ("Route to qa agent"): a checked row cites an existing QA report
// under the QA directory, or a legitimate exemption 'SKIPPED: docs-only' / 'SKIPPED:
// investigation-only' judged on the session's changed files (SP-050..052). A docs-only session
// citing a valid report passes.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../abi";
import { SessionCtx } from "./context";
import { MdLog, changedFiles, isCI, factOr } from "./md-log";
import { asciiLower } from "../../lib/text";
import { nonDocFiles, nonInvestigationFiles, listShort, INVESTIGATION_DIRS } from "./qa-scope";
import { qaPath, citedKey } from "./sp024-cited-paths";

export const SP037 = defineRule("SP-037", SEV_ERROR);
function SP037_doc(): RuleDoc {
  return {
    id: "SP-037",
    validator: "session-log",
    title: "QA row",
    description: "QA row cites a QA report or a skip the changed files allow.",
    messages: {
      message: "{{kind}}",
      qaReportNotVerified: "QA report not verified (no file facts): {{p}}",
      qaReportReferencedBut: "QA report referenced but file not found: {{p}}",
      qaRowCitesNo: "QA row cites no QA report ({{factOr}}/<name>.md)",
      cannotVerifyTheQa: "Cannot verify the QA skip: changed files unknown",
      investigationOnlyQaSkip: "Investigation-only QA skip, but files changed outside {{INVESTIGATIONDIRS}}{{mem}}/: {{listShort}}",
      docsOnlyQaSkip: "Docs-only QA skip, but no changed files",
      docsOnlyQaSkip2: "Docs-only QA skip, but non-doc files changed: {{listShort}}",
    },
  };
}

/** 'skipped:' + optional spaces + kind in the evidence (lower case). */
export function skipClaim(ev: string, kind: string): bool {
  const l = asciiLower(ev);
  let k = l.indexOf("skipped:");
  while (k >= 0) {
    if (l.substring(k + 8).trimStart().startsWith(kind)) return true;
    k = l.indexOf("skipped:", k + 8);
  }
  return false;
}

/** Returns false when a verdict needed git facts that are unavailable (for the SP-090 note). */
export function checkQA(ctx: SessionCtx, log: MdLog, git: bool): bool {
  const row = log.qaRow();
  if (row === null) return true;
  const input = ctx.input;
  const mem = factOr(input, "memories.dir", ".serena/memories");
  const ev = row.evidence;
  const L = row.line;
  const files = changedFiles(input, log);
  const inv = skipClaim(ev, "investigation-only");
  const docs = skipClaim(ev, "docs-only");
  if (!row.checked) {
    const kind = inv ? "Investigation-only session: check the QA row"
      : docs ? "Docs-only session: check the QA row"
      : "QA row not checked: cite the QA report (" + factOr(input, "qa.dir", ".agents/qa") +
        "/*.md) or 'SKIPPED: docs-only|investigation-only'";
    ctx.report(SP037, L, 0, msg("message").s("kind", kind));
    return true;
  }
  const p = qaPath(ev, factOr(input, "qa.dir", ".agents/qa"));
  if (p.length > 0) {
    const key = citedKey(p);
    const st = key.length > 0 ? input.fact("path:" + key) : "outside";
    if (st == "file") return true;
    if (st === null) ctx.reportAs(SP037, SEV_WARNING, L, 0, msg("qaReportNotVerified").s("p", p));
    else if (st != "outside") ctx.report(SP037, L, 0, msg("qaReportReferencedBut").s("p", p));
    return true; // an escaping path is reported by SP-024
  }
  if (!inv && !docs) {
    ctx.report(SP037, L, 0, msg("qaRowCitesNo").s("factOr", factOr(input, "qa.dir", ".agents/qa")));
    return true;
  }
  if (files === null) {
    if (!git) return false;
    ctx.reportAs(SP037, isCI(input) ? SEV_ERROR : SEV_WARNING, L, 0,
      msg("cannotVerifyTheQa"));
    return true;
  }
  if (inv) {
    const bad = nonInvestigationFiles(files, mem);
    if (bad.length > 0) {
      ctx.report(SP037, L, 0, msg("investigationOnlyQaSkip").s("INVESTIGATIONDIRS", INVESTIGATION_DIRS).s("mem", mem).s("listShort", listShort(bad)));
    }
    return true;
  }
  const nd = nonDocFiles(files, mem);
  if (nd === null) ctx.report(SP037, L, 0, msg("docsOnlyQaSkip"));
  else if (nd.length > 0) ctx.report(SP037, L, 0, msg("docsOnlyQaSkip2").s("listShort", listShort(nd)));
  return true;
}
