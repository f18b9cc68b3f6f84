// SM-009: Commit checkpoints exist (manifest validator; the model is in ctx.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { J_NUM } from "../../lib/json";
import { ManifestCtx, str } from "./ctx";

export const SM009 = defineRule("SM-009", SEV_ERROR, check);
function SM009_doc(): RuleDoc {
  return {
    id: "SM-009",
    validator: "manifest",
    title: "Commit checkpoints exist",
    description: "A commit's checkpoint is within 1..checkpoints_total.",
    messages: {
      commitsNamesCheckpointOutside: "commits.{{j}} ({{str}}) names checkpoint {{n}}, outside 1..{{total}}",
    },
  };
}

function check(ctx: ManifestCtx): void {
  if (!ctx.invariantsApply()) return;
  const root = ctx.root!;
  const total = <i32>root.get("build_progress")!.get("checkpoints_total")!.n;
  const commits = root.get("commits")!;
  for (let j = 0; j < commits.items.length; j++) {
    const cm = commits.items[j];
    const cp = cm.get("checkpoint")!;
    if (cp.kind != J_NUM) continue;
    const n = <i32>cp.n;
    if (n < 1 || n > total) ctx.report(ctx.rule, ctx.at(cp), msg("commitsNamesCheckpointOutside").s("j", j.toString()).s("str", str(cm, "sha")).s("n", n.toString()).s("total", total.toString()));
  }
}
