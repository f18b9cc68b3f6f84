// WFS-08: a workflow without permissions (neither at the top level nor on a job).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { FAMILY_WFS, PrePrCtx } from "./ctx";
import { workflows } from "./workflow";

export const WFS08 = defineRule("WFS-08", SEV_WARNING, check);
function WFS08_doc(): RuleDoc {
  return {
    id: "WFS-08",
    validator: "pre-pr",
    title: "No permissions",
    description: "A workflow without a top-level `permissions:` runs with the repository's default token permissions; it is reported once for the workflow and once per job that sets none either.",
    messages: {
      noPermissions: "No permissions:",
      noPermissions2: "{{key}}: no permissions",
    },
  };
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_WFS)) return;
  const ws = workflows(ctx);
  for (let d = 0; d < ws.length; d++) {
    const w = ws[d];
    if (!w.structured() || !w.isWorkflow() || !w.jobsMapping() || w.permsTop) continue;
    ctx.report(ctx.rule, loc(w.doc), msg("noPermissions"));
    for (let j = 0; j < w.jobs.length; j++) {
      const job = w.jobs[j];
      let perms = false;
      for (let i = job.from; i < job.to && !perms; i++) if (w.lines[i].key == "permissions" && !w.lines[i].item) perms = true;
      if (!perms) ctx.report(ctx.rule, loc(w.doc, job.line.no, job.line.indent + 1), msg("noPermissions2").s("key", job.line.key));
    }
  }
}
