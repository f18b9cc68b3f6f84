// The rule tester tables, by validator. A validator listed here is held to full coverage
// (test/rules/rules.test.ts); scripts/gen-rule-docs.mjs takes each rule's examples from here.
import common from "./common.mjs";
import consistency from "./consistency.mjs";
import memoryIndex from "./memory-index.mjs";
import prePr from "./pre-pr.mjs";
import sessionLogJson from "./session-log-json.mjs";
import sessionLogMd from "./session-log-md.mjs";
import sessionProtocol from "./session-protocol.mjs";
import sessionState from "./session-state.mjs";
import traceability from "./traceability.mjs";
import manifest from "./manifest.mjs";
import aibrain from "./aibrain.mjs";

/** validator -> rule id -> { valid, invalid } */
export const TABLES = {
  common,
  "session-log": { ...sessionLogMd, ...sessionLogJson },
  "memory-index": memoryIndex,
  "session-state": sessionState,
  traceability,
  "pre-pr": prePr,
  manifest,
  aibrain,
  "session-protocol": sessionProtocol,
  consistency,
};
/** Validators whose rules are only partly in the tables (no coverage check yet). */
export const PARTIAL = new Set([]);
