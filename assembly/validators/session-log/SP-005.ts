// SP-005 (strict): the canonical protocol (.agents/SESSION-PROTOCOL.md, the KIND_PROTOCOL
// document) is available with both checklists, so drift (SP-031/SP-035) can be checked.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MdCtx, isStrict, protocol, protocolPath, protocolUsable } from "./md-log";

export const SP005 = defineRule("SP-005", SEV_ERROR, check);
function SP005_doc(): RuleDoc {
  return {
    id: "SP-005",
    validator: "session-log",
    title: "Canonical protocol available",
    description: "Strict: the protocol file has both checklists.",
    messages: {
      protocolNotFound: "Canonical protocol {{path}} not found; drift not checked",
      protocolNoChecklists: "Canonical protocol {{path}} has no parsable checklists; drift not checked",
    },
  };
}

function check(ctx: MdCtx): void {
  if (!isStrict(ctx.input)) return;
  const proto = protocol(ctx.input);
  if (protocolUsable(proto)) return;
  ctx.report(ctx.rule, ctx.at(0, 0), msg(proto === null ? "protocolNotFound" : "protocolNoChecklists").s("path", protocolPath(ctx.input)));
}
