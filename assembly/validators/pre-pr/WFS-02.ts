// WFS-02: the shape of a workflow (a mapping with name, on and a non-empty jobs mapping).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { FAMILY_WFS, PrePrCtx } from "./ctx";
import { workflows } from "./workflow";

export const WFS02 = defineRule("WFS-02", SEV_ERROR, check);
function WFS02_doc(): RuleDoc {
  return {
    id: "WFS-02",
    validator: "pre-pr",
    title: "Workflow shape",
    description: "A workflow or action file's top level is a mapping; a workflow also has `name:`, `on:` and a non-empty `jobs:` mapping.",
    messages: {
      onlyCommentsNeedA: "Only comments; need a mapping",
      topLevelIsNot: "Top level is not a mapping",
      noName: "No name:",
      noOn: "No on:",
      noJobs: "No jobs:",
      jobsIsNotA: "jobs is not a mapping",
      jobsIsEmpty: "jobs is empty",
    },
  };
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_WFS)) return;
  const ws = workflows(ctx);
  for (let d = 0; d < ws.length; d++) {
    const w = ws[d];
    if (!w.content || w.yamlError !== null) continue;
    const first = w.first;
    if (first === null) {
      ctx.report(ctx.rule, loc(w.doc), msg("onlyCommentsNeedA"));
      continue;
    }
    if (!w.structured()) {
      ctx.report(ctx.rule, loc(w.doc, first.no), msg("topLevelIsNot"));
      continue;
    }
    if (!w.isWorkflow()) continue;
    if (!w.hasName) ctx.report(ctx.rule, loc(w.doc), msg("noName"));
    if (!w.hasOn) ctx.report(ctx.rule, loc(w.doc), msg("noOn"));
    if (w.jobsLine < 0) {
      ctx.report(ctx.rule, loc(w.doc), msg("noJobs"));
      continue;
    }
    const jl = w.lines[w.jobsLine];
    if (!w.jobsMapping()) ctx.report(ctx.rule, loc(w.doc, jl.no, 1), msg("jobsIsNotA"));
    else if (w.jobs.length == 0) ctx.report(ctx.rule, loc(w.doc, jl.no, 1), msg("jobsIsEmpty"));
  }
}
