// SP-035 (strict): the Session End checklist matches the canonical protocol's (Req + normalised Step, in
// order). Not compared when the protocol is unusable (SP-005) or the log predates the protocol's
// last change ("protocol.date": the template it copied was older).
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MdCtx, isStrict, protocol, protocolUsable, predatesProtocol, reportDrift } from "./md-log";

export const SP035 = defineRule("SP-035", SEV_ERROR, check);
function SP035_doc(): RuleDoc {
  return {
    id: "SP-035",
    validator: "session-log",
    title: "Session End template",
    description: "Strict: Session End rows match the protocol.",
    messages: {
      rowCountMismatch: "{{name}} checklist row count mismatch (protocol={{protocol}}, session={{session}}); copy the canonical checklist from {{path}}",
      rowMismatch: "{{name}} checklist mismatch at row {{row}}: expected '{{expected}}', got '{{actual}}'; copy the canonical checklist from {{path}}",
    },
  };
}

function check(ctx: MdCtx): void {
  const input = ctx.input;
  if (!isStrict(input)) return;
  const proto = protocol(input);
  if (!protocolUsable(proto)) return; // SP-005
  const log = ctx.log;
  if (predatesProtocol(input, log)) { // noted once by SP-031
    return;
  }
  if (log.endT < 0) return;
  reportDrift(ctx, "Session End", proto!.end, log.end, log.endT + 1);
}
