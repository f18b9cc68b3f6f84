// The environment the hooks agentcheck writes start node in (docs/integrations.md "Start-up of the hooks").
//
// Node 20 reads and parses the certificate bundle NODE_EXTRA_CA_CERTS names at every start, before any
// of agentcheck's code runs. Where it names a system bundle (as on many CI and corporate machines: ~150
// certificates) that is about 50 ms of CPU on every commit and every tool call, more than the gate's
// whole work. No hook command opens a TLS connection (they read files and run git; `npx --no-install`
// never downloads), so the hooks drop the variable for the agentcheck process alone. Commands a user
// runs by hand, the MCP server and the workflows keep their environment.

/** The variable the hooks drop. */
export const CA_BUNDLE_VAR = "NODE_EXTRA_CA_CERTS";

/** A shell statement that drops it for the rest of a script or compound command (git hook, Claude Code hooks). */
export const UNSET_CA_BUNDLE = `unset ${CA_BUNDLE_VAR}`;

/** A prefix that drops it for one simple command in a script shared with other commands (husky, lefthook). */
export const WITHOUT_CA_BUNDLE = `${CA_BUNDLE_VAR}= `;
