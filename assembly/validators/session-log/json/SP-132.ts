// SP-132: QA skip scope verified (every mode).
import { defineRule, msg, msgItem, RuleDoc } from "../../../rules";
import { SEV_ERROR } from "../../../abi";
import { JsonCtx } from "./ctx";
import { listShort } from "../qa-scope";
import { SP090 } from "../SP-090";
import { gitReady, arrivedByMerge, memDir, sessDir, disqualifying, skipClaim, SKIP_SCOPE_MISSING, SKIP_SCOPE_NOT_SHA } from "./git-rules";

export const SP132 = defineRule("SP-132", SEV_ERROR, check);
function SP132_doc(): RuleDoc {
  return {
    id: "SP-132",
    validator: "session-log",
    title: "QA skip scope verified",
    description: "'SKIPPED: docs-only' / 'SKIPPED: investigation-only' QA evidence matches the changes between startingCommit and endingCommit.",
    messages: {
      qaScopeCannotBe: "QA {{label}} scope cannot be verified: startingCommit and endingCommit are required",
      qaScopeCannotBe2: "QA {{label}} scope cannot be verified: startingCommit and endingCommit must be commit SHAs",
      qaScopeCannotBe3: "QA {{label}} scope cannot be verified: {{detail}}",
      qaScopeIncludesDisqualifying: "QA {{label}} scope includes disqualifying changes: {{listShort}}",
    },
    terms: {
      noChangedFileList: "no changed-file list for {{range}}",
      noChangedFilesUnknownScope: "(no changed files: cannot tell a docs-only change from a merge or revert)",
    },
  };
}

function check(ctx: JsonCtx): void {
  const log = ctx.log!;
  const claim = skipClaim(log);
  const q = claim.item;
  if (q === null) return;
  const docs = claim.docsOnly;
  const label = docs ? "docs-only" : "investigation-only";
  if (claim.problem == SKIP_SCOPE_MISSING) {
    ctx.report(ctx.rule, log.at(q), msg("qaScopeCannotBe").s("label", label));
    return;
  }
  if (claim.problem == SKIP_SCOPE_NOT_SHA) {
    ctx.report(ctx.rule, log.at(q), msg("qaScopeCannotBe2").s("label", label));
    return;
  }
  if (!gitReady(log, msgItem(msg("checkQaScope").s("label", label)))) return;
  const input = log.ctx.input;
  const range = claim.range;
  const files = input.factList("git.diff." + range);
  if (files === null) {
    const e = input.fact("git.diffError." + range);
    if (e !== null && arrivedByMerge(log)) {
      ctx.report(SP090, log.at(q), msg("mergedLogNotVerifiable").s("what", msgItem(msg("checkQaScope").s("label", label))).s("detail", e!));
      return;
    }
    ctx.report(ctx.rule, log.at(q), msg("qaScopeCannotBe3").s("label", label).s("detail", (e !== null ? e! : msgItem(msg("noChangedFileList").s("range", range)))));
    return;
  }
  const bad = disqualifying(files!, docs, memDir(log), sessDir(log));
  if (bad !== null) ctx.report(ctx.rule, log.at(q), msg("qaScopeIncludesDisqualifying").s("label", label).s("listShort", listShort(bad)));
}

