// The live side tells a waiting workflow at once: `agentcheck session approve|deny` sends
// `approval/resolved` (the event session-state-update's wait listens to) when the shell names an
// Inngest event endpoint, the way the Inngest SDK reads it: INNGEST_EVENT_KEY (with INNGEST_BASE_URL or
// INNGEST_EVENT_API_BASE_URL for a self-hosted server), or INNGEST_DEV (1, or the dev server's URL).
// Without one nothing is sent, and a waiting run finds the answer on the approval at its time-out
// (check-approval). The answer is recorded before the event is sent: a failed send loses nothing.
// Plain data here; `inngest` (an optional peer) is loaded only when an endpoint is named.
import type { Approval } from "../state/approvals.js";
import { EVENTS, type ApprovalResolvedData } from "./events.js";

export type NotifyResult = { name: string; sent: true; ids: string[] } | { name: string; sent: false; error: string };

/** Whether the environment names an Inngest event endpoint (the SDK's variables). */
export function inngestEndpointNamed(env: NodeJS.ProcessEnv = process.env): boolean {
  const dev = (env.INNGEST_DEV ?? "").trim().toLowerCase();
  return (env.INNGEST_EVENT_KEY ?? "") !== "" || (dev !== "" && dev !== "0" && dev !== "false");
}

/** The event that answers a workflow waiting on this approval. */
export function resolvedEvent(a: Approval): { name: string; data: ApprovalResolvedData } {
  if (a.status === "pending") throw new Error(`approval '${a.id}' is still pending`);
  return { name: EVENTS.approvalResolved, data: { approvalId: a.id, status: a.status, ...(a.resolvedBy ? { resolvedBy: a.resolvedBy } : {}), ...(a.note ? { note: a.note } : {}) } };
}

/** Send `approval/resolved` for a resolved approval when an endpoint is named; undefined when none is. */
export async function notifyResolved(a: Approval, env: NodeJS.ProcessEnv = process.env): Promise<NotifyResult | undefined> {
  if (!inngestEndpointNamed(env)) return undefined;
  const ev = resolvedEvent(a);
  try {
    const { Inngest } = await import("inngest");
    const r = await new Inngest({ id: "agentcheck-cli" }).send(ev);
    return { name: ev.name, sent: true, ids: [...(r.ids ?? [])] };
  } catch (e) {
    return { name: ev.name, sent: false, error: String((e as Error)?.message ?? e).slice(0, 500) };
  }
}
