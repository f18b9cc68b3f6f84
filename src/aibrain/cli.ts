// `agentcheck task …` without the CLI framework: the work of every subcommand (used by the commander
// definitions in ./commands.ts) and a lean argv parser that bin/agentcheck.js tries first, so a checkpoint
// save in an agent loop does not pay for loading commander and every other command. Anything unusual
// (help, an unknown flag) returns undefined and commander handles it with its own messages.
import { parseArgs } from "node:util";
import type { Checkpoint, TaskListing } from "./checkpoint.js";
import { writeErr, writeOut } from "../stdio.js";
import { terminalText } from "../terminal.js";

export interface TaskGlobals {
  dir?: string;
  pretty?: boolean;
}

export interface FieldOpts {
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

async function run(g: TaskGlobals, fn: (m: typeof import("./checkpoint.js"), g: TaskGlobals) => Promise<unknown>, print?: (v: unknown) => string): Promise<number> {
  const m = await import("./checkpoint.js");
  const { StateError } = await import("../state/errors.js");
  try {
    const v = await fn(m, g);
    writeOut(print ? terminalText(print(v)) : `${JSON.stringify(v, null, g.pretty ? 2 : undefined)}\n`);
    return 0;
  } catch (e) {
    const err = e instanceof StateError ? e : new StateError("INTERNAL", (e as Error)?.message ?? String(e));
    if (!(e instanceof StateError) && process.env.AGENTCHECK_DEBUG) writeErr(`${(e as Error)?.stack}\n`);
    writeOut(`${JSON.stringify({ ok: false, error: err.toJSON() })}\n`);
    writeErr(`agentcheck task: ${err.code}: ${err.message}\n`);
    return err.exitCode;
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
    // digits only: Number() reads "" as 0, "0x10" as 16 and " 1e1 " as 10 (an unset shell variable
    // would reset a resumable loop to iteration 0)
    const n = /^\d+$/.test(o.iteration) ? Number(o.iteration) : NaN;
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
  const { readTextOrThrow, DEFAULT_READ_LIMIT } = await import("../fsread.js");
  const { namedFileRoot } = await import("../fswrite.js");
  const { worktreeRoot } = await import("../state/paths.js");
  const { resolve } = await import("node:path");
  try {
    // a file the user named: confined to the repository when it lies there (never a link out of it)
    const abs = resolve(o.bodyFile);
    return readTextOrThrow(abs, { maxBytes: DEFAULT_READ_LIMIT, root: namedFileRoot(abs, worktreeRoot(process.cwd())) });
  } catch (e) {
    throw usage(`--body-file: cannot read ${o.bodyFile}: ${(e as Error).message}`);
  }
}

export type TaskOptions = TaskGlobals & FieldOpts & { archived?: boolean; format?: string };

export const TASK_SUBCOMMANDS = ["save", "update", "load", "archive", "list", "resume"] as const;

const open = (m: typeof import("./checkpoint.js"), g: TaskGlobals) => new m.CheckpointStore({ root: g.dir });

function summary(cp: Checkpoint, ws: string) {
  return {
    ok: true,
    task_id: cp.data.task_id,
    file: cp.file.slice(ws.length + 1).split("\\").join("/"),
    iteration_count: cp.data.iteration_count,
    checkpoint_number: cp.data.checkpoint_number,
    phase: cp.data.phase,
    status: cp.data.status,
    updated_at: cp.data.updated_at,
  };
}

async function usageOf() {
  const { StateError } = await import("../state/errors.js");
  return (msg: string) => new StateError("INVALID_INPUT", msg);
}

/** Run one `task` subcommand; prints its output and returns the exit code. */
export async function execTask(sub: string, id: string | undefined, o: TaskOptions): Promise<number> {
  switch (sub) {
    case "save":
    case "update":
      return run(o, async (m, g) => {
        const u = await usageOf();
        const s = open(m, g);
        const f = await fields(o, u);
        const b = await body(o, u);
        return summary(sub === "save" ? await s.save(id!, f, b) : await s.update(id!, f, b), s.workspace);
      });
    case "load":
      return run(o, async (m, g) => {
        const cp = open(m, g).load(id!, { archived: o.archived });
        return { ...cp.data, markdown_content: cp.markdown_content };
      });
    case "archive":
      return run(o, async (m, g) => ({ ok: true, ...(await open(m, g).archive(id!)) }));
    case "list": {
      const format = o.format ?? "text";
      if (format !== "json" && format !== "text") {
        writeErr("agentcheck task: --format must be text or json\n");
        return 2;
      }
      return run(o, async (m, g) => open(m, g).list(), format === "text" ? (v) => renderList(v as TaskListing[]) : undefined);
    }
    case "resume": {
      const format = o.format ?? "markdown";
      if (format !== "json" && format !== "markdown") {
        writeErr("agentcheck task: --format must be markdown or json\n");
        return 2;
      }
      let md = "";
      return run(o, async (m, g) => {
        const s = open(m, g);
        const info = m.resumeInfo(s.load(id!), s.workspace);
        md = m.renderResume(info);
        return info;
      }, format === "markdown" ? () => md : undefined);
    }
    default:
      writeErr(`agentcheck task: unknown subcommand '${sub}'\n`);
      return 2;
  }
}

const FIELD_FLAGS = { iteration: "string", phase: "string", status: "string", data: "string", "body-file": "string", project: "string" } as const;
const LEAN_FLAGS: Record<string, Record<string, "string" | "boolean">> = {
  save: FIELD_FLAGS,
  update: FIELD_FLAGS,
  load: { archived: "boolean" },
  archive: {},
  list: { format: "string" },
  resume: { format: "string" },
};

/** `task` argv (after "task") parsed without commander, or undefined when commander should handle it. */
export function parseTaskArgs(args: string[]): { sub: string; id?: string; opts: TaskOptions } | undefined {
  const sub = args.find((a) => !a.startsWith("-") && a !== "" && args[args.indexOf(a) - 1] !== "--dir");
  if (!sub || !(sub in LEAN_FLAGS)) return undefined;
  const spec: Record<string, { type: "string" | "boolean" }> = { dir: { type: "string" }, pretty: { type: "boolean" } };
  for (const [k, t] of Object.entries(LEAN_FLAGS[sub])) spec[k] = { type: t };
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args, options: spec, strict: true, allowPositionals: true }) as { values: Record<string, string | boolean | undefined>; positionals: string[] });
  } catch {
    return undefined;
  }
  const needsId = sub !== "list";
  if (positionals[0] !== sub || positionals.length !== (needsId ? 2 : 1)) return undefined;
  const opts: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined) opts[k.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())] = v;
  return { sub, id: needsId ? positionals[1] : undefined, opts: opts as TaskOptions };
}

/** Lean entry for bin/agentcheck.js: the exit code, or undefined to fall back to the full CLI. */
export async function taskLean(args: string[]): Promise<number | undefined> {
  const p = parseTaskArgs(args);
  if (!p) return undefined;
  return execTask(p.sub, p.id, p.opts);
}

function renderList(rows: TaskListing[]): string {
  if (rows.length === 0) return "no task checkpoints in .aibrain/\n";
  const out = rows.map((r) =>
    r.error
      ? `${r.task_id}  ${r.archived ? "archived" : "active"}  UNREADABLE: ${r.error}`
      : `${r.task_id}  ${r.archived ? "archived" : "active"}  ${String(r.status)}  iteration ${String(r.iteration_count)}  phase ${String(r.phase)}  updated ${String(r.updated_at)}  (${r.file})`,
  );
  return `${out.join("\n")}\n`;
}
