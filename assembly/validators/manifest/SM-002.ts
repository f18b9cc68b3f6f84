// SM-002: Manifest matches the schema (manifest validator; the model is in ctx.ts).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { SEV_WARNING } from "../../abi";
import { ManifestCtx } from "./ctx";
import { AC904 } from "../common";

export const SM002 = defineRule("SM-002", SEV_ERROR, check);
function SM002_doc(): RuleDoc {
  return {
    id: "SM-002",
    validator: "manifest",
    title: "Manifest matches the schema",
    description: "Conforms to the JSON Schema generated from the zod v2 schema (unknown keys refused); every violation, by path. A check that runs out of the regular-expression budget is AC-904 (no verdict), and the invariants (SM-004..SM-010) then do not run.",
    messages: {
      schemaKeywordSNot: "Schema: keyword(s) not checked: {{join}}",
      schema: "Schema: {{path}}: {{message}}",
      schema2: "Schema: {{schemaProblem}}",
    },
    // why the schema layer did not run ({{schemaProblem}}; ctx.ts loadSchema)
    terms: {
      schemaNotSupplied: "no manifest schema was supplied (fact manifest.schema); schema layer not checked",
      schemaNotJson: "the manifest schema is not JSON ({{error}})",
      schemaNotUsable: "the manifest schema is not usable: {{why}}",
    },
  };
}

function check(ctx: ManifestCtx): void {
  if (!ctx.isObject()) return;
  const s = ctx.schema();
  if (s === null) {
    ctx.report(ctx.rule, ctx.at(null), msg("schema2").s("schemaProblem", ctx.schemaProblem()));
    return;
  }
  if (s.unsupported.length > 0) {
    ctx.reportAs(ctx.rule, SEV_WARNING, loc(ctx.doc), msg("schemaKeywordSNot").s("join", s.unsupported.join(", ")));
  }
  const errs = ctx.schemaErrors();
  for (let j = 0; j < errs.length; j++) {
    const e = errs[j];
    ctx.report(ctx.rule, loc(ctx.doc, ctx.lines.line(e.pos), ctx.lines.col(e.pos)), msg("schema").s("path", e.path).s("message", e.message));
  }
  const lims = ctx.schemaLimits(); // budget hits: no verdict (AC-904), never a pass
  for (let j = 0; j < lims.length; j++) {
    const e = lims[j];
    ctx.report(AC904, loc(ctx.doc, ctx.lines.line(e.pos), ctx.lines.col(e.pos)), msg("schema").s("path", e.path).s("message", e.message));
  }
}
