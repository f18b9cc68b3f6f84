// orchestrator-agent-routing and agent-completion-handler: seed 001's agent tracking. Each records
// through the session store's agent operations (`session agent start|complete`), once per event.
import type { Inngest } from "inngest";
import { EVENTS, type AgentCompleteData, type AgentInvokeData } from "./events.js";
import { stateStep, storeAt, whereOf, type WorkflowOptions } from "./context.js";

export function createAgentFunctions(inngest: Inngest.Any, opts: WorkflowOptions = {}) {
  const orchestratorAgentRouting = inngest.createFunction(
    { id: "orchestrator-agent-routing", name: "Orchestrator agent routing", retries: 3, triggers: [{ event: EVENTS.agentInvoke }] },
    async ({ event, step }) => {
      const data = (event.data ?? {}) as AgentInvokeData;
      const at = await whereOf(event, step, opts);
      const started = await step.run("start-agent-invocation", () => stateStep(async () => {
        const r = await storeAt(at).startInvocation(data.sessionId, {
          agent: data.agent,
          ...(data.prompt !== undefined ? { prompt: data.prompt } : {}),
          ...(data.context !== undefined ? { context: data.context } : {}),
          ...(data.artifacts !== undefined ? { artifacts: data.artifacts } : {}),
          ...(data.handoffFrom !== undefined ? { handoffFrom: data.handoffFrom } : {}),
        }, { once: true });
        const inv = r.state.orchestratorWorkflow!.agentHistory[r.index];
        return { sessionId: r.state.sessionId, index: r.index, version: r.state.version, handoffFrom: inv.handoffFrom, startedAt: inv.startedAt };
      }));
      await step.sendEvent("emit-state-update", {
        name: EVENTS.stateUpdate,
        data: { sessionId: started.sessionId, cwd: at.cwd, version: started.version, updates: { activeAgent: data.agent, lastAgentChange: started.startedAt } },
      });
      return started;
    },
  );

  const agentCompletionHandler = inngest.createFunction(
    { id: "agent-completion-handler", name: "Agent completion handler", retries: 3, triggers: [{ event: EVENTS.agentComplete }] },
    async ({ event, step }) => {
      const data = (event.data ?? {}) as AgentCompleteData;
      const at = await whereOf(event, step, opts);
      // completion, status (completed / blocked / failed), agent-context note and compaction (over 10
      // invocations: the rest archived losslessly) are one transaction of the store
      const done = await step.run("complete-agent-invocation", () => stateStep(async () => {
        const r = await storeAt(at).completeInvocation(data.sessionId, {
          agent: data.agent,
          ...(data.output !== undefined ? { output: data.output } : {}),
          ...(data.handoffTo !== undefined ? { handoffTo: data.handoffTo } : {}),
          ...(data.handoffReason !== undefined ? { handoffReason: data.handoffReason } : {}),
          ...(data.failed !== undefined ? { failed: data.failed } : {}),
        }, { once: true });
        const h = r.state.orchestratorWorkflow?.agentHistory ?? [];
        let i = h.length - 1;
        while (i >= 0 && h[i].agent !== data.agent) i--;
        return { sessionId: r.state.sessionId, version: r.state.version, status: i >= 0 ? h[i].status : null, activeAgent: r.state.orchestratorWorkflow?.activeAgent ?? null, compacted: r.compacted, notePath: r.notePath ?? null };
      }));
      await step.sendEvent("emit-state-update", {
        name: EVENTS.stateUpdate,
        data: { sessionId: done.sessionId, cwd: at.cwd, version: done.version, updates: { agentCompleted: data.agent, status: done.status, activeAgent: done.activeAgent, compactionTriggered: done.compacted } },
      });
      return done;
    },
  );

  return { orchestratorAgentRouting, agentCompletionHandler };
}
