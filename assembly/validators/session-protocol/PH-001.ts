// PH-001: SERENA_INIT: memory store answers.
import { Input } from "../../io";
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { SpCtx, str, Verdict, pass, fail, count } from "./ctx";

export const PH001 = defineRule("PH-001", SEV_ERROR, check);
function PH001_doc(): RuleDoc {
  return {
    id: "PH-001",
    validator: "session-protocol",
    title: "SERENA_INIT: memory store answers",
    description: "The memories folder (default .serena/memories) exists and can be listed (MUST, blocking).",
    messages: {
      gateFailed: "{{gate}}: {{message}}",
      ok: "memory store answers: {{dir}} lists {{n}} memory file{{ns}}",
      unavailable: "memory store not available: {{dir}}{{detail}}",
      noFolder: "memory store not available: no memories folder{{detail}}",
    },
  };
}

function check(ctx: SpCtx): void {
  if (!ctx.is("SERENA_INIT")) return;
  ctx.decide(serenaInit(ctx.input));
}

/** SERENA_INIT. Facts: memoriesDir, memoriesReadable (bool), memoryCount, memoriesDetail. */
function serenaInit(input: Input): Verdict {
  const dir = str(input, "memoriesDir");
  if (input.factBool("memoriesReadable", false)) {
    return pass(count(msg("ok").s("dir", dir), "n", input.factInt("memoryCount", 0)), dir);
  }
  const d = str(input, "memoriesDetail");
  return fail((dir.length > 0 ? msg("unavailable").s("dir", dir) : msg("noFolder")).s("detail", d.length > 0 ? " (" + d + ")" : ""));
}
