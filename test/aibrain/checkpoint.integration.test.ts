// .aibrain checkpoints: the design's own test list (Phase 1 guide), ported to real files in temp
// workspaces, plus the CLI (`agentcheck task …`) as a child process.
import { describe, it, expect } from "vitest";
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { ROOT, runCli, tmpDir } from "../helpers.js";
import { CheckpointStore, parseCheckpointText, StateError } from "../../dist/index.js";

const ws = () => tmpDir("agentcheck-aibrain-");
const store = (root: string, now?: () => Date) => new CheckpointStore({ root, project: "credentialmate", now });
const base = { iteration_count: 5, phase: "feature_build", status: "in_progress" as const };

async function code(p: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof p === "function" ? p() : p);
  } catch (e) {
    return (e as InstanceType<typeof StateError>).code;
  }
  return "no error";
}

describe("aibrain checkpoints: the design's test list", () => {
  it("save creates .aibrain/session-<task>.md", async () => {
    const root = ws();
    const cp = await store(root).save("TASK-123", base, "## Task Summary\n\nDo it.\n");
    expect(cp.file).toBe(join(root, ".aibrain", "session-TASK-123.md"));
    expect(existsSync(cp.file)).toBe(true);
    expect(readFileSync(cp.file, "utf8").startsWith("---\n{\n")).toBe(true);
  });

  it("front matter holds the required and added keys (id, task_id, project, created_at, updated_at, checkpoint_number)", async () => {
    const root = ws();
    await store(root).save("TASK-123", { ...base, agent_type: "feature-builder", tokens_used: 3847 });
    const { data } = parseCheckpointText(readFileSync(join(root, ".aibrain", "session-TASK-123.md"), "utf8"), "x");
    expect(Object.keys(data).slice(0, 9)).toEqual(["id", "task_id", "project", "created_at", "updated_at", "iteration_count", "checkpoint_number", "phase", "status"]);
    expect(data).toMatchObject({ task_id: "TASK-123", project: "credentialmate", iteration_count: 5, checkpoint_number: 0, phase: "feature_build", status: "in_progress", agent_type: "feature-builder", tokens_used: 3847 });
    expect(data.id).toMatch(/^SESSION-\d{4}-\d{2}-\d{2}-TASK-123$/);
    expect(data.created_at).toBe(data.updated_at);
  });

  it("load returns all data including nested objects and lists, and markdown_content", async () => {
    const root = ws();
    const extra = { next_steps: ["a", "b"], context: { files: ["src/x.ts"], depth: { n: 1, ok: true, nil: null } }, tags: [] };
    await store(root).save("T1", { ...base, ...extra }, "# Body\n\ntext\n");
    const cp = store(root).load("T1");
    expect(cp.data).toMatchObject(extra);
    expect(cp.markdown_content).toBe("# Body\n\ntext\n");
  });

  it("resume continues the iteration count and keeps the progress text (update merges, body kept)", async () => {
    const root = ws();
    await store(root).save("T1", base, "## Progress\n\n- [x] step 1\n- [ ] step 2\n");
    const s2 = store(root); // a new context window
    const prev = s2.load("T1");
    await s2.update("T1", { iteration_count: prev.data.iteration_count + 1, last_output: "step 2 done" });
    const now = s2.load("T1");
    expect(now.data.iteration_count).toBe(6);
    expect(now.data.checkpoint_number).toBe(1);
    expect(now.data.created_at).toBe(prev.data.created_at);
    expect(now.data.id).toBe(prev.data.id);
    expect(now.markdown_content).toBe(prev.markdown_content);
    const r = runCli(["task", "resume", "T1", "--format", "json"], { cwd: root });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ iteration_count: 6, next_iteration: 7, progress: "- [x] step 1\n- [ ] step 2", last_output: "step 2 done" });
  });

  it("later saves overwrite (created_at kept, updated_at advanced, checkpoint_number counts up)", async () => {
    const root = ws();
    let t = Date.parse("2026-02-07T10:00:00.000Z");
    const clock = () => new Date((t += 1000));
    const s = store(root, clock);
    await s.save("T1", base, "v1\n");
    await s.save("T1", { ...base, iteration_count: 9, phase: "qa" }, "v2\n");
    const cp = s.load("T1");
    expect(cp.data).toMatchObject({ iteration_count: 9, phase: "qa", checkpoint_number: 1, created_at: "2026-02-07T10:00:01.000Z", updated_at: "2026-02-07T10:00:02.000Z" });
    expect(cp.markdown_content).toBe("v2\n");
    expect(readFileSync(cp.file, "utf8")).not.toContain("v1");
  });

  it("archived tasks are not loaded again (moved to sessions/archive/, never overwritten)", async () => {
    const root = ws();
    const s = store(root);
    await s.save("T1", { ...base, status: "completed" });
    const a = await s.archive("T1");
    expect(a.to).toBe(".aibrain/sessions/archive/session-T1.md");
    expect(existsSync(join(root, ".aibrain", "session-T1.md"))).toBe(false);
    expect(await code(() => s.load("T1"))).toBe("NOT_FOUND");
    expect(s.load("T1", { archived: true }).data.status).toBe("completed");
    // a new checkpoint under the same id cannot be saved or archived over the old one
    expect(await code(s.save("T1", base))).toBe("ALREADY_EXISTS");
    mkdirSync(join(root, ".aibrain"), { recursive: true });
    writeFileSync(join(root, ".aibrain", "session-T1.md"), readFileSync(join(root, ".aibrain", "sessions", "archive", "session-T1.md")));
    writeFileSync(join(root, ".aibrain", "sessions", "archive", "session-T1.md"), "archived original\n");
    expect(await code(s.archive("T1"))).toBe("ALREADY_EXISTS");
    expect(readFileSync(join(root, ".aibrain", "sessions", "archive", "session-T1.md"), "utf8")).toBe("archived original\n");
    // only completed tasks are archived
    await s.save("T2", base);
    expect(await code(s.archive("T2"))).toBe("INVALID_INPUT");
  });

  it("missing file -> not found (exit 3 in the CLI)", async () => {
    const root = ws();
    expect(await code(() => store(root).load("nope"))).toBe("NOT_FOUND");
    expect(await code(store(root).update("nope", { phase: "x" }))).toBe("NOT_FOUND");
    const r = runCli(["task", "load", "nope"], { cwd: root });
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout).error.code).toBe("NOT_FOUND");
  });

  it("malformed front matter -> parse error naming line and column (exit 4), never overwritten by save", async () => {
    const root = ws();
    mkdirSync(join(root, ".aibrain"));
    const f = join(root, ".aibrain", "session-T1.md");
    writeFileSync(f, '---\n{\n  "iteration_count": 1,\n  "phase": "x" "status": "in_progress"\n}\n---\n');
    const e = await (async () => { try { store(root).load("T1"); } catch (x) { return x as InstanceType<typeof StateError>; } })();
    expect(e?.code).toBe("CORRUPT");
    expect(e?.details).toMatchObject({ line: 4, column: 16 });
    expect(e?.message).toMatch(/session-T1\.md:4:16: malformed front matter/);
    const r = runCli(["task", "load", "T1"], { cwd: root });
    expect(r.code).toBe(4);
    expect(await code(store(root).save("T1", base))).toBe("CORRUPT");
    expect(readFileSync(f, "utf8")).toContain('"phase": "x" "status"');
    // YAML front matter, no closing delimiter, raw newline in a string
    for (const [text, line] of [["---\ntitle: x\n---\n", 2], ['---\n{"a": 1}\nbody\n', 3], ['---\n{"a": "x\ny"}\n---\n', 2]] as const) {
      writeFileSync(f, text);
      const x = await (async () => { try { store(root).load("T1"); } catch (y) { return y as InstanceType<typeof StateError>; } })();
      expect(x?.code).toBe("CORRUPT");
      expect((x?.details as { line: number }).line).toBe(line);
    }
  });

  it("a checkpoint edited on Windows (BOM, CRLF) still loads", async () => {
    const root = ws();
    const cp = await store(root).save("W1", base, "line 1\n---\nline 2\n");
    writeFileSync(cp.file, "\ufeff" + readFileSync(cp.file, "utf8").replace(/\n/g, "\r\n"));
    const again = store(root).load("W1");
    expect(again.data).toEqual(cp.data);
    expect(again.markdown_content).toBe("line 1\n---\nline 2\n");
  });

  it("a 100 KB body round-trips", async () => {
    const root = ws();
    const body = Array.from({ length: 2000 }, (_, i) => `- iteration ${i}: ${"x".repeat(40)}`).join("\n") + "\n";
    expect(body.length).toBeGreaterThan(100_000);
    await store(root).save("BIG", base, body);
    expect(store(root).load("BIG").markdown_content).toBe(body);
  });

  it("quotes, `---`, unicode and newlines in values; horizontal rules in the body", async () => {
    const root = ws();
    const tricky = { q: 'say "hi" \\ back', dash: "---", dashLine: "a\n---\nb", uni: "naïve ✓ 日本語 🚀", nl: "l1\nl2\r\nl3", fm: "---\n{\"x\":1}\n---" };
    const body = "intro\n\n---\n\n## After a rule\n\n---\n{\"not\": \"front matter\"}\n---\n";
    await store(root).save("T-unicode_1.2", { ...base, ...tricky }, body);
    const cp = store(root).load("T-unicode_1.2");
    expect(cp.data).toMatchObject(tricky);
    expect(cp.markdown_content).toBe(body);
    const r = runCli(["task", "load", "T-unicode_1.2"], { cwd: root });
    expect(JSON.parse(r.stdout)).toMatchObject({ ...tricky, markdown_content: body });
  });
});

describe("aibrain checkpoints: inputs and the CLI", () => {
  it("task ids with path separators or '..' are refused (exit 6), nothing written", async () => {
    const root = ws();
    for (const id of ["../x", "a/b", "a\\b", "..", "a..b", ".hidden", ""]) {
      expect(await code(store(root).save(id, base))).toBe("INVALID_INPUT");
    }
    const r = runCli(["task", "save", "../evil", "--iteration", "1", "--phase", "p", "--status", "in_progress"], { cwd: root });
    expect(r.code).toBe(6);
    expect(existsSync(join(root, ".aibrain"))).toBe(false);
    expect(existsSync(join(root, "evil.md"))).toBe(false);
  });

  it("--iteration takes digits only: '', '0x10', ' 1e1 ', '-1', '1.5' are refused as invalid input (exit 6, as '-1' always was), nothing written (review)", () => {
    const root = ws();
    for (const it of ["", "0x10", " 1e1 ", "-1", "1.5", "1e3"]) {
      const r = runCli(["task", "save", "T9", "--iteration", it, "--phase", "p", "--status", "in_progress"], { cwd: root });
      expect(r.code, JSON.stringify(it)).toBe(6);
    }
    expect(existsSync(join(root, ".aibrain", "session-T9.md"))).toBe(false);
    expect(runCli(["task", "save", "T9", "--iteration", "12", "--phase", "p", "--status", "in_progress"], { cwd: root }).code).toBe(0);
  });

  it("AB-002: the writer refuses what check rejects (an empty id or project, a created_at that is no ISO 8601 time), and a hand-edited file of that kind does not load (review)", async () => {
    const root = ws();
    for (const data of ['{"id":""}', '{"project":""}']) {
      const r = runCli(["task", "save", "T3", "--iteration", "1", "--phase", "build", "--status", "in_progress", "--data", data], { cwd: root });
      expect(r.code, data).toBe(6);
      expect(r.stdout + r.stderr).toContain("AB-002");
    }
    expect(existsSync(join(root, ".aibrain", "session-T3.md"))).toBe(false);
    expect(runCli(["task", "save", "T3", "--iteration", "1", "--phase", "build", "--status", "in_progress"], { cwd: root }).code).toBe(0);
    expect(runCli(["check", "--only", "aibrain"], { cwd: root }).code).toBe(0);
    const file = join(root, ".aibrain", "session-T3.md");
    const { readFileSync, writeFileSync } = await import("node:fs");
    writeFileSync(file, readFileSync(file, "utf8").replace(/"created_at": "[^"]*"/, '"created_at": "yesterday"'));
    expect(runCli(["check", "--only", "aibrain"], { cwd: root }).code).toBe(1);
    expect(runCli(["task", "load", "T3"], { cwd: root }).code).toBe(5);
    expect(runCli(["task", "update", "T3", "--iteration", "2"], { cwd: root }).code).not.toBe(0);
  });

  it("save requires iteration_count, phase, status (valid enum)", async () => {
    const root = ws();
    expect(await code(store(root).save("T", { phase: "p", status: "in_progress" }))).toBe("INVALID_INPUT");
    expect(await code(store(root).save("T", { ...base, status: "done" }))).toBe("INVALID_INPUT");
    expect(await code(store(root).save("T", { ...base, iteration_count: -1 }))).toBe("INVALID_INPUT");
    expect(await code(store(root).save("T", { ...base, iteration_count: 51, max_iterations: 50 }))).toBe("INVALID_INPUT");
  });

  it("CLI: body from a file and from stdin, --data pass-through, list, archive", () => {
    const root = ws();
    writeFileSync(join(root, "body.md"), "## Task Summary\n\nShip it.\n\n## Next Steps\n\n- write tests\n- ship\n");
    let r = runCli(["task", "save", "T1", "--iteration", "2", "--phase", "build", "--status", "in_progress", "--body-file", "body.md", "--data", '{"max_iterations":50,"tags":["x"]}'], { cwd: root });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, task_id: "T1", file: ".aibrain/session-T1.md", checkpoint_number: 0 });
    r = runCli(["task", "update", "T2", "--status", "blocked"], { cwd: root });
    expect(r.code).toBe(3);
    r = runCli(["task", "save", "T2", "--iteration", "1", "--phase", "p", "--status", "blocked", "--data", '{"blockers":["needs an API key"]}', "--body-file", "-"], { cwd: root, input: "from stdin\n" });
    expect(r.code).toBe(0);
    expect(JSON.parse(runCli(["task", "load", "T2"], { cwd: root }).stdout).markdown_content).toBe("from stdin\n");
    r = runCli(["task", "resume", "T1"], { cwd: root });
    expect(r.stdout).toContain("# Resume task T1");
    expect(r.stdout).toContain("Iterations done: 2 of 50; continue with iteration 3");
    expect(r.stdout).toMatch(/## Objective\n\nShip it\./);
    expect(r.stdout).toMatch(/## Next steps\n\n1\. write tests\n2\. ship/);
    expect(runCli(["task", "resume", "T2"], { cwd: root }).stdout).toMatch(/## Blockers\n\n- needs an API key/);
    expect(runCli(["task", "update", "T1", "--status", "completed"], { cwd: root }).code).toBe(0);
    expect(runCli(["task", "archive", "T1"], { cwd: root }).code).toBe(0);
    const list = JSON.parse(runCli(["task", "list", "--format", "json"], { cwd: root }).stdout);
    expect(list).toEqual([
      expect.objectContaining({ task_id: "T2", status: "blocked", iteration_count: 1, archived: false }),
      expect.objectContaining({ task_id: "T1", status: "completed", iteration_count: 2, archived: true, file: ".aibrain/sessions/archive/session-T1.md" }),
    ]);
    expect(runCli(["task", "list"], { cwd: root }).stdout).toMatch(/T2 {2}active {2}blocked {2}iteration 1/);
  });

  it("the lean start path and the commander definitions give the same results", () => {
    const root = ws();
    const viaCommander = (args: string[]) => {
      const r = spawnSync(process.execPath, ["--input-type=module", "-e", `const { main } = await import(${JSON.stringify(join(ROOT, "dist", "cli.js"))}); process.exitCode = await main(["node", "agentcheck", ...${JSON.stringify(args)}]);`], { cwd: root, encoding: "utf8" });
      return { code: r.status, stdout: r.stdout };
    };
    const a = runCli(["task", "save", "L1", "--iteration", "1", "--phase", "p", "--status", "in_progress"], { cwd: root });
    const b = viaCommander(["task", "save", "L2", "--iteration", "1", "--phase", "p", "--status", "in_progress"]);
    expect([a.code, b.code]).toEqual([0, 0]);
    const strip = (o: string) => ({ ...JSON.parse(o), task_id: "", file: "", updated_at: "" });
    expect(strip(b.stdout)).toEqual(strip(a.stdout));
    for (const args of [["task", "load", "L1"], ["task", "resume", "L1"], ["task", "list", "--format", "json"], ["task", "load", "missing"], ["task", "save", "../x", "--iteration", "1", "--phase", "p", "--status", "in_progress"]]) {
      const lean = runCli(args, { cwd: root });
      const full = viaCommander(args);
      expect({ code: full.code, stdout: full.stdout }).toEqual({ code: lean.code, stdout: lean.stdout });
    }
  });
});
