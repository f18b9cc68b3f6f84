// Issue 15: registration snippets (hooks claude --write --mcp → .mcp.json) and the extra-tool
// registry that other modules use to add tools to the server.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { runCli } from "../helpers.js";
import { protocolRepo } from "./helpers.js";
import { EXTRA_TOOLS, createServer, registerExtraTool } from "../../dist/mcp/server.js";

describe("issue 15: registration", () => {
  it("hooks claude --write --mcp merges the server into .mcp.json (other servers kept); without --mcp it is offered", () => {
    const dir = protocolRepo();
    writeFileSync(join(dir, ".mcp.json"), JSON.stringify({ mcpServers: { other: { command: "x" } } }));
    const r = runCli(["hooks", "claude", "--write", "--mcp"], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, ".mcp.json"), "utf8"))).toEqual({
      mcpServers: { other: { command: "x" }, agentcheck: { command: "npx", args: ["agentcheck", "mcp"] } },
    });
    const dir2 = protocolRepo();
    const r2 = runCli(["hooks", "claude", "--write"], { cwd: dir2 });
    expect(r2.stderr).toContain("claude mcp add --scope project agentcheck -- npx agentcheck mcp");
  });

  it("mcp --help prints the registration snippets", () => {
    const r = runCli(["mcp", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("claude mcp add agentcheck");
    expect(r.stdout).toContain(".mcp.json");
  });

  it("EXTRA_TOOLS: a registered tool is served next to the protocol tools", async () => {
    const dir = protocolRepo();
    registerExtraTool({
      name: "manifest_echo", description: "test tool", inputSchema: { text: z.string() }, outputSchema: { echoed: z.string(), root: z.string() },
      handler: (a, ctx) => ({ echoed: String(a.text), root: ctx.root }),
    });
    expect(() => registerExtraTool({ ...EXTRA_TOOLS[0] })).toThrow(/already registered/);
    const server = createServer({ root: dir });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: "t", version: "0" });
    await client.connect(b);
    const r = (await client.callTool({ name: "manifest_echo", arguments: { text: "hi" } })) as { structuredContent: unknown };
    expect(r.structuredContent).toEqual({ echoed: "hi", root: dir });
    const bad = (await client.callTool({ name: "manifest_echo", arguments: {} })) as { isError?: boolean };
    expect(bad.isError).toBe(true);
    await client.close();
  });
});

describe("issue 15 + 16: the manifest tools are served by agentcheck mcp", () => {
  it("a real client over stdio lists the five manifest tools and transitions a real manifest", async () => {
    const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
    const { ManifestManager } = await import("../../dist/index.js");
    const dir = protocolRepo();
    await new ManifestManager({ root: dir }).create({ topic: "served", id: "s1", checkpoints: 1 });
    const bin = join(process.cwd(), "bin", "agentcheck.js");
    const client = new Client({ name: "t", version: "0" });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, "mcp", "--root", dir] }));
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      for (const n of ["session_transition_phase", "session_complete_checkpoint", "session_add_commit", "session_set_status", "session_update_git"]) {
        expect(names).toContain(n);
      }
      const bad: any = await client.callTool({ name: "session_transition_phase", arguments: { session_id: "s1", new_phase: "build" } });
      expect(bad.isError).toBe(true); // spec → build skips plan: refused
      const ok: any = await client.callTool({ name: "session_transition_phase", arguments: { session_id: "s1", new_phase: "plan" } });
      expect(ok.isError, JSON.stringify(ok)).toBeFalsy();
    } finally {
      await client.close();
    }
  });
});
