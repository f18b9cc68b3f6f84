import { finish, type OutputOptions } from "../output.js";
import { maxFileBytes } from "./common.js";
import { UsageError } from "../report.js";

export interface SessionLogCliOptions extends OutputOptions {
  mode?: string;
  now?: string;
}

export async function runSessionLogCommand(paths: string[], o: SessionLogCliOptions): Promise<number> {
  const started = performance.now();
  if (o.mode && !["full", "creation", "record"].includes(o.mode)) {
    throw new UsageError(`--mode must be full, creation or record, got '${o.mode}'`);
  }
  const { validateSessionLogs } = await import("../validators/session-log.js");
  const out = await validateSessionLogs({
    cwd: process.cwd(),
    paths,
    mode: o.mode as "full" | "creation" | "record" | undefined,
    maxFileBytes: maxFileBytes(o),
    now: o.now,
  });
  return finish(out.results, started, o, out.internalErrors);
}
