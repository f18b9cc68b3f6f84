// `agentcheck init`: writes the commented starting configuration, then runs the steps other
// features register in INIT_STEPS (for example adding the session-state notes folder to .gitignore).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { removeConfined, writeFileConfined } from "./fswrite.js";
import { findConfigFile } from "./config-file.js";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CONFIG_FILES, STARTER_CONFIG } from "./config.js";
import { UsageError, type Report } from "./report.js";

export interface InitContext {
  /** Repository root (git top-level, or the working directory outside git). */
  root: string;
  /** --force: overwrite files init would otherwise refuse to replace. */
  force: boolean;
  /** Count the findings the repository already has and print the ways to start (default true). */
  findings?: boolean;
}

export interface InitStep {
  name: string;
  /** Returns a one-line description of what it did (or undefined when it had nothing to do). */
  run(ctx: InitContext): Promise<string | undefined> | string | undefined;
}

export const INIT_STEPS: InitStep[] = [
  {
    name: "config",
    async run(ctx) {
      const existing = CONFIG_FILES.map((f) => join(ctx.root, f)).filter((f) => existsSync(f));
      // a configuration under "agentcheck" in package.json is one too: a new file would silently win over it
      const pkg = join(ctx.root, "package.json");
      // the configuration reader's own answer (src/config-file.ts): is there an "agentcheck" key
      const inPackage = existing.length === 0 && findConfigFile(ctx.root, undefined, ctx.root)?.file === pkg;
      if (inPackage) {
        // --force cannot help here: init never edits package.json, so it says what can
        throw new UsageError(`${pkg} holds the configuration ("agentcheck" key): init never edits package.json; remove that key first to get the starting configuration in agentcheck.config.jsonc`);
      }
      if (existing.length > 0 && !ctx.force) {
        throw new UsageError(`${existing[0]} already exists (use --force to replace it with the starting configuration)`);
      }
      // --force replaces the file that is there (a second file beside it would make every command
      // refuse two configurations)
      const target = existing[0] ?? join(ctx.root, "agentcheck.config.jsonc");
      for (const f of existing.slice(1)) removeConfined(f, { root: ctx.root });
      // the session protocol the repository shows (src/protocol-detect.ts), written and explained
      const { detectPreset } = await import("./protocol-detect.js");
      const d = await detectPreset(ctx.root, ".agents/sessions");
      writeFileConfined(target, starterWithPreset(d.preset, d.reason), { root: ctx.root });
      return `wrote ${target}\nprotocol.preset ${d.preset}: ${d.reason}`;
    },
  },
  {
    // session state churns on every tool call: keep its notes root out of git (session-state §3.1)
    name: "session-notes",
    async run(ctx) {
      if (!existsSync(join(ctx.root, ".git"))) return undefined; // .gitignore matters in git repositories only
      const { resolveNotesRoot } = await import("./state/paths.js");
      const { ensureGitignored } = await import("./state/init.js");
      const r = resolveNotesRoot({ cwd: ctx.root });
      const g = ensureGitignored(r.worktree, r.notesRoot);
      if (g.outside) return undefined;
      return g.added ? `added ${g.entry} to ${g.gitignore}` : undefined;
    },
  },
];

/** The CLI this module ships with (bin/agentcheck.js of the package), or undefined. */
function selfBin(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const bin = join(dir, "bin", "agentcheck.js");
    if (existsSync(bin)) return bin;
    dir = dirname(dir);
  }
  return undefined;
}

/** YYYY-MM-DD of today (UTC). */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * First run on an existing history (issue 36): the findings the repository already has, counted by the
 * real `check` (a child process, the same answer as the user's next command), and the ways to start.
 */
export function existingFindings(root: string): string[] {
  const bin = selfBin();
  if (!bin) return [];
  const r = spawnSync(process.execPath, [bin, "check", "--format", "json", "--no-baseline"], { cwd: root, encoding: "utf8", maxBuffer: 512 * 1024 * 1024 });
  if (r.status !== 0 && r.status !== 1) {
    const why = (r.stderr || r.error?.message || `exit ${r.status}`).split("\n")[0];
    return [`could not count the existing findings (agentcheck check: ${why})`];
  }
  let rep: Report;
  try {
    rep = JSON.parse(r.stdout) as Report;
  } catch {
    return ["could not count the existing findings (agentcheck check gave no JSON report)"];
  }
  const files = new Set<string>();
  const perValidator = new Map<string, number>();
  for (const x of rep.results) {
    if (x.findings.length === 0) continue;
    files.add(x.file);
    perValidator.set(x.validator, (perValidator.get(x.validator) ?? 0) + 1);
  }
  const { errors, warnings } = rep.summary;
  if (errors + warnings === 0) return ["no findings on the existing files: every commit from now on is checked as is"];
  const where = [...perValidator].map(([v, n]) => `${v} ${n}`).join(", ");
  const day = today();
  return [
    `existing findings: ${errors} errors, ${warnings} warnings in ${files.size} files (${where}); choose how to start:`,
    `  agentcheck baseline            record them as known (.agentcheck-baseline.json; commit it): only new findings fail`,
    `  AGENTCHECK_CUTOFF=${day}   judge only session logs dated from ${day} on (or check --cutoff ${day}); older logs are history`,
    `  agentcheck check --verbose     see them all first (docs/adoption.md)`,
  ];
}

/** The starting configuration with the detected protocol preset and why (one comment line). */
export function starterWithPreset(preset: string, reason: string): string {
  const at = STARTER_CONFIG.indexOf("{\n");
  const entry = `{\n  // The session protocol every hook, the gate, the MCP server and session end obey: full,\n  // validate-if-present or off. init chose it because ${reason.split("\n").join(" ")}.\n  "protocol": { "preset": "${preset}" },\n\n`;
  return STARTER_CONFIG.slice(0, at) + entry + STARTER_CONFIG.slice(at + 2);
}

export async function runInit(ctx: InitContext, log: (line: string) => void): Promise<number> {
  for (const step of INIT_STEPS) {
    const said = await step.run(ctx);
    if (said) log(said);
  }
  if (ctx.findings !== false) for (const l of existingFindings(ctx.root)) log(l);
  return 0;
}
