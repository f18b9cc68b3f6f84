// PH-002: SKILL_VALIDATION: skills and mandatory memory.
import { Input } from "../../io";
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { SpCtx, str, Verdict, pass, fail, count } from "./ctx";

export const PH002 = defineRule("PH-002", SEV_ERROR, check);
function PH002_doc(): RuleDoc {
  return {
    id: "PH-002",
    validator: "session-protocol",
    title: "SKILL_VALIDATION: skills and mandatory memory",
    description: "The skills folder exists and evidence records that the mandatory skill-usage memory was read (MUST, blocking).",
    messages: {
      gateFailed: "{{gate}}: {{message}}",
      noDir: "the skills folder {{dir}} does not exist",
      noMemory: "no evidence that the mandatory memory {{memory}} was read (record_evidence SKILL_VALIDATION memory_read)",
      noDirNoMemory: "the skills folder {{dir}} does not exist; no evidence that the mandatory memory {{memory}} was read (record_evidence SKILL_VALIDATION memory_read)",
      ok: "skills folder {{dir}} ({{n}} script{{ns}}); {{memory}} read: {{read}}",
    },
  };
}

function check(ctx: SpCtx): void {
  if (!ctx.is("SKILL_VALIDATION")) return;
  ctx.decide(skillValidation(ctx.input));
}

/** SKILL_VALIDATION. Facts: skillsDir, skillsDirExists (bool), skillScripts (int), memoryRead (evidence text), memoryName. */
function skillValidation(input: Input): Verdict {
  const dir = str(input, "skillsDir");
  const haveDir = input.factBool("skillsDirExists", false);
  const read = str(input, "memoryRead");
  const mem = str(input, "memoryName");
  if (!haveDir && read.length == 0) return fail(msg("noDirNoMemory").s("dir", dir).s("memory", mem));
  if (!haveDir) return fail(msg("noDir").s("dir", dir));
  if (read.length == 0) return fail(msg("noMemory").s("memory", mem));
  return pass(count(msg("ok").s("dir", dir), "n", input.factInt("skillScripts", 0)).s("memory", mem).s("read", read), dir + "; " + read);
}
