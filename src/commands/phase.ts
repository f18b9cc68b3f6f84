// `agentcheck phase …`: the MCP server's phase machine for hooks and scripts. One JSON document on
// stdout: {ok: true, …result} or {ok: false, error: {code, message}}.
// Exit codes: 0 done; 1 a gate failed / not advanced / session BLOCKED; 2 usage (also a --memories-dir
// that is not the configuration's paths.memories, as `agentcheck mcp` refuses it); 3 no active session;
// 4 a state file does not parse; 6 refused (invalid input, session active, out of order, phase
// complete); 7 conflict (the session moved meanwhile); 8 lock timeout or I/O error.
import { readFileSync, realpathSync } from "node:fs";
import { resolve } from "node:path";
import { gitTopLevel } from "../git-run.js";
import { PhaseFormatError } from "../phase/format.js";
import {
  ProtocolError, advancePhase, assertProtocolOn, getBlockedReason, openProtocol, recordEvidence, sessionEnd, sessionStart, status, validateGate,
} from "../phase/machine.js";
import { memoriesDirRefusal } from "../phase/store.js";
import { StateError } from "../state/errors.js";
import { writeErr, writeOut } from "../stdio.js";

interface PhaseOpts {
  root?: string;
  memoriesDir?: string;
  now?: string;
  branch?: string;
  startingCommit?: string;
  resume?: boolean;
  skipQa?: boolean;
  force?: boolean;
  summary?: string;
  decision?: string[];
  nextNotes?: string;
  abandon?: boolean;
}

const CODE_EXIT: Record<string, number> = {
  NO_SESSION: 3, CORRUPT_STATE: 4, INVALID_INPUT: 6, SESSION_ACTIVE: 6, OUT_OF_ORDER: 6, PHASE_COMPLETE: 6, NOT_STALE: 6, PROTOCOL_OFF: 6,
  CONFLICT: 7, LOCK_TIMEOUT: 8, IO_ERROR: 8,
};

function print(v: unknown): void {
  writeOut(JSON.stringify(v, null, 2) + "\n");
}

export async function runPhaseCommand(op: string, args: unknown[]): Promise<number> {
  // commander passes the positional arguments, then the options object, then the command
  const o = (args[args.length - 2] ?? {}) as PhaseOpts;
  const pos = args.slice(0, -2);
  const rootArg = o.root ? realpathSync(resolve(o.root)) : undefined;
  const root = rootArg ?? gitTopLevel(process.cwd()) ?? realpathSync(process.cwd());
  // the configuration's paths.memories, as the MCP server reads it (the gate's gate.phases too)
  const { loadConfig } = await import("../config.js");
  const settings = await loadConfig(root, undefined, root);
  const { config } = settings;
  // one memories folder for the MCP server, this command and the PreToolUse gate: the configuration's
  const refused = memoriesDirRefusal("phase", root, o.memoriesDir, settings.paths.memories);
  if (refused !== undefined) {
    writeErr(`${refused}\n`);
    return 2;
  }
  const { presetOf } = await import("../protocol-preset.js");
  const ctx = openProtocol({ root, memoriesDir: o.memoriesDir, now: o.now, settings, preset: presetOf(config) });
  try {
    assertProtocolOn(ctx);
    let r: Record<string, unknown>;
    let exit = 0;
    switch (op) {
      case "start": {
        const objective = (pos[0] as string[]).join(" ");
        r = await sessionStart(ctx, { objective, branch: o.branch, starting_commit: o.startingCommit, resume: o.resume });
        break;
      }
      case "gate": {
        const g = await validateGate(ctx, pos[0] as string, { skipQa: o.skipQa });
        r = g;
        if (g.results.some((x) => x.status === "FAIL")) exit = 1;
        break;
      }
      case "advance": {
        const a = await advancePhase(ctx, pos[0] as string | undefined, { force: o.force });
        r = a;
        if (!a.advanced) exit = 1;
        break;
      }
      case "evidence": {
        let ev = pos[2] as string;
        if (ev === "-") ev = readFileSync(0, "utf8").replace(/\n$/, "");
        r = await recordEvidence(ctx, pos[0] as string, pos[1] as string, ev);
        break;
      }
      case "status":
        r = status(ctx);
        break;
      case "blocked":
        r = await getBlockedReason(ctx);
        break;
      case "end": {
        const e = await sessionEnd(ctx, { summary: o.summary ?? "", skip_qa: o.skipQa, decisions: o.decision, next_session_notes: o.nextNotes, abandon: o.abandon });
        r = e;
        if (e.status !== "COMPLETE" && e.status !== "ABANDONED") exit = 1;
        break;
      }
      default:
        writeErr(`agentcheck phase: unknown operation '${op}'\n`);
        return 2;
    }
    print({ ok: exit === 0, ...r });
    return exit;
  } catch (e) {
    const code = e instanceof ProtocolError ? e.code : e instanceof PhaseFormatError ? "CORRUPT_STATE" : e instanceof StateError ? e.code : undefined;
    if (code === undefined) throw e;
    print({ ok: false, error: { code, message: (e as Error).message } });
    writeErr(`agentcheck phase: ${(e as Error).message}\n`);
    return CODE_EXIT[code] ?? 2;
  }
}
