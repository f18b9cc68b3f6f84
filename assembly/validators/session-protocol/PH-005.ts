// PH-005: GIT_STATE: git state recorded.
import { Input } from "../../io";
import { defineRule, msg, msgItem, RuleDoc } from "../../rules";
import { listValue } from "../../lib/text";
import { SEV_WARNING } from "../../abi";
import { SpCtx, str, Verdict, pass, fail } from "./ctx";

export const PH005 = defineRule("PH-005", SEV_WARNING, check);
function PH005_doc(): RuleDoc {
  return {
    id: "PH-005",
    validator: "session-protocol",
    title: "GIT_STATE: git state recorded",
    description: "Branch, starting commit and working-tree state are known (SHOULD, not blocking).",
    messages: {
      gateFailed: "{{gate}}: {{message}}",
      missing: "not recorded: {{missing}}",
      ok: "branch {{branch}}, starting commit {{commit}}, working tree {{tree}}",
    },
    terms: {
      partBranch: "branch",
      partStartingCommit: "starting commit",
      partTreeState: "working tree state",
    },
  };
}

function check(ctx: SpCtx): void {
  if (!ctx.is("GIT_STATE")) return;
  ctx.decide(gitState(ctx.input));
}

/** GIT_STATE. Facts: branch, startingCommit, treeState. */
function gitState(input: Input): Verdict {
  const b = str(input, "branch");
  const c = str(input, "startingCommit");
  const t = str(input, "treeState");
  const missing: string[] = [];
  if (b.length == 0) missing.push(msgItem(msg("partBranch")));
  if (c.length == 0) missing.push(msgItem(msg("partStartingCommit")));
  if (t.length == 0) missing.push(msgItem(msg("partTreeState")));
  if (missing.length > 0) return fail(msg("missing").s("missing", listValue(missing)));
  return pass(msg("ok").s("branch", b).s("commit", c).s("tree", t), b + "@" + c + " (" + t + ")");
}
