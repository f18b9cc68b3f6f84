// CO-001: Epic not found: the scope is not checked (the check passes).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_INFO } from "../../abi";
import { ConsistencyCtx } from "./context";

export const CO001 = defineRule("CO-001", SEV_INFO, check);
function CO001_doc(): RuleDoc {
  return {
    id: "CO-001",
    validator: "consistency",
    title: "Epic not found",
    description: "No Epic matches the feature: scope alignment is not checked (the check passes).",
    messages: {
      epicFileNotFound: "Epic file not found",
    },
    // the consistency validator's skip reasons (document data "skip", rendered by the host)
    terms: {
      skipNoArtifacts: "no Epic, PRD, Tasks or Plan matches the feature '{{feature}}': nothing checked",
      partialUnread: "not fully checked: {{files}} could not be read",
      skipNoFeatures: "no feature found (no prd-*.md or tasks-*.md among the {{n}} markdown file(s) of the planning folder): nothing checked",
    },
  };
}

function check(ctx: ConsistencyCtx): void {
  const f = ctx.feature;
  ctx.group("ScopeAlignment");
  if (f.epic !== null) return;
  ctx.report(ctx.rule, loc(f.prd !== null ? f.prd : f.tasks), msg("epicFileNotFound"));
}
