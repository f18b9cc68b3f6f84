// MCP tools over manifests (issue 16): registered on a real McpServer, called by a real MCP client over
// the SDK's in-memory transport; results are the manager's, errors are tool errors with the error document.
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ManifestManager, registerManifestTools, callManifestTool, MANIFEST_TOOLS } from "../../dist/index.js";
import { tmpDir } from "../helpers.js";

describe("manifest MCP tools", () => {
  it("session_transition_phase / _complete_checkpoint / _add_commit / _set_status / _update_git through an MCP client", async () => {
    const root = tmpDir("agentcheck-mcp-");
    await new ManifestManager({ root }).create({ topic: "mcp", id: "m1", checkpoints: 2 });
    const server = new McpServer({ name: "t", version: "0" });
    expect(registerManifestTools(server as any, { root })).toEqual([
      "session_transition_phase", "session_complete_checkpoint", "session_add_commit", "session_set_status", "session_update_git",
    ]);
    const [a, b] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: "c", version: "0" });
    await Promise.all([server.connect(a), client.connect(b)]);
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name).sort()).toEqual(MANIFEST_TOOLS.map((t: any) => t.name).sort());
    const tr = tools.tools.find((t) => t.name === "session_transition_phase")!;
    expect((tr.inputSchema as any).properties.new_phase.enum).toEqual(["spec", "plan", "build", "docs", "complete"]);

    const call = async (name: string, args: Record<string, unknown>) => {
      const r: any = await client.callTool({ name, arguments: args });
      return { isError: !!r.isError, doc: JSON.parse(r.content[0].text) };
    };
    const skip = await call("session_transition_phase", { session_id: "m1", new_phase: "build" });
    expect(skip.isError).toBe(true);
    expect(skip.doc.error).toMatchObject({ code: "POLICY_VIOLATION", details: { allowed: "plan" } });
    expect((await call("session_transition_phase", { session_id: "m1", new_phase: "plan" })).doc.manifest.current_phase).toBe("plan");
    expect((await call("session_complete_checkpoint", { session_id: "m1", checkpoint_id: 1 })).doc.manifest.build_progress.checkpoints_completed).toEqual([1]);
    expect((await call("session_complete_checkpoint", { session_id: "m1", checkpoint_id: 9 })).doc.error.code).toBe("INVALID_INPUT");
    const c = await call("session_add_commit", { session_id: "m1", sha: "abcdef1234567", message: "x", checkpoint: 1 });
    expect(c.doc.manifest.commits[0]).toMatchObject({ sha: "abcdef1234567", checkpoint: 1 });
    expect((await call("session_set_status", { session_id: "m1", status: "paused" })).doc.manifest.status).toBe("paused");
    expect((await call("session_update_git", { session_id: "m1", branch: "b", worktree: null })).doc.manifest.git).toMatchObject({ branch: "b", worktree: null });
    const disk = JSON.parse(readFileSync(join(root, "agents", "sessions", "m1", "state.json"), "utf8"));
    expect(disk.status).toBe("paused");
    expect(disk.git.branch).toBe("b");
    await client.close();
  });

  it("callManifestTool refuses unknown tools and bad arguments without touching the file", async () => {
    const root = tmpDir("agentcheck-mcp-");
    await new ManifestManager({ root }).create({ topic: "mcp", id: "m2" });
    const before = readFileSync(join(root, "agents", "sessions", "m2", "state.json"), "utf8");
    expect((await callManifestTool("nope", {}, { root })).isError).toBe(true);
    const bad = await callManifestTool("session_set_status", { session_id: "m2", status: "done" }, { root });
    expect(bad.isError).toBe(true);
    expect(JSON.parse(bad.content[0].text).error.message).toContain("status");
    expect((await callManifestTool("session_set_status", { session_id: "m2", status: "paused", extra: 1 }, { root })).isError).toBe(true);
    expect(readFileSync(join(root, "agents", "sessions", "m2", "state.json"), "utf8")).toBe(before);
  });
});
