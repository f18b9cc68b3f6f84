// `agentcheck task …`: .aibrain checkpoints for long-running agent loops. Machine commands (save, load,
// update, archive) print one JSON document on stdout; errors print {"ok":false,"error":{…}} with the exit
// codes of the session commands (3 not found, 4 corrupt, 5 invalid, 6 rejected input, 8 lock/I/O).
import { Command, CommanderError } from "commander";

interface TaskGlobals {
  dir?: string;
  pretty?: boolean;
}

interface FieldOpts {
  iteration?: string;
  phase?: string;
  status?: string;
  data?: string;
  bodyFile?: string;
  project?: string;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function run(cmd: Command, fn: (m: typeof import("./checkpoint.js"), g: TaskGlobals) => Promise<unknown>, print?: (v: unknown) => string): Promise<void> {
  const g = cmd.optsWithGlobals() as TaskGlobals;
  const m = await import("./checkpoint.js");
  const { StateError } = await import("../state/errors.js");
  try {
    const v = await fn(m, g);
    process.stdout.write(print ? print(v) : `${JSON.stringify(v, null, g.pretty ? 2 : undefined)}\n`);
    process.exitCode = 0;
  } catch (e) {
    const err = e instanceof StateError ? e : new StateError("INTERNAL", (e as Error)?.message ?? String(e));
    if (!(e instanceof StateError) && process.env.AGENTCHECK_DEBUG) process.stderr.write(`${(e as Error)?.stack}\n`);
    process.stdout.write(`${JSON.stringify({ ok: false, error: err.toJSON() })}\n`);
    process.stderr.write(`agentcheck task: ${err.code}: ${err.message}\n`);
    process.exitCode = err.exitCode;
  }
}

/** Front-matter fields from --data (JSON, or - for stdin) plus --iteration/--phase/--status. */
async function fields(o: FieldOpts, usage: (m: string) => Error): Promise<Record<string, unknown>> {
  let data: Record<string, unknown> = {};
  if (o.data !== undefined) {
    const text = o.data === "-" ? await readStdin() : o.data;
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch (e) {
      throw usage(`--data: invalid JSON (${(e as Error).message})`);
    }
    if (typeof v !== "object" || v === null || Array.isArray(v)) throw usage("--data must be a JSON object");
    data = v as Record<string, unknown>;
  }
  if (o.iteration !== undefined) {
    const n = Number(o.iteration);
    if (!Number.isSafeInteger(n) || n < 0) throw usage(`--iteration takes a whole number >= 0, got '${o.iteration}'`);
    data.iteration_count = n;
  }
  if (o.phase !== undefined) data.phase = o.phase;
  if (o.status !== undefined) data.status = o.status;
  if (o.project !== undefined) data.project = o.project;
  return data;
}

async function body(o: FieldOpts, usage: (m: string) => Error): Promise<string | undefined> {
  if (o.bodyFile === undefined) return undefined;
  if (o.bodyFile === "-") {
    if (o.data === "-") throw usage("--data - and --body-file - cannot both read stdin");
    return readStdin();
  }
  const { readFileSync } = await import("node:fs");
  try {
    return readFileSync(o.bodyFile, "utf8");
  } catch (e) {
    throw usage(`--body-file: cannot read ${o.bodyFile}: ${(e as Error).message}`);
  }
}

function withFieldOptions(c: Command): Command {
  return c
    .option("--iteration <n>", "iteration_count (iterations done)")
    .option("--phase <phase>", "phase, e.g. feature_build")
    .option("--status <status>", "in_progress | blocked | completed")
    .option("--data <json>", "front-matter keys as a JSON object (- reads stdin); other keys pass through")
    .option("--body-file <file>", "markdown body from a file (- reads stdin); default: keep the previous body")
    .option("--project <name>", "project name (default: kept, else the workspace folder's name)");
}

export function registerTaskCommands(program: Command): Command {
  const task = program
    .command("task")
    .description("checkpoints of long-running agent tasks in .aibrain/session-<task>.md (JSON front matter + markdown)")
    .option("--dir <dir>", "workspace holding .aibrain/ (default: the enclosing worktree)")
    .option("--pretty", "indent JSON output")
    .addHelpText("after", "\nExamples:\n  $ agentcheck task save TASK-123 --iteration 5 --phase feature_build --status in_progress --body-file notes.md\n  $ agentcheck task update TASK-123 --data '{\"next_steps\":[\"write tests\"]}'\n  $ agentcheck task resume TASK-123\n\nExit codes: 0 ok, 1 internal, 2 usage, 3 not found, 4 corrupt (line:column), 5 invalid, 6 rejected input / already exists, 8 lock timeout / I/O.");
  task.exitOverride((err: CommanderError) => {
    if (err.code !== "commander.helpDisplayed" && err.code !== "commander.help" && err.code !== "commander.version") {
      process.stdout.write(`${JSON.stringify({ ok: false, error: { code: "USAGE", message: err.message.replace(/^error: /, "") } })}\n`);
    }
    throw err;
  });
  const open = (m: typeof import("./checkpoint.js"), g: TaskGlobals, project?: string) =>
    new m.CheckpointStore({ root: g.dir, project });
  const summary = (cp: import("./checkpoint.js").Checkpoint, ws: string) => ({
    ok: true,
    task_id: cp.data.task_id,
    file: cp.file.slice(ws.length + 1).split("\\").join("/"),
    iteration_count: cp.data.iteration_count,
    checkpoint_number: cp.data.checkpoint_number,
    phase: cp.data.phase,
    status: cp.data.status,
    updated_at: cp.data.updated_at,
  });
  const usageOf = async () => {
    const { StateError } = await import("../state/errors.js");
    return (msg: string) => new StateError("INVALID_INPUT", msg);
  };

  withFieldOptions(task.command("save <task>").description("save (overwrite) the checkpoint; needs iteration, phase and status"))
    .action(async (id: string, o: FieldOpts, cmd: Command) => run(cmd, async (m, g) => {
      const u = await usageOf();
      const s = open(m, g);
      const cp = await s.save(id, await fields(o, u), await body(o, u));
      return summary(cp, s.workspace);
    }));

  withFieldOptions(task.command("update <task>").description("merge fields into the existing checkpoint (null removes a key) and save"))
    .action(async (id: string, o: FieldOpts, cmd: Command) => run(cmd, async (m, g) => {
      const u = await usageOf();
      const s = open(m, g);
      const cp = await s.update(id, await fields(o, u), await body(o, u));
      return summary(cp, s.workspace);
    }));

  task.command("load <task>").description("print the checkpoint: front-matter keys plus markdown_content")
    .option("--archived", "load the archived checkpoint")
    .action(async (id: string, o: { archived?: boolean }, cmd: Command) => run(cmd, async (m, g) => {
      const cp = open(m, g).load(id, { archived: o.archived });
      return { ...cp.data, markdown_content: cp.markdown_content };
    }));

  task.command("archive <task>").description("move a completed task to .aibrain/sessions/archive/ (never overwrites)")
    .action(async (id: string, _o: unknown, cmd: Command) => run(cmd, async (m, g) => ({ ok: true, ...(await open(m, g).archive(id)) })));

  task.command("list").description("active and archived tasks with status and iteration")
    .option("--format <format>", "text | json", "text")
    .action(async (o: { format: string }, cmd: Command) => {
      const text = o.format !== "json";
      if (o.format !== "json" && o.format !== "text") {
        process.stderr.write(`agentcheck task: --format must be text or json\n`);
        process.exitCode = 2;
        return;
      }
      await run(cmd, async (m, g) => open(m, g).list(), text ? (v) => renderList(v as import("./checkpoint.js").TaskListing[]) : undefined);
    });

  task.command("resume <task>").description("what a new context window needs to continue: objective, status, iteration, next steps, blockers, last output")
    .option("--format <format>", "markdown | json", "markdown")
    .action(async (id: string, o: { format: string }, cmd: Command) => {
      if (o.format !== "json" && o.format !== "markdown") {
        process.stderr.write(`agentcheck task: --format must be markdown or json\n`);
        process.exitCode = 2;
        return;
      }
      let md = "";
      await run(cmd, async (m, g) => {
        const s = open(m, g);
        const info = m.resumeInfo(s.load(id), s.workspace);
        md = m.renderResume(info);
        return info;
      }, o.format === "markdown" ? () => md : undefined);
    });
  return task;
}

function renderList(rows: import("./checkpoint.js").TaskListing[]): string {
  if (rows.length === 0) return "no task checkpoints in .aibrain/\n";
  const out = rows.map((r) =>
    r.error
      ? `${r.task_id}  ${r.archived ? "archived" : "active"}  UNREADABLE: ${r.error}`
      : `${r.task_id}  ${r.archived ? "archived" : "active"}  ${String(r.status)}  iteration ${String(r.iteration_count)}  phase ${String(r.phase)}  updated ${String(r.updated_at)}  (${r.file})`,
  );
  return `${out.join("\n")}\n`;
}
