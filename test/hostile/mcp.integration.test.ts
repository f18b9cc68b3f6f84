// Issue 33 ("Hostile input, round two"), item 7 and the MCP line reader of item 3: the `agentcheck mcp`
// server over a real pipe / a real SDK client. Tools that can run repository code say so in their
// annotations and run nothing of it under --no-exec; one huge line is answered and dropped in linear
// time, and the server keeps serving.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BIN } from "../helpers.js";
import { closedAfterEach, commitAll, join, ok, protocolRepo, writeTree } from "../mcp/helpers.js";

const open = closedAfterEach();

const REPO_CODE_TOOLS = ["run_pre_pr", "validate_gate", "advance_phase", "session_end"];

/** A repository whose pre-pr test command and markdownlint configuration each leave a marker when run. */
function execRepo(): string {
  const dir = protocolRepo();
  writeTree(dir, {
    "agentcheck.config.json": JSON.stringify({ prePr: { checks: { "PP-002": { enabled: true } }, testCommand: "node -e \"require('fs').writeFileSync('ran-test-command','')\"" } }),
    ".markdownlint-cli2.cjs": "require('fs').writeFileSync(require('path').join(__dirname, 'ran-markdownlint-config'), '');\nmodule.exports = { config: {} };\n",
  });
  commitAll(dir, "exec config");
  return dir;
}

describe("issue 33 item 7: MCP tools that can run repository code say so and honour --no-exec", () => {
  it("annotations: run_pre_pr and the gate tools are not read-only and open world (description says so); under --no-exec they are closed world and run_pre_pr read-only", async () => {
    const dir = protocolRepo();
    const plain = await open(dir);
    const tools = new Map((await plain.client.listTools()).tools.map((t) => [t.name, t]));
    for (const name of REPO_CODE_TOOLS) {
      const t = tools.get(name)!;
      expect(t.annotations?.readOnlyHint, name).not.toBe(true);
      expect(t.annotations?.openWorldHint, name).toBe(true);
      expect(t.description, name).toContain("RUNS REPOSITORY CODE");
    }
    // the validators that only read the workspace stay read-only and closed world
    for (const name of ["check", "validate_session_log", "validate_memory_index", "check_consistency", "check_traceability"]) {
      expect(tools.get(name)!.annotations, name).toMatchObject({ readOnlyHint: true, openWorldHint: false });
      expect(tools.get(name)!.description, name).not.toContain("REPOSITORY CODE");
    }
    const noExec = await open(dir, ["--no-exec"]);
    const locked = new Map((await noExec.client.listTools()).tools.map((t) => [t.name, t]));
    for (const name of REPO_CODE_TOOLS) {
      expect(locked.get(name)!.annotations?.openWorldHint, name).toBe(false);
      expect(locked.get(name)!.description, name).toContain("is not run: the server runs with --no-exec");
    }
    expect(locked.get("run_pre_pr")!.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
  });

  it("run_pre_pr: prePr.testCommand and .markdownlint-cli2.cjs run without --no-exec (the annotation is true) and not with it (reported)", async () => {
    const dir = execRepo();
    const noExec = await open(dir, ["--no-exec"]);
    const r = await ok(noExec, "run_pre_pr", { all: true });
    expect(existsSync(join(dir, "ran-test-command")), "test command ran under --no-exec").toBe(false);
    expect(existsSync(join(dir, "ran-markdownlint-config")), ".markdownlint-cli2.cjs loaded under --no-exec").toBe(false);
    expect(r.exit_code).toBe(1);
    expect(JSON.stringify(r.report)).toContain("AGENTCHECK_NO_EXEC");
    const plain = await open(dir);
    await ok(plain, "run_pre_pr", { all: true });
    expect(existsSync(join(dir, "ran-test-command"))).toBe(true);
    expect(existsSync(join(dir, "ran-markdownlint-config"))).toBe(true);
  });

  it("validate_gate QUALITY_CHECKS: the server never imports .markdownlint-cli2.cjs under --no-exec (the gate fails, naming the refusal)", async () => {
    const dir = execRepo();
    const c = await open(dir, ["--no-exec"]);
    await ok(c, "session_start", { objective: "no exec" });
    writeTree(dir, { "docs/changed.md": "# Changed\n\nText.\n" });
    const g = await ok(c, "validate_gate", { phase: "QUALITY_CHECKS" });
    expect(existsSync(join(dir, "ran-markdownlint-config")), "the server imported the repository's configuration").toBe(false);
    expect(g.results[0]).toMatchObject({ phase: "QUALITY_CHECKS", status: "FAIL" });
    expect(JSON.stringify(g.results[0])).toMatch(/no-exec|not linted/i);
    const plain = await open(dir);
    await ok(plain, "validate_gate", { phase: "QUALITY_CHECKS" });
    expect(existsSync(join(dir, "ran-markdownlint-config"))).toBe(true);
  });
});

describe("issue 33 item 3: the MCP line reader is linear and capped per message", () => {
  it("a 60 MB line without a newline is answered with -32600 (id null) at the cap, dropped, and the next request is served", async () => {
    const dir = protocolRepo();
    const p = spawn(process.execPath, [BIN, "mcp", "--root", dir], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    p.stdout.on("data", (d) => (out += String(d)));
    p.stderr.resume();
    const lines = () => out.split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>);
    const until = async (pred: () => boolean, ms: number) => {
      for (const end = Date.now() + ms; !pred() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
      return pred();
    };
    const write = (s: string | Buffer) => new Promise<void>((res) => (p.stdin.write(s) ? res() : p.stdin.once("drain", () => res())));
    try {
      await write(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } }) + "\n");
      expect(await until(() => lines().some((m) => m.id === 1), 20_000)).toBe(true);
      await write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
      const t0 = Date.now();
      // a JSON string that never ends: 60 chunks of 1 MB
      const mb = Buffer.alloc(1024 * 1024, 0x61);
      await write('{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"x":"');
      for (let i = 0; i < 60; i++) await write(mb);
      await write('"}}\n');
      await write(JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }) + "\n");
      const served = await until(() => lines().some((m) => m.id === 3), 20_000);
      const ms = Date.now() - t0;
      expect(served, `no answer to the next request after ${ms} ms`).toBe(true);
      const errs = lines().filter((m) => m.error);
      expect(errs).toHaveLength(1);
      expect(errs[0]).toMatchObject({ id: null, error: { code: -32600 } });
      expect(errs[0].error.message).toContain("a message over 16777216 bytes");
      expect(lines().some((m) => m.id === 2), "the over-cap request was served").toBe(false);
      expect(lines().find((m) => m.id === 3)!.result.tools.length).toBeGreaterThan(10);
      console.log(`[issue 33 matrix] MCP 60 MB line: answered -32600, next request served after ${ms} ms`);
    } finally {
      p.kill("SIGKILL");
    }
  });

  it("guard: a message whose multi-byte characters are split across reads is read whole (the reader joins bytes, not strings)", async () => {
    const dir = protocolRepo();
    const p = spawn(process.execPath, [BIN, "mcp", "--root", dir], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    p.stdout.on("data", (d) => (out += String(d)));
    p.stderr.resume();
    try {
      const msg = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: "é€😀", method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } }) + "\n");
      // cut inside each multi-byte character (é: 2 bytes, €: 3, 😀: 4), each piece its own read
      const at = msg.indexOf(Buffer.from("é€😀"));
      const cuts = [0, at + 1, at + 3, at + 6, msg.length];
      for (let i = 0; i + 1 < cuts.length; i++) {
        p.stdin.write(msg.subarray(cuts[i], cuts[i + 1]));
        await new Promise((r) => setTimeout(r, 150));
      }
      for (const end = Date.now() + 20_000; !out.includes("\n") && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
      const reply = JSON.parse(out.split("\n")[0]);
      expect(reply.id).toBe("é€😀");
      expect(reply.result.serverInfo.name).toBe("agentcheck");
    } finally {
      p.kill("SIGKILL");
    }
  });
});

