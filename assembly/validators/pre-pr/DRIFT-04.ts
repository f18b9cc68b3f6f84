// DRIFT-04: a pair of agent definitions whose shared sections drifted apart (options threshold, sections).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { Doc } from "../../io";
import { FAMILY_DRIFT, PrePrCtx } from "./ctx";
import { pct, section, similarity, stem } from "./drift";
import { PREPR_ROLE_DRIFT_LEFT, PREPR_ROLE_DRIFT_RIGHT } from "../../abi";
import { listOption } from "./prd";

export const DRIFT04 = defineRule("DRIFT-04", SEV_ERROR, check);
function DRIFT04_doc(): RuleDoc {
  return {
    id: "DRIFT-04",
    validator: "pre-pr",
    title: "Agent drift",
    description: "A left agent definition `<name>.md` and its right counterpart `<name>.agent.md` share named level-2 sections (`sections`) whose average word-set similarity (Jaccard) is below `threshold` percent; the sections below it are listed.",
    options: {
      threshold: { type: "integer", "default": 80, description: "Least average similarity in percent (config prePr.agentDrift.threshold sets it too)." },
      sections: {
        type: "string[]",
        "default": ["core identity", "core mission", "key responsibilities", "constraints", "handoff options", "execution mindset", "memory protocol", "memory protocol (cloudmcp-manager)", "impact analysis mode", "analysis types", "adr template", "adr format", "review phases", "architecture review process", "handoff protocol", "analysis document format"],
        description: "Level-2 section names compared, case-insensitively (config prePr.agentDrift.sections).",
      },
    },
    messages: {
      message: "{{name}}: {{pct}}% < {{pct2}}%: {{join}}",
    },
  };
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_DRIFT)) return;
  const results = ctx.results;
  const docs = ctx.docs;
  const threshold = ctx.input.optionInt(ctx.rule, "threshold", 80) * 10;
  const names = listOption(ctx.input, "option.DRIFT-04.sections", 0);
  for (let l = 0; l < docs.length; l++) {
    const left = docs[l];
    if (left.flags != PREPR_ROLE_DRIFT_LEFT) continue;
    let right: Doc | null = null;
    for (let r = 0; r < docs.length && right === null; r++) {
      if (docs[r].flags == PREPR_ROLE_DRIFT_RIGHT && stem(docs[r]) == stem(left)) right = docs[r];
    }
    if (right === null) {
      results.put(left, "counterpart", "none");
      continue;
    }
    let sum = 0;
    let n = 0;
    const low: string[] = [];
    for (let k = 0; k < names.length; k++) {
      const a = section(left, names[k]);
      const b = section(right, names[k]);
      if (a === null && b === null) continue;
      const s = similarity(a === null ? "" : a, b === null ? "" : b);
      sum += s;
      n++;
      if (s < threshold) low.push(names[k] + " " + pct(s) + "%");
    }
    const overall = n == 0 ? 1000 : (sum * 2 + n) / (2 * n);
    results.put(left, "similarity", pct(overall));
    if (overall < threshold) {
      ctx.report(ctx.rule, loc(left), msg("message").s("name", right.name).s("pct", pct(overall)).s("pct2", pct(threshold)).s("join", low.join(", ")));
    }
  }
}
