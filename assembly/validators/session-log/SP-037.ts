// SP-037: the Session End QA row ("Route to qa agent"): a checked row cites an existing QA report
// under the QA directory, or a legitimate exemption 'SKIPPED: docs-only' / 'SKIPPED:
// investigation-only' judged on the session's changed files (SP-050..052, qa-scope.ts). A
// docs-only session citing a valid report passes. In creation mode (./mode.ts) an unticked row is
// not demanded yet; a ticked one is judged as always. Not in record mode (a log that already existed).
import { defineRule, msg, msgItem, RuleDoc } from "../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../abi";
import { MdCtx, changedFiles, isCI, skipClaim, qaPath, citedKey } from "./md-log";
import { nonDocFiles, nonInvestigationFiles, listShort, investigationDirs, sessionsDir, memoriesDir, qaDir } from "./qa-scope";

export const SP037 = defineRule("SP-037", SEV_ERROR, check);
function SP037_doc(): RuleDoc {
  return {
    id: "SP-037",
    validator: "session-log",
    title: "QA row",
    description: "QA row cites a QA report or a skip the changed files allow (creation mode: only once ticked; record mode: not checked).",
    messages: {
      investigationRowUnchecked: "Investigation-only session: check the QA row",
      docsRowUnchecked: "Docs-only session: check the QA row",
      rowUnchecked: "QA row not checked: cite the QA report ({{qaDir}}/*.md) or 'SKIPPED: docs-only|investigation-only'",
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

function check(ctx: MdCtx): void {
  // record mode (./mode.ts): no QA binding; the changed files here are the current commit's or
  // start..HEAD, not the old session's, so not even a skip claim's scope is judged
  if (ctx.record) return;
  const log = ctx.log;
  const row = log.qaRow();
  if (row === null) return;
  const input = ctx.input;
  const mem = memoriesDir(input);
  const sess = sessionsDir(input);
  const ev = row.evidence;
  const L = row.line;
  const files = changedFiles(input, log);
  const inv = skipClaim(ev, "investigation-only");
  const docs = skipClaim(ev, "docs-only");
  if (!row.checked) {
    if (ctx.creation) return; // creation mode: the session end is not demanded yet (a ticked row is still judged)
    const m = inv ? msg("investigationRowUnchecked")
      : docs ? msg("docsRowUnchecked")
      : msg("rowUnchecked").s("qaDir", qaDir(input));
    ctx.report(ctx.rule, ctx.at(L, 0), m);
    return;
  }
  const p = qaPath(ev, qaDir(input));
  if (p.length > 0) {
    const key = citedKey(p);
    const st = key.length > 0 ? input.fact("path." + key) : "outside";
    if (st == "file") return;
    if (st === null) ctx.reportAs(ctx.rule, SEV_WARNING, ctx.at(L, 0), msg("qaReportNotVerified").s("p", p));
    else if (st != "outside") ctx.report(ctx.rule, ctx.at(L, 0), msg("qaReportReferencedBut").s("p", p));
    return; // an escaping path is reported by SP-024
  }
  if (!inv && !docs) {
    ctx.report(ctx.rule, ctx.at(L, 0), msg("qaRowCitesNo").s("factOr", qaDir(input)));
    return;
  }
  if (files === null) {
    if (!ctx.git) {
      ctx.notChecked(msgItem(msg("checkQaSkipScope")));
      return;
    }
    ctx.reportAs(ctx.rule, isCI(input) ? SEV_ERROR : SEV_WARNING, ctx.at(L, 0), msg("cannotVerifyTheQa"));
    return;
  }
  if (inv) {
    const bad = nonInvestigationFiles(files, mem, sess);
    if (bad.length > 0) {
      ctx.report(ctx.rule, ctx.at(L, 0), msg("investigationOnlyQaSkip").s("INVESTIGATIONDIRS", investigationDirs(sess)).s("mem", mem).s("listShort", listShort(bad)));
    }
    return;
  }
  const nd = nonDocFiles(files, mem, sess);
  if (nd === null) ctx.report(ctx.rule, ctx.at(L, 0), msg("docsOnlyQaSkip"));
  else if (nd.length > 0) ctx.report(ctx.rule, ctx.at(L, 0), msg("docsOnlyQaSkip2").s("listShort", listShort(nd)));
}
