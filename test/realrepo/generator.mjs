// Long-history test repository (issue 10): real git, built with `git fast-import` (seconds, not
// minutes) and cached per test run in the temp directory (keyed by the generator version and size).
//
// History (main): commit 1 lays down the workspace (HANDOFF.md, README, protocol, today's memory
// layout with folder-qualified index entries); every later commit adds FILES_PER_COMMIT source files
// and one session log (markdown for the first third, "January", JSON after), so the repository ends
// with COMMITS logs and COMMITS * FILES_PER_COMMIT files. Markdown logs cite a Starting Commit a few
// commits before their own (far behind HEAD); every 10th claims a docs-only QA skip (needs the
// log's changed files). JSON logs come in every mode: complete with endingCommit, in progress
// (committed, incomplete MUST items), and complete without endingCommit.
// Plain JavaScript so that the bench (scripts/bench/realrepo.mjs) and the tests share it.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
const GENERATOR_VERSION = 3;
const ENV = {
  GIT_AUTHOR_NAME: "Gen",
  GIT_AUTHOR_EMAIL: "gen@example.com",
  GIT_COMMITTER_NAME: "Gen",
  GIT_COMMITTER_EMAIL: "gen@example.com",
  GIT_CONFIG_NOSYSTEM: "1"
};
function g(cwd, args, input) {
  return execFileSync("git", args, {
    cwd,
    input,
    env: { ...process.env, ...ENV },
    maxBuffer: 1 << 30,
    encoding: "utf8"
  }).trim();
}
const pad = (n) => String(n).padStart(4, "0");
function day(n) {
  const d = new Date(Date.UTC(2026, 0, 1) + Math.floor(n / 25) * 864e5);
  return d.toISOString().slice(0, 10);
}
function mdLog(n, startSha, docsOnly) {
  return [
    `# Session ${n} - ${day(n)}`,
    "",
    "## Session Info",
    "",
    `- **Date**: ${day(n)}`,
    "- **Branch**: feat/x",
    `- **Starting Commit**: \`${startSha.slice(0, 9)}\``,
    "- **Objective**: generated",
    "",
    "## Protocol Compliance",
    "",
    "### Session Start (COMPLETE ALL before work)",
    "",
    "| Req | Step | Status | Evidence |",
    "|-----|------|--------|----------|",
    "| MUST | Initialize Serena: `mcp__serena__activate_project` | [x] | Tool output present |",
    "| MUST | Initialize Serena: `mcp__serena__initial_instructions` | [x] | Tool output present |",
    "| MUST | Read `.agents/HANDOFF.md` | [x] | Content in context |",
    "| MUST | Create this session log | [x] | This file exists |",
    "| MUST | Read skill-usage-mandatory memory | [x] | Content in context |",
    "| MUST | Read memory-index, load task-relevant memories | [x] | memory-index |",
    "| MUST | Confirm not on main/master | [x] | On feat/x |",
    "",
    "## Work Log",
    "",
    `- generated work ${n}`,
    "",
    "### Session End (COMPLETE ALL before closing)",
    "",
    "| Req | Step | Status | Evidence |",
    "|-----|------|--------|----------|",
    "| MUST | Complete session log (all sections filled) | [x] | File complete |",
    "| MUST | Update Serena memory (cross-session context) | [x] | none needed |",
    "| MUST | Run markdown lint | [x] | Lint output clean |",
    docsOnly ? "| MUST | Route to qa agent (feature implementation) | [x] | SKIPPED: docs-only |" : "| MUST | Route to qa agent (feature implementation) | [x] | QA report: `.agents/qa/generated-qa.md` |",
    `| MUST | Commit all changes (including .serena/memories) | [x] | Commit SHA: \`${startSha.slice(0, 7)}\` |`,
    "| MUST NOT | Update `.agents/HANDOFF.md` directly | [x] | HANDOFF.md unchanged |",
    "",
    "## Commits This Session",
    "",
    `- \`${startSha.slice(0, 7)}\` generated`,
    ""
  ].join("\n");
}
function item(complete, evidence, level = "MUST") {
  return { Complete: complete, Evidence: evidence, level };
}
function jsonLog(n, startSha, kind, endSha) {
  const done = kind !== "in-progress";
  const log = {
    session: { number: n, date: day(n), objective: `generated ${n}`, branch: "feat/x", startingCommit: startSha.slice(0, 8) },
    protocolCompliance: {
      sessionStart: {
        serenaActivated: item(true, "Serena activated", "SHOULD"),
        serenaInstructions: item(true, "instructions read", "SHOULD"),
        handoffRead: item(true, "HANDOFF read", "SHOULD"),
        sessionLogCreated: item(true, `Created .agents/sessions/${day(n)}-session-${n}.json`),
        branchVerified: item(true, "on feat/x"),
        notOnMain: item(true, "branch feat/x")
      },
      sessionEnd: {
        checklistComplete: item(done, done ? "all steps done" : ""),
        handoffNotUpdated: item(false, "HANDOFF.md not modified", "MUST NOT"),
        serenaMemoryUpdated: item(done, done ? "memory updated" : "", "SHOULD"),
        markdownLintRun: item(done, done ? "markdownlint: 0 errors" : ""),
        changesCommitted: item(done, done ? `Commit SHA: ${(endSha ?? startSha).slice(0, 7)}` : "Commit pending"),
        validationPassed: item(done, done ? "validator exit 0" : "")
      }
    },
    work: { tasks: [`task ${n}`] }
  };
  if (kind === "complete" && endSha) log.endingCommit = endSha.slice(0, 8);
  return JSON.stringify(log, null, 2) + "\n";
}
function memoryFiles() {
  const f = {};
  const entries = [];
  for (const name of ["agent-workflow-pipeline", "agent-workflow-handoff", "agent-workflow-review"]) {
    f[`.serena/memories/agent-workflow/${name}.md`] = `# ${name}

Text.
`;
    entries.push(`| ${name.split("-").join(", ")}, alpha, beta | [${name}](agent-workflow/${name}.md) |`);
  }
  f[".serena/memories/skills-agent-workflow-index.md"] = ["| Keywords | File |", "|---|---|", ...entries].join("\n") + "\n";
  f[".serena/memories/memory-index.md"] = "# Memory Index\n\n| Task Keywords | Essential Memories |\n|---|---|\n| workflow | [skills-agent-workflow-index](skills-agent-workflow-index.md) |\n";
  return f;
}
function stream(commits, firstMark, from) {
  const out = [];
  commits.forEach((c, i) => {
    const mark = firstMark + i;
    const t = 1767225600 + mark * 600;
    out.push("commit refs/heads/main", `mark :${mark}`, `committer Gen <gen@example.com> ${t} +0000`);
    const msg = Buffer.from(c.message);
    out.push(`data ${msg.length}`, c.message);
    if (i === 0 && from) out.push(`from ${from}`);
    for (const [p, content] of Object.entries(c.files)) {
      const b = Buffer.byteLength(content);
      out.push(`M 100644 inline ${p}`, `data ${b}`, content);
    }
    out.push("");
  });
  return out.join("\n") + "\n";
}
function importCommits(dir, commits, firstMark, from) {
  const marks = join(dir, ".git", "gen-marks");
  execFileSync("git", ["fast-import", "--quiet", `--export-marks=${marks}`, ...existsSync(marks) ? [`--import-marks=${marks}`] : []], {
    cwd: dir,
    input: stream(commits, firstMark, from),
    env: { ...process.env, ...ENV },
    maxBuffer: 1 << 30
  });
  const m = /* @__PURE__ */ new Map();
  for (const l of readFileSync(marks, "utf8").split("\n")) {
    const [k, v] = l.split(" ");
    if (k && v) m.set(Number(k.slice(1)), v);
  }
  return m;
}
function longRepo(opts = {}) {
  const commits = opts.commits ?? 2e3;
  const per = opts.filesPerCommit ?? 5;
  // one session log every `every` commits (1: each commit; issue 39's linearity rows vary the commits alone)
  const every = opts.logEvery ?? 1;
  // cached across test files and runs: outside the per-file temp dir of test/setup/hermetic.ts
  const dir = join(process.env.AGENTCHECK_TEST_TMP_BASE ?? tmpdir(), `agentcheck-longrepo-v${GENERATOR_VERSION}-${commits}x${per}${every === 1 ? "" : `-log${every}`}`);
  const done = join(dir, ".git", "gen-done.json");
  if (!existsSync(done)) {
    const tmp = `${dir}.tmp-${process.pid}`;
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    g(tmp, ["init", "-q", "-b", "main"]);
    g(tmp, ["config", "user.name", "Gen"]);
    g(tmp, ["config", "user.email", "gen@example.com"]);
    g(tmp, ["config", "commit.gpgsign", "false"]);
    const base = {
      message: "workspace",
      files: {
        "README.md": "# Generated\n",
        ".agents/HANDOFF.md": "# Handoff\n\nRead-only.\n",
        ".agents/qa/generated-qa.md": "# QA\n",
        ...memoryFiles()
      }
    };
    const early = [base];
    for (let n = 2; n <= 10; n++) early.push({ message: `work ${n}`, files: srcFiles(n, per) });
    const marks = importCommits(tmp, early, 1);
    const rest = [];
    let logs = 0;
    const mdUntil = Math.floor(commits / 3);
    for (let n = 11; n <= commits; n++) {
      const files = srcFiles(n, per);
      const start = marks.get(Math.max(2, n % 9 + 2));
      if (n % every !== 0) {
        rest.push({ message: `work ${n}`, files });
        continue;
      }
      if (n <= mdUntil) files[`.agents/sessions/${day(n)}-session-${n}.md`] = mdLog(n, start, n % 10 === 0);
      else {
        const kind = n % 3 === 0 ? "in-progress" : n % 3 === 1 ? "complete" : "complete-no-end";
        files[`.agents/sessions/${day(n)}-session-${n}.json`] = jsonLog(n, start, kind, marks.get(10));
      }
      logs++;
      rest.push({ message: `work ${n}`, files });
    }
    const all = importCommits(tmp, rest, 11, marks.get(10));
    g(tmp, ["reset", "-q", "--hard", "main"]);
    const shas = {};
    for (const [k, v] of all) shas[k] = v;
    writeFileSync(join(tmp, ".git", "gen-done.json"), JSON.stringify({ commits, per, logs, shas, every }));
    rmSync(dir, { recursive: true, force: true });
    renameSync(tmp, dir);
  }
  const meta = JSON.parse(readFileSync(done, "utf8"));
  return {
    dir,
    commits: meta.commits,
    files: meta.commits * meta.per,
    logs: meta.logs,
    sha: (n) => meta.shas[n],
    januaryLog: (() => {
      const first = Math.ceil(11 / (meta.every ?? 1)) * (meta.every ?? 1);
      return `.agents/sessions/${day(first)}-session-${first}.md`;
    })()
  };
}
function srcFiles(n, per) {
  const f = {};
  for (let k = 0; k < per; k++) f[`src/m${pad(n % 97)}/f${pad(n)}-${k}.ts`] = `export const v${n}_${k} = ${n * per + k};
`;
  return f;
}
function cloneRepo(repo, into) {
  g(into, ["clone", "-q", "--shared", repo.dir, "r"]);
  const dir = join(into, "r");
  g(dir, ["config", "user.name", "Test"]);
  g(dir, ["config", "user.email", "test@example.com"]);
  g(dir, ["config", "commit.gpgsign", "false"]);
  return dir;
}
export {
  GENERATOR_VERSION,
  cloneRepo,
  g,
  jsonLog,
  longRepo,
  mdLog
};
