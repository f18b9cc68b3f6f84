// PH-004: SESSION_LOG: log validates.
import { Input } from "../../io";
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { SpCtx, str, lines, listed, Verdict, pass, fail, count } from "./ctx";

export const PH004 = defineRule("PH-004", SEV_ERROR, check);
function PH004_doc(): RuleDoc {
  return {
    id: "PH-004",
    validator: "session-protocol",
    title: "SESSION_LOG: log validates",
    description: "The session log .agents/sessions/<id>.md|.json exists and passes the session-log validator in creation mode (MUST, blocking). Under a protocol preset that makes logs optional (`protocol.preset` validate-if-present) a session without a log skips the gate; a log that exists is still validated.",
    messages: {
      gateFailed: "{{gate}}: {{message}}",
      noLog: "no session log {{path}} (.md or .json)",
      optional: "no session log {{path}}: logs are optional under this repository's protocol preset",
      internal: "the session-log validator could not check {{path}}: {{errors}}",
      notRun: "the session-log validator did not run on {{path}}",
      invalid: "{{path}} does not validate (creation mode, {{n}} error{{ns}}): {{findings}}",
      ok: "{{path}} validates (creation mode)",
    },
  };
}

function check(ctx: SpCtx): void {
  if (!ctx.is("SESSION_LOG")) return;
  ctx.decide(sessionLog(ctx.input));
}

/** SESSION_LOG. Facts: logPath, logExists (bool), logRequired (bool, default true), logFindings (lines), logInternal (lines). */
function sessionLog(input: Input): Verdict {
  const path = str(input, "logPath");
  if (!input.factBool("logExists", false)) {
    if (!input.factBool("logRequired", true)) return new Verdict("SKIPPED", msg("optional").s("path", path), "");
    return fail(msg("noLog").s("path", path));
  }
  const internal = lines(input, "logInternal");
  if (internal.length > 0) return fail(msg("internal").s("path", path).s("errors", listed(internal, 3)));
  if (!input.has("logFindings")) return fail(msg("notRun").s("path", path));
  const f = lines(input, "logFindings");
  if (f.length > 0) return fail(count(msg("invalid").s("path", path), "n", f.length).s("findings", listed(f, 5)));
  return pass(msg("ok").s("path", path), path);
}
