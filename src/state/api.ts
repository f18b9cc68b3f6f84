// Function-style library API over SessionStore (for workflow functions and other tools). Each call
// opens the store for `opts` (notes root resolved as the CLI does) and runs one operation.
import { SessionStore, type SessionStoreOptions, type StatePatch, type Mutation, type UpdateOptions, type StartInvocationInput, type CompleteInvocationInput, type DecisionInput, type VerdictInput, type HandoffInput, type CompactResult } from "./ops.js";
import type { SessionState, WorkflowModeT, AgentInvocation, AgentType } from "./schema.js";

export type SessionApiOptions = SessionStoreOptions;
const open = (o?: SessionApiOptions) => new SessionStore(o);

export const createSession = (sessionId?: string, o: SessionApiOptions & { makeCurrent?: boolean; mode?: WorkflowModeT; force?: boolean } = {}): Promise<SessionState> =>
  open(o).create(sessionId, o);
/** The state of `sessionId`, or of the current session when omitted. */
export const getSessionState = (sessionId?: string, o?: SessionApiOptions): Promise<SessionState> => {
  const s = open(o);
  return s.get(s.resolveId(sessionId));
};
export const getCurrentSessionId = (o?: SessionApiOptions): Promise<string> => open(o).currentId();
export const useSession = (sessionId: string, o?: SessionApiOptions): Promise<string> => open(o).use(sessionId);
export const updateSessionState = (sessionId: string | undefined, change: StatePatch | Mutation<unknown>, o: SessionApiOptions & UpdateOptions = {}): Promise<SessionState> =>
  open(o).update(sessionId, change, o);
export const setSessionMode = (sessionId: string | undefined, mode: WorkflowModeT, o: SessionApiOptions & UpdateOptions = {}): Promise<SessionState> =>
  open(o).setMode(sessionId, mode, o);
export const recordProtocolStart = (sessionId: string | undefined, evidence: Record<string, string | null>, o?: SessionApiOptions): Promise<SessionState> =>
  open(o).protocolStart(sessionId, evidence);
export const recordProtocolEnd = (sessionId: string | undefined, evidence: Record<string, string | null>, o: SessionApiOptions & { keepFocus?: boolean } = {}): Promise<SessionState> =>
  open(o).protocolEnd(sessionId, evidence, o);
export const closeSession = (sessionId: string | undefined, evidence: Record<string, string | null> = {}, o?: SessionApiOptions): Promise<SessionState> =>
  open(o).close(sessionId, evidence);
export const startAgentInvocation = (sessionId: string | undefined, input: StartInvocationInput, o?: SessionApiOptions) => open(o).startInvocation(sessionId, input);
export const completeAgentInvocation = (sessionId: string | undefined, input: CompleteInvocationInput, o?: SessionApiOptions): Promise<CompactResult> =>
  open(o).completeInvocation(sessionId, input);
export const addSessionDecision = (sessionId: string | undefined, input: DecisionInput, o?: SessionApiOptions) => open(o).addDecision(sessionId, input);
export const addSessionVerdict = (sessionId: string | undefined, input: VerdictInput, o?: SessionApiOptions): Promise<SessionState> => open(o).addVerdict(sessionId, input);
export const addSessionHandoff = (sessionId: string | undefined, input: HandoffInput, o?: SessionApiOptions): Promise<SessionState> => open(o).addHandoff(sessionId, input);
export const compactSession = (sessionId?: string, o?: SessionApiOptions): Promise<CompactResult> => open(o).compact(sessionId);
export const getAgentContext = (sessionId: string, agent: AgentType, o?: SessionApiOptions): Promise<AgentInvocation> => open(o).getAgentContext(sessionId, agent);
