// `agentcheck/inngest`: the session-protocol workflows of seed 001 as Inngest functions, and a served
// app for them (docs/workflows.md). Every step calls the same library functions the CLI and the Claude
// Code hooks use, so a workflow reaches the same verdict. `inngest` (v4) is an optional peer
// dependency: only this subpath (and `agentcheck workflows serve`) needs it.
//
//   import { Inngest } from "inngest";
//   import { createSessionFunctions } from "agentcheck/inngest";
//   const inngest = new Inngest({ id: "my-app" });
//   export const { functions } = createSessionFunctions(inngest, { cwd: "/path/to/repo" });
import type { Inngest } from "inngest";
import { createWorkflowFunctions, type AllWorkflowOptions } from "./workflows/functions.js";

export { EVENTS } from "./workflows/events.js";
export type * from "./workflows/events.js";
export { createWorkflowFunctions, type AllWorkflowOptions } from "./workflows/functions.js";
export { createWorkflowHandler, startWorkflowServer, SERVE_PATH, type HandlerOptions } from "./workflows/serve.js";
export { eventOnlyApprovals, liveApprovals, type ApprovalPort, type ApprovalStatus } from "./workflows/state-update.js";
export { defaultSessionLogFactory, type SessionLogFactory, type SessionLogRequest } from "./workflows/session-log.js";
export { validateRepository, type RepositoryVerdict } from "./workflows/fanout.js";

export type SessionFunctionOptions = AllWorkflowOptions;

/** Every function (the name the first release exported; same as createWorkflowFunctions). */
export function createSessionFunctions(inngest: Inngest.Any, opts: SessionFunctionOptions = {}) {
  return createWorkflowFunctions(inngest, opts);
}
