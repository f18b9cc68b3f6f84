// SP-004: which logs are validated. The host selects the files (staged, changed vs base, explicit);
// here: historical logs before the cutoff date are skipped visibly, and in pre-commit context
// staged changes under .agents/ require a staged session log (reported on the sessions-dir document).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR, DOC_SKIPPED, DOC_IGNORED } from "../../abi";
import { Doc, Input, Results } from "../../io";
import { SessionCtx } from "./context";
import { datePrefix, isPreCommit, factOr } from "./md-log";
import { isSessionLogName } from "./sp001-file-name";

export const SP004 = defineRule("SP-004", SEV_ERROR);
function SP004_doc(): RuleDoc {
  return {
    id: "SP-004",
    validator: "session-log",
    title: "Session log staged",
    description: "Pre-commit: staged .agents/ changes need a staged log.",
    messages: {
      stagedAgentsChangesBut: "Staged .agents/ changes but no staged session log in {{dir}}/YYYY-MM-DD-session-N.md",
    },
  };
}

/** true when the log is dated before the cutoff (marked skipped). */
export function skipHistorical(ctx: SessionCtx): bool {
  const cut = ctx.input.fact("cutoff");
  if (cut === null) return false;
  const d = datePrefix(ctx.doc.baseName());
  if (d.length == 0 || d >= cut) return false;
  ctx.results.setDocStatus(ctx.doc, DOC_SKIPPED);
  ctx.results.put(ctx.doc, "skip", "historical log (dated " + d + ", before cutoff " + cut + ")");
  return true;
}

/** The sessions-directory document of a pre-commit run. */
export function checkStagedLog(input: Input, results: Results, doc: Doc): void {
  const staged = input.factLines("staged");
  const dir = factOr(input, "sessions.dir", ".agents/sessions");
  let agents = false;
  let log = false;
  if (isPreCommit(input) && staged !== null) {
    for (let i = 0; i < staged.length; i++) {
      const p = staged[i];
      if (p.startsWith(".agents/")) agents = true;
      if (p.startsWith(dir + "/") && p.indexOf("/", dir.length + 1) < 0 && isSessionLogName(p.substring(dir.length + 1))) log = true;
    }
  }
  if (agents && !log) {
    results.report(SP004, doc, 0, 0, msg("stagedAgentsChangesBut").s("dir", dir));
  } else results.setDocStatus(doc, DOC_IGNORED);
}
