// `agentcheck manifest …`, `agentcheck index` and `agentcheck sessions list`. stdout carries one JSON
// document (the result, or {"ok":false,"error":{…}}); exit codes as the session commands
// (specs/session-state.md §6.1). Implementations are imported when a command runs.
import { Command, Option } from "commander";
import { jsonUsageExit } from "../state/commands.js";
import type { StateError } from "../state/errors.js";
import { writeErr } from "../stdio.js";

interface Globals {
  root?: string;
  pretty?: boolean;
}

async function run(g: Globals, fn: (m: import("./manager.js").ManifestManager) => Promise<unknown> | unknown): Promise<number> {
  const { writeResult, writeError } = await import("../state/cli.js");
  const { StateError, isStateError } = await import("../state/errors.js");
  try {
    const { ManifestManager } = await import("./manager.js");
    const m = new ManifestManager({ root: g.root });
    writeResult(await fn(m), g.pretty);
    return 0;
  } catch (e) {
    if (isStateError(e)) return writeError(e as StateError, g.pretty, "manifest");
    const err = e as Error;
    if (process.env.AGENTCHECK_DEBUG) writeErr(`${err?.stack ?? ""}\n`);
    const code = err?.name === "UsageError" ? "USAGE" : "INTERNAL";
    return writeError(new StateError(code, err?.message ?? String(e), (err as { details?: Record<string, unknown> }).details), g.pretty, "manifest");
  }
}

function int(v: string | undefined, what: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n)) throw Object.assign(new Error(`${what} takes a whole number >= 0, got '${v}'`), { name: "UsageError" });
  return n;
}

export function registerManifestCommands(program: Command): void {
  const mf = program
    .command("manifest")
    .description("per-session manifests agents/sessions/<id>/state.json (v2): create and change them only through these commands")
    .option("--root <dir>", "workspace holding agents/sessions/ (default: the enclosing worktree)")
    .option("--pretty", "indent the JSON output")
    .addHelpText(
      "after",
      "\nExit codes: 0 ok, 1 internal, 2 usage, 3 not found, 4 corrupt, 5 invalid manifest, 6 refused input/transition, 8 lock timeout/IO.\n" +
        "\nExamples:\n  $ agentcheck manifest create --topic \"Dark mode\" --checkpoints 3\n  $ agentcheck manifest phase 2026-02-14_dark-mode_a1b2c3 plan\n" +
        "  $ agentcheck manifest checkpoint 2026-02-14_dark-mode_a1b2c3 complete 1\n  $ agentcheck manifest commit 2026-02-14_dark-mode_a1b2c3 HEAD~0 --checkpoint 1",
    );
  // as the session and task groups: usage errors are a JSON document on stdout too, then exit 2
  mf.exitOverride(jsonUsageExit);
  const g = (): Globals => mf.opts() as Globals;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const act = <A extends any[]>(fn: (...a: A) => Promise<number>) => async (...a: A) => {
    process.exitCode = await fn(...a);
  };

  mf.command("create")
    .description("create a session folder with state.json, spec.md, plan.json and plan.md")
    .requiredOption("--topic <text>", "title of the session")
    .option("--description <text>", "short description", "")
    .addOption(new Option("--type <type>", "session type").choices(["full", "quick", "research"]).default("full"))
    .option("--id <slug>", "folder name (default: <date>_<topic slug>_<random>)")
    .option("--checkpoints <n>", "number of build checkpoints", "0")
    .option("--branch <name>", "git branch (default: the current branch)")
    .option("--base-branch <name>", "base branch", "main")
    .option("--worktree <path>", "git worktree of the session")
    .action(act(async (o: { topic: string; description: string; type: string; id?: string; checkpoints: string; branch?: string; baseBranch: string; worktree?: string }) =>
      run(g(), (m) => m.create({
        topic: o.topic, description: o.description, sessionType: o.type as never, id: o.id, checkpoints: int(o.checkpoints, "--checkpoints"),
        branch: o.branch, baseBranch: o.baseBranch, worktree: o.worktree ?? null,
      }))));

  mf.command("show <id>")
    .description("print a manifest (validated: exit 4 when not JSON, 5 when invalid)")
    .action(act(async (id: string) => run(g(), (m) => m.read(id))));

  mf.command("phase <id> [phase]")
    .description("move to the next phase (spec → plan → build → docs → complete); without a phase and with --complete, mark the current one completed")
    .option("--force", "allow a skip or a backward move (recorded in the manifest's overrides)")
    .option("--reason <text>", "why --force was needed (recorded)")
    .option("--complete", "mark the current phase completed without moving")
    .action(act(async (id: string, phase: string | undefined, o: { force?: boolean; reason?: string; complete?: boolean }) =>
      run(g(), async (m) => {
        if (o.complete) return m.completePhase(id, phase);
        if (!phase) throw Object.assign(new Error("give the phase to move to (or --complete)"), { name: "UsageError" });
        return m.transition(id, phase, { force: o.force, reason: o.reason });
      })));

  mf.command("checkpoint <id> <action> <n>")
    .description("checkpoints: start <n> | complete <n> | total <n>")
    .action(act(async (id: string, action: string, n: string) =>
      run(g(), (m) => {
        const k = int(n, "checkpoint")!;
        if (action === "start") return m.startCheckpoint(id, k);
        if (action === "complete") return m.completeCheckpoint(id, k);
        if (action === "total") return m.setCheckpointTotal(id, k);
        throw Object.assign(new Error(`unknown checkpoint action '${action}' (start, complete, total)`), { name: "UsageError", details: { action, allowed: ["start", "complete", "total"] } });
      })));

  mf.command("commit <id> <sha>")
    .description("record a commit (verified with git when the workspace is a repository; stored as the full sha)")
    .option("-m, --message <text>", "message (default: the commit's subject)")
    .option("--checkpoint <n>", "checkpoint the commit belongs to")
    .action(act(async (id: string, sha: string, o: { message?: string; checkpoint?: string }) =>
      run(g(), (m) => m.addCommit(id, sha, o.message, int(o.checkpoint, "--checkpoint") ?? null))));

  mf.command("status <id> <status>")
    .description("set the status: active | paused | failed (complete follows the phase)")
    .action(act(async (id: string, status: string) => run(g(), (m) => m.setStatus(id, status))));

  mf.command("git <id>")
    .description("set the git branch, worktree or base branch")
    .option("--branch <name>", "branch")
    .option("--worktree <path>", "worktree path")
    .option("--no-worktree", "clear the worktree")
    .option("--base-branch <name>", "base branch")
    .action(act(async (id: string, o: { branch?: string; worktree?: string | boolean; baseBranch?: string }) =>
      run(g(), (m) => m.setGit(id, {
        branch: o.branch,
        worktree: o.worktree === false ? null : typeof o.worktree === "string" ? o.worktree : undefined,
        baseBranch: o.baseBranch,
      }))));

  program
    .command("index")
    .description("index the session manifests of working directories into the SQLite session index")
    .option("--root <dir>", "working directory to scan for agents/sessions/*/state.json (repeatable; default: the enclosing worktree)", (v: string, acc: string[] = []) => [...acc, v])
    .option("--db <file>", "index database (default: <notes root>/index.sqlite)")
    .option("--notes-dir <dir>", "notes root (default: as the session commands)")
    .option("--rebuild", "drop the index and rebuild it from the files")
    .option("--pretty", "indent the JSON output")
    .addHelpText("after", "\nExamples:\n  $ agentcheck index\n  $ agentcheck index --root ~/src/app --root ~/src/lib --rebuild")
    .action(act(async (o: { root?: string[]; db?: string; notesDir?: string; rebuild?: boolean; pretty?: boolean }) => {
      const { runIndexCommand } = await import("./index-db.js");
      return runIndexCommand(o);
    }));

  const sessions = program.command("sessions").description("query the session index (see `agentcheck index`)");
  sessions
    .command("list")
    .description("list indexed sessions")
    .option("--project <dir>", "only sessions of this working directory (path or its folder name)")
    .option("--status <status>", "only this status")
    .option("--phase <phase>", "only this phase")
    .addOption(new Option("--format <format>", "output format").choices(["json", "text"]).default("json"))
    .option("--db <file>", "index database (default: <notes root>/index.sqlite)")
    .option("--notes-dir <dir>", "notes root (default: as the session commands)")
    .action(act(async (o: { project?: string; status?: string; phase?: string; format: string; db?: string; notesDir?: string }) => {
      const { runSessionsList } = await import("./index-db.js");
      return runSessionsList(o);
    }));
}
