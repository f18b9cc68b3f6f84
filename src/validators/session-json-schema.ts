// agentcheck's own statement of the JSON session-log constraints, used when a repository has no
// .agents/schemas/session-log.schema.json. Written for this project from the format description
// (spec §3.4); the WASM core interprets it exactly as it interprets a repository's schema.
const sha = { type: "string", pattern: "^([0-9a-f]{7,40})?$" };
const level = { enum: ["MUST", "SHOULD", "MUST NOT"] };
const itemShape = (complete: string, evidence: string) => ({
  required: [complete, "level", evidence],
  properties: { [complete]: { type: "boolean" }, level: { $ref: "#/definitions/level" }, [evidence]: { type: "string" } },
});

export const BUILTIN_SCHEMA_NAME = "(built-in session-log schema)";

export const BUILTIN_SESSION_SCHEMA = {
  $schema: "http://json-schema.org/draft-07/schema#",
  title: "agentcheck session log (built-in)",
  type: "object",
  required: ["schemaVersion", "session", "protocolCompliance", "workLog", "endingCommit", "nextSteps"],
  properties: {
    schemaVersion: { type: "string", pattern: "^[0-9]+\\.[0-9]+$" },
    session: {
      type: "object",
      required: ["number", "date", "branch", "startingCommit", "objective"],
      properties: {
        number: { type: "integer", minimum: 1 },
        date: { type: "string", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" },
        branch: { type: "string" },
        startingCommit: { $ref: "#/definitions/sha" },
        objective: { type: "string", minLength: 1 },
        parentSessionId: { type: "string", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}-session-[0-9]+$" },
        traceId: {
          type: "string",
          pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
        },
      },
    },
    protocolCompliance: {
      type: "object",
      required: ["sessionStart", "sessionEnd"],
      properties: { sessionStart: { $ref: "#/definitions/section" }, sessionEnd: { $ref: "#/definitions/section" } },
    },
    workLog: { type: "array", items: { type: "object" } },
    endingCommit: { $ref: "#/definitions/sha" },
    // issue 35: the blobs of the files the session's range changed ("0": deleted), recorded by `session end`
    contentEvidence: {
      type: "object",
      properties: { files: { type: "object", additionalProperties: { type: "string", pattern: "^(0|[0-9a-f]{40}|[0-9a-f]{64})$" } } },
    },
    // issue 35: the QA report's qaCommit and the blobs, at it, of the files QA covered (`session end --write-log`)
    qaContentEvidence: {
      type: "object",
      properties: {
        commit: { type: "string", pattern: "^([0-9a-f]{40}|[0-9a-f]{64})$" },
        files: { type: "object", additionalProperties: { type: "string", pattern: "^(0|[0-9a-f]{40}|[0-9a-f]{64})$" } },
      },
    },
    nextSteps: { type: "array", items: { type: "string" } },
    developmentPhase: {
      type: "object",
      properties: {
        history: {
          type: "array",
          items: { type: "object", properties: { timestamp: { type: "string", format: "date-time" } } },
        },
      },
    },
  },
  definitions: {
    sha,
    level,
    section: { type: "object", patternProperties: { "^[a-zA-Z]+$": { $ref: "#/definitions/item" } } },
    item: { type: "object", anyOf: [itemShape("Complete", "Evidence"), itemShape("complete", "evidence")] },
  },
};
