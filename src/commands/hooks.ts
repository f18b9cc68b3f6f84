// `agentcheck hooks install|uninstall|status`: a git pre-commit hook that runs `check --staged`.
// It honours core.hooksPath, reports a core.hooksPath that points at a missing directory (git then
// runs no hooks at all), never replaces a hook it did not write unless --force, and fails closed:
// when the hook cannot find agentcheck it blocks the commit with a message.
import { existsSync, statSync } from "node:fs";
import { INSTALL_COMMAND } from "./claude.js";
import { mkdirConfined, namedFileRoot, removeConfined, renameConfined, writeFileConfined } from "../fswrite.js";
import { CONFIG_MAX_BYTES, isLink, lexists, readTextOrThrow } from "../fsread.js";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { UsageError } from "../report.js";
import { gitRaw, gitTopLevel } from "../git-run.js";
import { writeErr, writeOut } from "../stdio.js";
import { terminalText } from "../terminal.js";
import { UNSET_CA_BUNDLE } from "./hook-env.js";

export const HOOK_MARKER = "# agentcheck-managed-hook";
const BACKUP_SUFFIX = ".agentcheck-backup";

export interface HooksLocation {
  root: string;
  /** The directory git runs hooks from (absolute). */
  dir: string;
  /** core.hooksPath as configured, when set. */
  hooksPath?: string;
  /** Set when core.hooksPath names a directory that does not exist. */
  missing: boolean;
  /** Where core.hooksPath is set (git config --show-scope): "local", "worktree", "global", "system", "command". */
  scope?: string;
}

function sq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export function locateHooks(cwd: string): HooksLocation {
  const root = gitTopLevel(cwd);
  if (!root) throw new UsageError(`not inside a git work tree: ${cwd}`);
  const cfg = gitRaw(root, ["config", "--show-scope", "--get", "core.hooksPath"]);
  const line = cfg.status === 0 ? cfg.stdout.toString("utf8").replace(/\r?\n$/, "") : "";
  const tab = line.indexOf("\t");
  const scope = tab >= 0 ? line.slice(0, tab) : undefined;
  const hooksPath = (tab >= 0 ? line.slice(tab + 1) : line).trim();
  if (hooksPath) {
    const expanded = hooksPath.startsWith("~/") ? join(process.env.HOME ?? "", hooksPath.slice(2)) : hooksPath;
    // a relative core.hooksPath is relative to the top of the work tree (where hooks run)
    const dir = isAbsolute(expanded) ? expanded : resolve(root, expanded);
    let missing = true;
    try {
      missing = !statSync(dir).isDirectory();
    } catch {
      missing = true;
    }
    return { root, dir, hooksPath, missing, scope };
  }
  // the common git dir's hooks (shared by linked worktrees)
  const p = gitRaw(root, ["rev-parse", "--git-path", "hooks"]).stdout.toString("utf8").trim();
  const dir = isAbsolute(p) ? p : resolve(root, p);
  return { root, dir, missing: false };
}

function missingMessage(loc: HooksLocation): string {
  return (
    `core.hooksPath is set to '${loc.hooksPath}', which does not exist (${loc.dir}): git runs NO hooks in this repository.\n` +
    `  Fix it with one of:\n` +
    `    mkdir -p ${sq(loc.dir)}   (then run agentcheck hooks install again)\n` +
    `    git config --unset core.hooksPath`
  );
}

/** Absolute path of this package's launcher (bin/agentcheck.js). */
function launcherPath(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "bin", "agentcheck.js");
}

export function hookScript(): string {
  const node = process.execPath;
  const launcher = launcherPath();
  return `#!/bin/sh
${HOOK_MARKER} (written by \`agentcheck hooks install\`; remove with \`agentcheck hooks uninstall\`)
# Validates what is staged for this commit. Fails closed: if agentcheck cannot be found, the
# commit is blocked (use \`git commit --no-verify\` only if you really mean to skip the check).
# node starts without the CA bundle variable: parsing it costs every commit ~50 ms, and the check opens no TLS connection
${UNSET_CA_BUNDLE}
top=$(git rev-parse --show-toplevel 2>/dev/null) || top=.
if [ -x "$top/node_modules/.bin/agentcheck" ]; then
  exec "$top/node_modules/.bin/agentcheck" check --staged
fi
if [ -x ${sq(node)} ] && [ -f ${sq(launcher)} ]; then
  exec ${sq(node)} ${sq(launcher)} check --staged
fi
if command -v agentcheck >/dev/null 2>&1; then
  exec agentcheck check --staged
fi
echo "agentcheck pre-commit hook: cannot find agentcheck, so this commit is blocked." >&2
echo "  looked for: $top/node_modules/.bin/agentcheck, ${launcher.replace(/["$`\\]/g, "")}, agentcheck on PATH" >&2
echo "  fix: ${INSTALL_COMMAND}; or put agentcheck on PATH; or remove the hook: agentcheck hooks uninstall" >&2
exit 1
`;
}

function isOurs(file: string, root: string): boolean {
  try {
    return readTextOrThrow(file, { maxBytes: CONFIG_MAX_BYTES, root }).includes(HOOK_MARKER);
  } catch {
    return false;
  }
}

/**
 * What hook writes stay in: the repository when the hooks folder lies in it (.git/hooks, a relative
 * core.hooksPath), so a hooks folder that links out of it is refused; else the folder git names (a
 * linked worktree's common git directory, a global core.hooksPath the user chose with --force).
 */
function hooksConfinement(loc: HooksLocation): { root: string; rootLabel: string } {
  const root = namedFileRoot(join(loc.dir, "pre-commit"), loc.root);
  return { root, rootLabel: root === loc.root ? "the repository" : "the hooks folder" };
}

function isHusky(loc: HooksLocation): boolean {
  return !!loc.hooksPath && /(^|[\\/])\.husky([\\/]_)?[\\/]?$/.test(loc.hooksPath);
}

export function installHook(cwd: string, opts: { force?: boolean }): { file: string; messages: string[] } {
  const loc = locateHooks(cwd);
  if (loc.missing) throw new UsageError(missingMessage(loc));
  if (isHusky(loc)) {
    throw new UsageError(
      `core.hooksPath is '${loc.hooksPath}' (husky manages the hooks): add the line\n    agentcheck check --staged\n  to .husky/pre-commit instead (agentcheck hooks install --manager husky does it)`,
    );
  }
  if (loc.scope && loc.scope !== "local" && loc.scope !== "worktree" && !opts.force) {
    throw new UsageError(
      `core.hooksPath is '${loc.hooksPath}', set in your ${loc.scope} git configuration, not this repository's: a hook installed there runs in every repository that uses it ` +
        `(and blocks commits where agentcheck is not installed). Nothing was written.\n` +
        `  Set a hooks folder for this repository (git config core.hooksPath .githooks), or run 'agentcheck hooks install --force' to install into ${loc.dir} anyway.`,
    );
  }
  const w = hooksConfinement(loc);
  mkdirConfined(loc.dir, w);
  const file = join(loc.dir, "pre-commit");
  const messages: string[] = [];
  // a symbolic link (dangling or not) is somebody's arrangement: never written through, and replaced
  // only with --force (the link itself is kept as the backup)
  const link = isLink(file);
  if (link || (existsSync(file) && !isOurs(file, w.root))) {
    if (!opts.force) {
      throw new UsageError(
        `${file} ${link ? "is a symbolic link" : "exists and was not written by agentcheck"}; it was left unchanged.\n` +
          `  Add 'agentcheck check --staged' to it yourself, or run 'agentcheck hooks install --force' to replace it (it is kept as pre-commit${BACKUP_SUFFIX}).`,
      );
    }
    // never over an earlier backup (the user's original hook, kept by a previous --force)
    if (lexists(file + BACKUP_SUFFIX)) {
      throw new UsageError(
        `${file} was not written by agentcheck, and ${file + BACKUP_SUFFIX} (an earlier hook kept by 'hooks install --force') exists; both were left unchanged.\n` +
          `  Move one of them away, then run 'agentcheck hooks install --force' again.`,
      );
    }
    renameConfined(file, file + BACKUP_SUFFIX, w);
    messages.push(`kept the previous hook as ${file + BACKUP_SUFFIX}`);
  }
  writeFileConfined(file, hookScript(), { ...w, mode: 0o755 });
  messages.push(`installed ${file}${loc.hooksPath ? ` (core.hooksPath = ${loc.hooksPath})` : ""}`);
  return { file, messages };
}

export function uninstallHook(cwd: string): { messages: string[] } {
  const loc = locateHooks(cwd);
  if (loc.missing) throw new UsageError(missingMessage(loc));
  const file = join(loc.dir, "pre-commit");
  if (!existsSync(file)) return { messages: [`no pre-commit hook in ${loc.dir}; nothing to do`] };
  const w = hooksConfinement(loc);
  if (!isOurs(file, w.root)) throw new UsageError(`${file} was not written by agentcheck; it was left unchanged`);
  removeConfined(file, w);
  const messages = [`removed ${file}`];
  if (lexists(file + BACKUP_SUFFIX)) {
    renameConfined(file + BACKUP_SUFFIX, file, w);
    messages.push(`restored the previous hook from ${file + BACKUP_SUFFIX}`);
  }
  return { messages };
}

export function hookStatus(cwd: string): { ok: boolean; lines: string[] } {
  const loc = locateHooks(cwd);
  const lines = [`hooks directory: ${loc.dir}${loc.hooksPath ? ` (core.hooksPath = ${loc.hooksPath})` : ""}`];
  if (loc.missing) return { ok: false, lines: [...lines, missingMessage(loc)] };
  const file = join(loc.dir, "pre-commit");
  if (!existsSync(file)) return { ok: false, lines: [...lines, "pre-commit hook: not installed (agentcheck hooks install)"] };
  if (!isOurs(file, hooksConfinement(loc).root)) return { ok: false, lines: [...lines, `pre-commit hook: ${file} exists but was not written by agentcheck`] };
  let exec = true;
  try {
    exec = (statSync(file).mode & 0o111) !== 0;
  } catch {
    exec = false;
  }
  if (!exec && process.platform !== "win32") return { ok: false, lines: [...lines, `pre-commit hook: ${file} is not executable (git skips it)`] };
  return { ok: true, lines: [...lines, "pre-commit hook: installed"] };
}

export async function runHooksInstall(o: { force?: boolean }): Promise<number> {
  const r = installHook(process.cwd(), o);
  for (const m of r.messages) writeErr(`agentcheck: ${m}\n`);
  return 0;
}

export async function runHooksUninstall(): Promise<number> {
  const r = uninstallHook(process.cwd());
  for (const m of r.messages) writeErr(`agentcheck: ${m}\n`);
  return 0;
}

export async function runHooksStatus(): Promise<number> {
  const r = hookStatus(process.cwd());
  for (const l of r.lines) writeOut(terminalText(`${l}\n`));
  return r.ok ? 0 : 1;
}
