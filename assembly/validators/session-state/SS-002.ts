import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { StateCtx } from "./context";

export const SS002 = defineRule("SS-002", SEV_ERROR, check);
function SS002_doc(): RuleDoc {
  return {
    id: "SS-002",
    validator: "session-state",
    title: "Session state valid",
    description: "Session state parses, matches its schema (the JSON Schema generated from the zod schema at build time) and keeps its invariants: the mode history is not empty and ends with the current mode, updatedAt is not earlier than createdAt, the compact JSON is at most 1 MiB, and the session id is the one the note is named for.",
    messages: {
      sessionState: "Session state {{status}}: {{detail}}",
      invalid: "Session state invalid: {{path}}: {{message}}",
    },
  };
}

function check(ctx: StateCtx): void {
  if (ctx.problem.length > 0) {
    ctx.report(ctx.rule, loc(ctx.doc), msg("sessionState").s("status", ctx.status).s("detail", ctx.problem));
    return;
  }
  for (let i = 0; i < ctx.issues.length; i++) {
    ctx.report(ctx.rule, loc(ctx.doc), msg("invalid").s("path", ctx.issues[i].path).s("message", ctx.issues[i].message));
  }
}
