// SP-102: the log matches the schema (every violation, sorted by path; the skip is visible).
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../../abi";
import { JsonCtx } from "./ctx";
import { MODE_RECORD } from "../context";
import { AC904 } from "../../common";
import { sortedErrors } from "./schema";
import { loadSchema } from "./sp102-schema";

export const SP102 = defineRule("SP-102", SEV_ERROR, check);
function SP102_doc(): RuleDoc {
  return {
    id: "SP-102",
    validator: "session-log",
    title: "JSON log matches the schema",
    description: "The log conforms to the schema (the repository's .agents/schemas/session-log.schema.json, else the built-in one); every violation, sorted by path.",
    messages: {
      message: "{{problem}}",
      schemaUsesKeywordS: "Schema: {{name}} uses keyword(s) not checked by agentcheck: {{join}}",
      schema: "Schema: {{path}}: {{message}}",
    },
  };
}

function check(ctx: JsonCtx): void {
  const log = ctx.log!;
  const st = loadSchema(log.ctx.input);
  if (st.schema === null) {
    ctx.report(ctx.rule, log.at(null), msg("message").s("problem", st.problem));
    return;
  }
  const s = st.schema!;
  if (s.unsupported.length > 0) {
    ctx.reportAs(ctx.rule, SEV_WARNING, log.at(null), msg("schemaUsesKeywordS").s("name", st.name).s("join", s.unsupported.join(", ")));
  }
  s.run(log.root, ctx.jmode == MODE_RECORD); // the decided mode (../mode.ts): record + creation = record
  const errs = sortedErrors(s);
  const li = log.lines;
  for (let i = 0; i < errs.length; i++) {
    const e = errs[i];
    ctx.report(ctx.rule, log.ctx.at(li.line(e.pos), li.col(e.pos)), msg("schema").s("path", e.path).s("message", e.message));
  }
  for (let i = 0; i < s.limits.length; i++) {
    const e = s.limits[i];
    ctx.report(AC904, log.ctx.at(li.line(e.pos), li.col(e.pos)), msg("schema").s("path", e.path).s("message", e.message));
  }
  ctx.schemaRan = true;
}

