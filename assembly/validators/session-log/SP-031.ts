// SP-031 (strict): the Session Start checklist matches the canonical protocol's (Req + normalised Step, in
// order). Not compared when the protocol is unusable (SP-005) or the log predates the protocol's
// last change ("protocol.date": the template it copied was older; reported here, as info, once for both checklists).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR, SEV_INFO } from "../../abi";
import { MdCtx, isStrict, protocol, protocolUsable, predatesProtocol, reportDrift } from "./md-log";

export const SP031 = defineRule("SP-031", SEV_ERROR, check);
function SP031_doc(): RuleDoc {
  return {
    id: "SP-031",
    validator: "session-log",
    title: "Session Start template",
    description: "Strict: Session Start rows match the protocol.",
    messages: {
      rowCountMismatch: "{{name}} checklist row count mismatch (protocol={{protocol}}, session={{session}}); copy the canonical checklist from {{path}}",
      rowMismatch: "{{name}} checklist mismatch at row {{row}}: expected '{{expected}}', got '{{actual}}'; copy the canonical checklist from {{path}}",
      driftNotCheckedLog: "Drift not checked: log ({{date}}) predates the protocol change ({{since}})",
    },
  };
}

function check(ctx: MdCtx): void {
  const input = ctx.input;
  if (!isStrict(input)) return;
  const proto = protocol(input);
  if (!protocolUsable(proto)) return; // SP-005
  const log = ctx.log;
  if (predatesProtocol(input, log)) {
    ctx.reportAs(ctx.rule, SEV_INFO, ctx.at(0, 0), msg("driftNotCheckedLog").s("date", log.date).s("since", input.fact("protocol.date")!));
    return;
  }
  if (log.startT < 0) return;
  reportDrift(ctx, "Session Start", proto!.start, log.start, log.startT + 1);
}
