// SP-004: which logs are validated. The host selects the files (staged, changed vs base, explicit);
// historical logs before the cutoff are skipped visibly (paths.ts). This rule runs on the
// sessions-directory document of a run: in pre-commit context, staged changes under .agents/
// require a staged session log.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR, DOC_IGNORED, KIND_SESSION_SET } from "../../abi";
import { SessionCtx } from "./context";
import { isPreCommit } from "./md-log";
import { sessionsDir } from "./qa-scope";
import { isSessionLogName } from "./paths";

export const SP004 = defineRule("SP-004", SEV_ERROR, check);
function SP004_doc(): RuleDoc {
  return {
    id: "SP-004",
    validator: "session-log",
    title: "Session log staged",
    description: "Pre-commit: staged .agents/ changes need a staged log. Not under a protocol preset that makes logs optional (`protocol.preset` validate-if-present or off: fact `logRequired` false).",
    messages: {
      stagedAgentsChangesBut: "Staged .agents/ changes but no staged session log in {{dir}}/YYYY-MM-DD-session-N.md",
    },
  };
}

function check(ctx: SessionCtx): void {
  if (ctx.doc.kind != KIND_SESSION_SET) return;
  const input = ctx.input;
  const staged = input.factLines("staged");
  const dir = sessionsDir(input);
  let agents = false;
  let log = false;
  if (isPreCommit(input) && staged !== null && input.factBool("logRequired", true)) {
    for (let i = 0; i < staged.length; i++) {
      const p = staged[i];
      if (p.startsWith(".agents/")) agents = true;
      if (p.startsWith(dir + "/") && p.indexOf("/", dir.length + 1) < 0 && isSessionLogName(p.substring(dir.length + 1))) log = true;
    }
  }
  if (agents && !log) ctx.report(ctx.rule, ctx.at(0, 0), msg("stagedAgentsChangesBut").s("dir", dir));
  else ctx.results.setDocStatus(ctx.doc, DOC_IGNORED);
}
