// Compatibility re-export (json/session-fields.ts imports the name pattern from here); the
// helpers live in paths.ts, the rule in SP-001.ts.
export { sessionNamePrefix, isSessionLogName } from "./paths";
