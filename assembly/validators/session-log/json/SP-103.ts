// SP-103: session fields present, only when the schema layer was skipped.
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_ERROR } from "../../../abi";
import { J_OBJ } from "../../../lib/json";
import { JsonCtx } from "./ctx";
import { present } from "./sp102-schema";

export const SP103 = defineRule("SP-103", SEV_ERROR, check);
function SP103_doc(): RuleDoc {
  return {
    id: "SP-103",
    validator: "session-log",
    title: "Session fields present",
    description: "Only when the schema layer was skipped: session, protocolCompliance and their required members are present.",
    messages: {
      missingSession: "Missing: session",
      missingSession2: "Missing: session.{{f}}",
      missingProtocolcompliance: "Missing: protocolCompliance",
      missingProtocolcomplianceSessionstart: "Missing: protocolCompliance.sessionStart",
      missingProtocolcomplianceSessionend: "Missing: protocolCompliance.sessionEnd",
    },
  };
}

function check(ctx: JsonCtx): void {
  if (ctx.schemaRan) return; // only when the schema layer did not run (SP-102)
  const log = ctx.log!;
  const root = log.root;
  const sess = root.get("session");
  if (sess === null || sess.kind != J_OBJ) ctx.report(ctx.rule, log.at(sess), msg("missingSession"));
  else {
    const f = ["number", "date", "branch", "startingCommit", "objective"];
    for (let i = 0; i < f.length; i++) if (!present(sess, f[i])) ctx.report(ctx.rule, log.at(sess), msg("missingSession2").s("f", f[i]));
  }
  const pc = root.get("protocolCompliance");
  if (pc === null || pc.kind != J_OBJ) ctx.report(ctx.rule, log.at(pc), msg("missingProtocolcompliance"));
  else {
    if (log.section("sessionStart") === null) ctx.report(ctx.rule, log.at(pc), msg("missingProtocolcomplianceSessionstart"));
    if (log.section("sessionEnd") === null) ctx.report(ctx.rule, log.at(pc), msg("missingProtocolcomplianceSessionend"));
  }
}
