// Configurations every entry point must refuse (issue 33 item 2): the settings the gate and the session
// commands read, wrongly typed or unknown. [the key path the message names, the configuration]
// Used in process (test/cli/config-one-validation.test.ts) and by the real gate
// (test/hostile/gate-config.integration.test.ts).
export const BAD_STATE_GATE: [string, unknown][] = [
  ["gate.phases", { gate: { phases: "true" } }],
  ["gate.phases", { gate: { phases: 1 } }],
  ["gate.requireProtocolStart", { gate: { requireProtocolStart: "true" } }],
  ["gate.enabled", { gate: { enabled: "false" } }],
  ["gate.enabled", { gate: { enabled: 0 } }],
  ["gate.readOnlyTools", { gate: { readOnlyTools: "Write" } }],
  ["gate.readOnlyTools.0", { gate: { readOnlyTools: [1] } }],
  ["gate.readOnlyExtra", { gate: { readOnlyExtra: { Write: true } } }],
  ["gate.phase", { gate: { phase: true } }],
  ["gate", { gate: true }],
  ["state.requireTaskForCoding", { state: { requireTaskForCoding: "yes" } }],
  ["state.agentNotes", { state: { agentNotes: "no" } }],
  ["state.notesDir", { state: { notesDir: "" } }],
  ["state.notesDir", { state: { notesDir: 7 } }],
  ["state.requireTask", { state: { requireTask: true } }],
  ["protocol.preset", { protocol: { preset: "sometimes" } }],
  ["state.compactionRetentionDays", { state: { compactionRetentionDays: -3 } }],
  ["paths.memories", { paths: { memories: "../outside" } }],
  ["paths.memories", { paths: { memories: "/abs" } }],
  ["(root)", []],
  ["bogus", { bogus: 1 }],
];

