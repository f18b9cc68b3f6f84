// Phase names in order (specs/session-protocol-mcp.md §1). Its own module so that the hook gate
// bundle (scripts/bundle-gate.mjs) takes only these names, not the whole model.
export const PHASES = [
  "INIT", "SERENA_READY", "SKILLS_VALIDATED", "CONTEXT_LOADED", "READY",
  "WORKING", "DOCUMENTING", "QUALITY_CHECKED", "QA_COMPLETE", "COMPLETE",
] as const;
