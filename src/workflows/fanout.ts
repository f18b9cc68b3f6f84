// validate-repositories: one event, N repositories (or N pull requests: a repository and a base), one
// step each, at most `concurrency` at a time. Each step runs `agentcheck check --format json` in its
// repository as a process of its own: the CLI's own code and verdict, its own configuration (no
// process-wide state shared between repositories), and real parallelism up to the bound.
import { execFile } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { NonRetriableError, type Inngest } from "inngest";
import { EVENTS, type RepositoryTarget, type ValidateRepositoriesData } from "./events.js";

export const DEFAULT_CONCURRENCY = 4;
export const MAX_CONCURRENCY = 32;
export const MAX_REPOSITORIES = 10_000;

const BIN = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "bin", "agentcheck.js");

export interface RepositoryVerdict {
  cwd: string;
  base: string | null;
  /** pass (exit 0), findings (exit 1), error (exit 2, or no report): an error is never a pass. */
  status: "pass" | "findings" | "error";
  exitCode: number;
  files: number;
  errors: number;
  warnings: number;
  message?: string;
}

/** `agentcheck check` on one repository (`--changed --base` for a pull request), as a child process. */
export function validateRepository(t: RepositoryTarget, o: { timeoutMs?: number; bin?: string } = {}): Promise<RepositoryVerdict> {
  const args = [o.bin ?? BIN, "check", "--format", "json", ...(t.base ? ["--changed", "--base", t.base] : [])];
  return new Promise((res) => {
    execFile(process.execPath, args, { cwd: t.cwd, maxBuffer: 256 * 1024 * 1024, timeout: o.timeoutMs ?? 300_000, env: { ...process.env, NO_COLOR: "1" } }, (err, stdout, stderr) => {
      const exitCode = err ? (typeof err.code === "number" ? err.code : -1) : 0;
      const base = { cwd: t.cwd, base: t.base ?? null, exitCode };
      let summary: { files?: number; errors?: number; warnings?: number } | undefined;
      try {
        summary = (JSON.parse(String(stdout)) as { summary?: typeof summary }).summary;
      } catch {
        summary = undefined;
      }
      if ((exitCode !== 0 && exitCode !== 1) || !summary) {
        res({ ...base, status: "error", files: 0, errors: 0, warnings: 0, message: String(stderr).trim().slice(0, 2000) || String(err?.message ?? "no report") });
        return;
      }
      res({ ...base, status: exitCode === 0 ? "pass" : "findings", files: summary.files ?? 0, errors: summary.errors ?? 0, warnings: summary.warnings ?? 0 });
    });
  });
}

function targets(d: ValidateRepositoriesData): RepositoryTarget[] {
  if (!Array.isArray(d.repositories) || d.repositories.length === 0) throw new NonRetriableError("repositories: give a non-empty list of repository paths (or { cwd, base })");
  if (d.repositories.length > MAX_REPOSITORIES) throw new NonRetriableError(`repositories: at most ${MAX_REPOSITORIES} per event, got ${d.repositories.length}`);
  return d.repositories.map((r, i) => {
    const t = typeof r === "string" ? { cwd: r } : r;
    if (!t || typeof t.cwd !== "string" || t.cwd === "") throw new NonRetriableError(`repositories[${i}]: a path, or { cwd, base? }`);
    return t;
  });
}

export function createFanOutFunction(inngest: Inngest.Any, o: { timeoutMs?: number; bin?: string } = {}) {
  return inngest.createFunction(
    { id: "validate-repositories", name: "Validate repositories", retries: 2, triggers: [{ event: EVENTS.validateRepositories }] },
    async ({ event, step }) => {
      const data = (event.data ?? {}) as ValidateRepositoriesData;
      const list = targets(data);
      const limit = Math.max(1, Math.min(MAX_CONCURRENCY, Math.floor(Number(data.concurrency ?? DEFAULT_CONCURRENCY)) || DEFAULT_CONCURRENCY));
      const verdicts: RepositoryVerdict[] = [];
      // waves of `limit` parallel steps: Inngest runs a wave's steps side by side, never more at once
      for (let i = 0; i < list.length; i += limit) {
        const wave = list.slice(i, i + limit).map((t, k) => step.run(`validate-${i + k}`, () => validateRepository(t, o)));
        for (const v of await Promise.all(wave)) verdicts.push(v as RepositoryVerdict);
      }
      const count = (s: RepositoryVerdict["status"]) => verdicts.filter((v) => v.status === s).length;
      return { ok: count("findings") === 0 && count("error") === 0, repositories: verdicts.length, pass: count("pass"), findings: count("findings"), error: count("error"), concurrency: limit, verdicts };
    },
  );
}
