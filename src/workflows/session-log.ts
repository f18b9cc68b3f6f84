// The session log a started session is expected to write, created by session-protocol-start when it
// does not exist. The default factory writes the JSON log skeleton of the upstream protocol (the
// schema `agentcheck session-log` validates): the facts the start gathered are filled in and marked
// complete, everything the agent has to do is left open. A protocol preset brings its own factory.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { writeFileConfined } from "../fswrite.js";

export interface SessionLogRequest {
  root: string;
  sessionId: string;
  /** Repository-relative path the start evidence names (`<paths.sessions>/<id>.json`). */
  path: string;
  branch: string;
  startingCommit: string;
  /** The run's clock (ISO 8601). */
  now: string;
  preset?: string;
  /** The session's objective (the start event's `objective`). */
  objective?: string;
}

/** Creates the log when there is none; never overwrites one. */
export type SessionLogFactory = (r: SessionLogRequest) => { path: string; created: boolean };

const open = (level = "MUST") => ({ level, Complete: false, Evidence: "" });
const done = (evidence: string, level = "MUST") => ({ level, Complete: true, Evidence: evidence });

export function sessionLogSkeleton(r: SessionLogRequest): string {
  const m = /-session-(\d+)$/.exec(r.sessionId);
  const log = {
    schemaVersion: "1.0",
    session: { number: m ? Number(m[1]) : 1, date: r.now.slice(0, 10), branch: r.branch, startingCommit: r.startingCommit, objective: r.objective?.trim() || "(not stated yet: the session states it here)" },
    protocolCompliance: {
      sessionStart: {
        serenaActivated: open(), serenaInstructions: open(), handoffRead: open(),
        sessionLogCreated: done(`created by session-protocol-start at ${r.now}`),
        skillScriptsListed: open(), usageMandatoryRead: open(), constraintsRead: open(), memoriesLoaded: open(),
        branchVerified: r.branch ? done(`branch ${r.branch}`) : open(),
        notOnMain: open(),
        startingCommitNoted: r.startingCommit ? done(`Starting commit: ${r.startingCommit}`, "SHOULD") : open("SHOULD"),
      },
      sessionEnd: {
        checklistComplete: open(), handoffPreserved: open(), serenaMemoryUpdated: open(), markdownLintRun: open(),
        qaValidation: open(), changesCommitted: open(), validationPassed: open(),
      },
    },
    workLog: [],
    endingCommit: "",
    nextSteps: [],
  };
  return JSON.stringify(log, null, 2) + "\n";
}

export const defaultSessionLogFactory: SessionLogFactory = (r) => {
  const abs = join(r.root, r.path);
  if (existsSync(abs)) return { path: r.path, created: false };
  writeFileConfined(abs, sessionLogSkeleton(r), { root: r.root });
  return { path: r.path, created: true };
};
