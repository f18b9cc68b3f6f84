// Found while moving the MCP section to docs/mcp.md: `"gate": { "phases": true }` is read by the gate's
// lean reader (src/state/config.ts) but the general configuration schema refused it as an unknown key,
// so every other command exited 2 on a configuration the docs recommend.
import { describe, it, expect } from "vitest";
import { makeRepo, runCli } from "../helpers.js";

describe("config: gate.phases (docs/mcp.md, docs/configuration.md)", () => {
  it("gate.phases: true is accepted by check, pre-pr and the session commands (exit 0, not 2)", () => {
    const dir = makeRepo({ "README.md": "# P\n", "agentcheck.config.json": JSON.stringify({ gate: { phases: true } }) });
    expect(runCli(["check", "--only", "session-log"], { cwd: dir }).code).toBe(0);
    expect(runCli(["pre-pr", "--list"], { cwd: dir }).code).toBe(0);
  });
  it("gate.phases must be a boolean: a string is a configuration error naming the key (exit 2)", () => {
    const dir = makeRepo({ "README.md": "# P\n", "agentcheck.config.json": JSON.stringify({ gate: { phases: "yes" } }) });
    const r = runCli(["check", "--only", "session-log"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("gate.phases");
  });
});
