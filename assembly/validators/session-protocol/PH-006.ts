// PH-006: DOCS_UPDATE: work sections filled.
import { Input } from "../../io";
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { SpCtx, str, Verdict, pass, fail, count } from "./ctx";

export const PH006 = defineRule("PH-006", SEV_WARNING, check);
function PH006_doc(): RuleDoc {
  return {
    id: "PH-006",
    validator: "session-protocol",
    title: "DOCS_UPDATE: work sections filled",
    description: "The session log's work sections have content (SHOULD, not blocking).",
    messages: {
      gateFailed: "{{gate}}: {{message}}",
      noLog: "no session log {{path}} to hold the work record",
      empty: "the work sections of {{path}} are empty",
      ok: "{{path}}: {{n}} work entry{{ns}} recorded",
    },
  };
}

function check(ctx: SpCtx): void {
  if (!ctx.is("DOCS_UPDATE")) return;
  ctx.decide(docsUpdate(ctx.input));
}

/** DOCS_UPDATE. Facts: logPath, logExists (bool), workEntries (int). */
function docsUpdate(input: Input): Verdict {
  const path = str(input, "logPath");
  if (!input.factBool("logExists", false)) return fail(msg("noLog").s("path", path));
  const n = input.factInt("workEntries", 0);
  if (n <= 0) return fail(msg("empty").s("path", path));
  return pass(count(msg("ok").s("path", path), "n", n), path);
}
