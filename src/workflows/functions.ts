// Every agentcheck workflow function for one Inngest client (docs/workflows.md).
import type { Inngest } from "inngest";
import { createAgentFunctions } from "./agents.js";
import { createFanOutFunction } from "./fanout.js";
import { createProtocolFunctions, type ProtocolOptions } from "./protocol.js";
import { createApprovalRelayFunction, createStateUpdateFunction, type StateUpdateOptions } from "./state-update.js";

export type AllWorkflowOptions = ProtocolOptions & StateUpdateOptions & {
  /** validate-repositories: each check's time limit (default 300 s); the CLI entry it runs (default this package's bin/agentcheck.js). */
  fanOut?: { timeoutMs?: number; bin?: string };
};

export function createWorkflowFunctions(inngest: Inngest.Any, opts: AllWorkflowOptions = {}) {
  const protocol = createProtocolFunctions(inngest, opts);
  const sessionStateUpdate = createStateUpdateFunction(inngest, opts);
  const agents = createAgentFunctions(inngest, opts);
  const approvalGrantedRelay = createApprovalRelayFunction(inngest);
  const validateRepositories = createFanOutFunction(inngest, opts.fanOut);
  const functions = [
    protocol.sessionProtocolStart, protocol.sessionProtocolEnd, sessionStateUpdate, approvalGrantedRelay,
    agents.orchestratorAgentRouting, agents.agentCompletionHandler, validateRepositories,
  ];
  return { ...protocol, sessionStateUpdate, approvalGrantedRelay, ...agents, validateRepositories, functions };
}
