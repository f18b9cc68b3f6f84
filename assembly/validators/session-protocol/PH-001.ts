// PH-001: SERENA_INIT: memory store answers.
import { Input } from "../../io";
import { defineRule, RuleCtx, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { SpCtx, str, plural, Verdict, pass, fail } from "./ctx";

export const PH001 = defineRule("PH-001", SEV_ERROR, check);
function PH001_doc(): RuleDoc {
  return {
    id: "PH-001",
    validator: "session-protocol",
    title: "SERENA_INIT: memory store answers",
    description: "The memories folder (default .serena/memories) exists and can be listed (MUST, blocking).",
    messages: {
      gateFailed: "{{gate}}: {{message}}",
    },
  };
}

function check(c: RuleCtx): void {
  const ctx = changetype<SpCtx>(c);
  if (!ctx.is("SERENA_INIT")) return;
  ctx.decide(serenaInit(ctx.input));
}

/** SERENA_INIT. Facts: memoriesDir, memoriesReadable (bool), memoryCount, memoriesDetail. */
function serenaInit(input: Input): Verdict {
  const dir = str(input, "memoriesDir");
  if (input.factBool("memoriesReadable", false)) {
    return pass("memory store answers: " + dir + " lists " + plural(input.factInt("memoryCount", 0), "memory file"), dir);
  }
  const d = str(input, "memoriesDetail");
  return fail("memory store not available: " + (dir.length > 0 ? dir : "no memories folder") + (d.length > 0 ? " (" + d + ")" : ""));
}
