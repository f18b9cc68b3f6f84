// The report is written with synchronous writes of strings (src/stdio.ts writeText): a pipe that
// takes only part of a slice, or that somebody made non-blocking (EAGAIN), must still receive every
// byte in order, and a reader that goes away (`| head`) ends the writer quietly. Real child
// processes, real pipes.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, makeRepo, ROOT, tmpDir } from "../helpers.js";

// a report-like text of about 3 MB: ASCII lines, non-ASCII letters and surrogate pairs
const writer = (dir: string) => {
  const file = join(dir, "writer.mjs");
  writeFileSync(
    file,
    `import { writeOut } from ${JSON.stringify(join(ROOT, "dist", "stdio.js"))};
const lines = [];
for (let i = 0; i < 60000; i++) lines.push(\`line \${i}: é ü 😀 \${"x".repeat(i % 40)}\\n\`);
const text = lines.join("");
if (process.argv[2] === "pieces") writeOut(lines); else writeOut(text);
process.stderr.write(\`\${Buffer.byteLength(text)}\\n\`);
`,
  );
  return file;
};

function expected(): Buffer {
  const lines: string[] = [];
  for (let i = 0; i < 60000; i++) lines.push(`line ${i}: é ü 😀 ${"x".repeat(i % 40)}\n`);
  return Buffer.from(lines.join(""), "utf8");
}

describe("report writes over pipes (src/stdio.ts)", () => {
  for (const shape of ["text", "pieces"]) {
    it(`a non-blocking pipe with a slow reader gets every byte (${shape})`, () => {
      const dir = tmpDir("agentcheck-pipes-");
      const w = writer(dir);
      // python sets O_NONBLOCK on the pipe the writer inherits as stdout, then runs it; the reader
      // waits before it drains, so the writer meets a full pipe (EAGAIN) many times
      const py = `import os, fcntl, subprocess, sys, time
r, wfd = os.pipe()
fl = fcntl.fcntl(wfd, fcntl.F_GETFL)
fcntl.fcntl(wfd, fcntl.F_SETFL, fl | os.O_NONBLOCK)
p = subprocess.Popen([sys.argv[1], sys.argv[2], sys.argv[3]], stdout=wfd, stderr=subprocess.PIPE)
os.close(wfd)
time.sleep(0.3)
out = bytearray()
while True:
    b = os.read(r, 65536)
    if not b: break
    out += b
    time.sleep(0.001)
err = p.stderr.read()
p.wait()
sys.stdout.buffer.write(out)
sys.stderr.write("rc=%d err=%s" % (p.returncode, err.decode().strip()))
`;
      const res = spawnSync("python3", ["-c", py, process.execPath, w, shape], { maxBuffer: 1 << 26 });
      const want = expected();
      expect(res.stderr.toString()).toBe(`rc=0 err=${want.length}`);
      expect(res.stdout.length).toBe(want.length);
      expect(res.stdout.equals(want)).toBe(true);
    });
  }

  it("a reader that stops early (| head -c 100) ends the output quietly; the writer goes on to its end with status 0", () => {
    const dir = tmpDir("agentcheck-pipes-");
    const w = writer(dir);
    // bash reports the writer's own status (PIPESTATUS[0]) and what it wrote to standard error
    const st = spawnSync("bash", ["-c", `"${process.execPath}" "${w}" text 2>"${dir}/err" | head -c 100 >"${dir}/out"; s=\${PIPESTATUS[0]}; cat "${dir}/err"; echo "rc=$s"`], { encoding: "utf8" });
    expect(readFileSync(join(dir, "out"), "utf8").startsWith("line 0: é ü")).toBe(true);
    // no EPIPE message, no exit in the middle of the write: the line after writeOut still runs
    expect(st.stdout.trim()).toBe(`${expected().length}\nrc=0`);
  });

  // 300 logs with findings: a report of about 150 kB, more than a pipe holds, so `head -1` closes
  // the pipe while the report is still being written (EPIPE)
  const manyBadLogs = () => {
    const files: Record<string, string> = {};
    for (let i = 1; i <= 300; i++) files[`.agents/sessions/2025-01-01-session-${i}.md`] = `# Session ${i}\n\nhello\n`;
    return makeRepo(files);
  };
  const piped = (cwd: string, args: string, env: Record<string, string> = {}) => {
    const dir = tmpDir("agentcheck-pipes-");
    const st = spawnSync("bash", ["-c", `"${process.execPath}" "${BIN}" ${args} 2>"${dir}/err" | head -1 >"${dir}/out"; echo "\${PIPESTATUS[0]}"`], {
      cwd,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1", ...env },
    });
    return { code: Number(st.stdout.trim()), out: readFileSync(join(dir, "out"), "utf8"), err: readFileSync(join(dir, "err"), "utf8") };
  };

  it("check | head -1: the exit code is still the verdict (1 with errors), for every format", () => {
    const repo = manyBadLogs();
    for (const fmt of ["text", "json", "markdown", "github", "junit", "sarif"]) {
      const r = piped(repo, `check . -f ${fmt}`);
      expect(r.out.length, fmt).toBeGreaterThan(0);
      expect([fmt, r.code]).toEqual([fmt, 1]);
      expect(r.err, fmt).not.toMatch(/EPIPE/);
    }
  });

  it("check | head -1 with an internal error: exit 2 and the internal error is still on stderr", () => {
    const repo = manyBadLogs();
    const r = piped(repo, "check .", { AGENTCHECK_DEBUG_TRAP: "unreachable:.agents/sessions/2025-01-01-session-1.md" });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^agentcheck: internal error: .*2025-01-01-session-1\.md/m);
  });
});
