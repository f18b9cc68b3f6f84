// Session protocol MCP server (issue 15): `agentcheck mcp` start to the first response (initialize
// handshake, then the first tools/list), and p50 round-trip latency of tool calls through the SDK
// client over stdio. validate_gate SERENA_INIT / CONTEXT_RETRIEVAL run no external validator, so their
// latency is the server's own cost (parse state, gather facts, WASM verdict, locked atomic write).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { spawn } from "node:child_process";
import { BIN, ROOT, median, table } from "./lib.mjs";

const STARTS = 10;
const CALLS = 50;

export async function run() {
  const sdk = (p) => import(pathToFileURL(join(ROOT, "node_modules", "@modelcontextprotocol", "sdk", "dist", "esm", p)).href);
  const { Client } = await sdk("client/index.js");
  const { StdioClientTransport } = await sdk("client/stdio.js");
  const repo = mkdtempSync(join(tmpdir(), "agentcheck-bench-mcp-"));
  const g = (...a) => execFileSync("git", a, { cwd: repo, env: { ...process.env, GIT_AUTHOR_NAME: "b", GIT_AUTHOR_EMAIL: "b@b", GIT_COMMITTER_NAME: "b", GIT_COMMITTER_EMAIL: "b@b" } });
  const rows = [];
  try {
    g("init", "-q", "-b", "main");
    mkdirSync(join(repo, ".serena", "memories"), { recursive: true });
    mkdirSync(join(repo, ".agents"), { recursive: true });
    writeFileSync(join(repo, ".serena", "memories", "skill-usage-mandatory.md"), "# x\n");
    writeFileSync(join(repo, ".agents", "HANDOFF.md"), "# Hand-off\n");
    g("add", "-A");
    g("commit", "-q", "-m", "init");
    const connect = async () => {
      const t0 = performance.now();
      const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp"], cwd: repo, stderr: "ignore" });
      const client = new Client({ name: "bench", version: "0" });
      await client.connect(transport);
      const init = performance.now() - t0;
      await client.listTools();
      return { client, init, first: performance.now() - t0 };
    };
    const inits = [];
    const firsts = [];
    const floors = [];
    for (let i = 0; i < STARTS; i++) {
      // interleaved with the floor (a bare node start), so machine load shows in both
      let t0 = performance.now();
      spawnSync(process.execPath, ["-e", "0"]);
      floors.push(performance.now() - t0);
      const c = await connect();
      inits.push(c.init);
      firsts.push(c.first);
      await c.client.close();
    }
    rows.push({ what: "node -e 0 (floor, wall)", runs: STARTS, "p50 ms": median(floors).toFixed(1), target: "-" });
    rows.push({ what: "agentcheck mcp: spawn → initialize response (wall)", runs: STARTS, "p50 ms": median(inits).toFixed(1), target: "< 300" });
    rows.push({ what: "agentcheck mcp: spawn → first tools/list response (wall)", runs: STARTS, "p50 ms": median(firsts).toFixed(1), target: "< 300" });
    rows.push({ what: "… minus the floor", runs: STARTS, "p50 ms": (median(firsts) - median(floors)).toFixed(1), target: "-" });
    // load-robust: CPU time (user+sys) of a server process that answers initialize + tools/list, then exits
    if (existsSync("/usr/bin/time")) {
      const cpu = [];
      const floorCpu = [];
      for (let i = 0; i < 5; i++) {
        const f = spawnSync("/usr/bin/time", ["-f", "%U %S", process.execPath, "-e", "0"], { encoding: "utf8" });
        floorCpu.push(f.stderr.trim().split("\n").pop().split(" ").reduce((a, b) => a + Number(b), 0) * 1000);
        let err = "";
        const transport = new StdioClientTransport({ command: "/usr/bin/time", args: ["-f", "%U %S", process.execPath, BIN, "mcp"], cwd: repo, stderr: "pipe" });
        transport.stderr.on("data", (d) => (err += String(d)));
        const client = new Client({ name: "bench", version: "0" });
        await client.connect(transport);
        await client.listTools();
        await client.close();
        await new Promise((r) => setTimeout(r, 200));
        const last = err.trim().split("\n").pop() ?? "";
        cpu.push(last.split(" ").reduce((a, b) => a + Number(b), 0) * 1000);
      }
      rows.push({ what: "node -e 0 (floor, CPU user+sys)", runs: 5, "p50 ms": median(floorCpu).toFixed(0), target: "-" });
      rows.push({ what: "agentcheck mcp: CPU user+sys, start → initialize → tools/list → exit", runs: 5, "p50 ms": median(cpu).toFixed(0), target: "< 300" });
    }

    const { client } = await connect();
    const call = async (name, args) => {
      const t0 = performance.now();
      const r = await client.callTool({ name, arguments: args });
      if (r.isError) throw new Error(`${name}: ${r.content[0].text}`);
      return performance.now() - t0;
    };
    await call("session_start", { objective: "bench" });
    const times = { gate: [], ctx: [], ev: [], status: [] };
    for (let i = 0; i < CALLS; i++) times.gate.push(await call("validate_gate", { phase: "SERENA_INIT" }));
    for (let i = 0; i < CALLS; i++) times.ev.push(await call("record_evidence", { phase: "CONTEXT_RETRIEVAL", evidence_type: "notes", evidence: `note ${i}` }));
    for (let i = 0; i < CALLS; i++) times.ctx.push(await call("validate_gate", { phase: "CONTEXT_RETRIEVAL" }));
    for (let i = 0; i < CALLS; i++) times.status.push(await call("get_status", {}));
    rows.push({ what: "validate_gate SERENA_INIT (round trip)", runs: CALLS, "p50 ms": median(times.gate).toFixed(1), target: "< 20" });
    rows.push({ what: "validate_gate CONTEXT_RETRIEVAL (round trip, 50 evidence rows)", runs: CALLS, "p50 ms": median(times.ctx).toFixed(1), target: "< 20" });
    rows.push({ what: "record_evidence (round trip, locked write)", runs: CALLS, "p50 ms": median(times.ev).toFixed(1), target: "-" });
    rows.push({ what: "get_status (round trip, read only)", runs: CALLS, "p50 ms": median(times.status).toFixed(1), target: "-" });
    await client.close();
    rows.push({ what: "one 60 MB line without a newline → -32600, next request answered (issue 33; was 29 s)", runs: 3, "p50 ms": median(await hugeLine(repo, 3)).toFixed(0), target: "< 2000" });
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
  table(rows);
}

/** The line reader's worst case: 60 MB in one line (over the 16 MiB cap), then a request; ms from the first byte to its answer. */
export async function hugeLine(repo, runs) {
  const out = [];
  const mb = Buffer.alloc(1024 * 1024, 0x61);
  for (let i = 0; i < runs; i++) {
    const p = spawn(process.execPath, [BIN, "mcp", "--root", repo], { stdio: ["pipe", "pipe", "ignore"] });
    let got = "";
    p.stdout.on("data", (d) => (got += String(d)));
    const write = (x) => new Promise((res) => (p.stdin.write(x) ? res() : p.stdin.once("drain", res)));
    const answered = (id) => new Promise((res) => {
      const check = () => (got.split("\n").some((l) => l.includes(`"id":${id}`)) ? res() : setTimeout(check, 5));
      check();
    });
    await write(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "b", version: "0" } } }) + "\n");
    await answered(1);
    const t0 = performance.now();
    await write('{"jsonrpc":"2.0","id":2,"method":"ping","params":{"x":"');
    for (let k = 0; k < 60; k++) await write(mb);
    await write('"}}\n' + JSON.stringify({ jsonrpc: "2.0", id: 3, method: "ping" }) + "\n");
    await answered(3);
    out.push(performance.now() - t0);
    p.kill("SIGKILL");
  }
  return out;
}
