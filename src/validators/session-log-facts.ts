// Repository facts of a session-log run, gathered by the host for the core's rules: the memory names
// (SP-016), HANDOFF.md present and changed on the branch (SP-017), HEAD (SP-040), a clean tree
// (SP-039), and what the first pass asked for: cited paths, commits, each log's changed files.
import { realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import { KIND } from "../wasm/abi.js";
import type { ContentDoc, Facts } from "../engine.js";
import { isInside } from "../repo.js";
import { diffNamesBatchAsync, gitPath, pathLines, resolveCommitIds } from "../git-run.js";
import { HANDOFF_FILE } from "../config-paths.js";
import { lines, type Git, type LogRun } from "./session-log-run.js";
import { arrivedByMerge, classifyCommits, lastChangesFromWalk } from "../evidence/landed.js";

/** Run git; on failure the command and git's first message line (for a repository-level finding). */
async function rawOrWhy(g: Git, args: string[]): Promise<{ out?: string; why?: string }> {
  try {
    return { out: g.raw(args) };
  } catch (e) {
    const msg = String((e as Error).message ?? e).split("\n").map((l) => l.trim()).find((l) => l.length > 0) ?? "failed";
    return { why: `\`git ${args.join(" ")}\` failed: ${msg}` };
  }
}

/** Resolve a repo-relative path: file | dir | missing | outside (symlinks followed). */
function pathFact(root: string, realRoot: string, rel: string): string {
  try {
    const real = realpathSync(join(root, rel));
    if (!isInside(real, realRoot)) return "outside";
    return statSync(real).isDirectory() ? "dir" : "file";
  } catch {
    return "missing";
  }
}

/**
 * The facts about the repository every log's rules read (into `run.facts`; `staged`: a commit hook's
 * staged paths). Returns the markdown logs
 * (the ones SP-017 and SP-039 judge, and the first pass reads) and whether a git failure that is not
 * about one log is reported once, on the repository.
 */
export async function repoFacts(run: LogRun, docs: ContentDoc[], staged: string[] | undefined): Promise<{ md: ContentDoc[]; repoLevel: boolean }> {
  const { source, memDir, git, context, facts } = run;
  // the memory names: none when the folder does not exist; unknown (no fact: SP-016 says the names
  // were not verified) when it exists but cannot be listed (permissions, a file in its place)
  const memList = source.list(memDir);
  if (memList) facts.memories = memList.filter((e) => e.type !== "dir" && e.name.toLowerCase().endsWith(".md")).map((e) => e.name.slice(0, -3));
  else if (source.type(memDir) === undefined) facts.memories = [];
  facts["handoff.exists"] = source.type(HANDOFF_FILE) !== undefined;
  // markdown logs are the ones SP-017 (HANDOFF.md) and SP-039 (clean tree) judge: a run of JSON logs
  // alone asks git neither (two to three git processes, 65 ms of `git status` on a 9,500-file tree)
  const md = docs.filter((d) => d.kind === KIND.SESSION_MD && d.bytes.length > 0);
  const hasMd = md.length > 0;
  if (git) {
    // `git status` (the costliest of these) runs while the others are asked
    const status = context !== "pre-commit" && hasMd ? run.status() : undefined;
    // asked as gitVerify(root, "HEAD") asks it: one git process per run under pre-pr's memo (SP-040)
    const head = hasMd ? git.try(["rev-parse", "--verify", "-q", "HEAD^{commit}"])?.trim() : undefined;
    if (head) facts.head = head;
    if (status !== undefined) {
      const st = await status;
      if (st !== undefined) facts.clean = lines(st).length === 0;
    }
    // SP-017: HANDOFF.md changed on the branch (asked only for markdown logs, see hasMd)
    if (hasMd) {
      const base = run.baseRef();
      const baseChoice = run.baseChoice();
      if (context === "pre-commit") facts["handoff.changed"] = (staged ?? []).includes(HANDOFF_FILE);
      else if (base) {
        // only HANDOFF.md matters: the pathspec keeps the output to one name at most
        const { out: diff, why } = await rawOrWhy(git, ["diff", "--name-only", `${base}...HEAD`, "--", HANDOFF_FILE]);
        if (diff === undefined) facts["handoff.why"] = why;
        else {
          let changed = pathLines(diff).includes(HANDOFF_FILE);
          if (context === "local") changed ||= lines(git.try(["status", "--porcelain", "--", HANDOFF_FILE])).length > 0;
          facts["handoff.changed"] = changed;
        }
      } else {
        facts["handoff.why"] = context === "ci" || baseChoice?.explicit !== undefined
          ? `base ref '${baseChoice?.tried[0] ?? "origin/main"}' not found (shallow clone? fetch it or pass --base)`
          : `no base ref found (${baseChoice?.tried.join(", ") ?? "origin/main, main"}): pass --base`;
      }
    }
  }

  // A git failure that is not about one log (the HANDOFF.md diff against the base) is reported once,
  // on the repository, not on every log: every pass says so to the logs' rules.
  const repoLevel = facts["handoff.why"] !== undefined && git !== undefined && docs.length > 0;
  if (repoLevel) facts["repo.once"] = true;
  return { md, repoLevel };
}

/** What the first pass asked the host to resolve. */
export interface Needs {
  sha: Set<string>;
  /** Per log: [Starting Commit, Ending Commit or ""] of a log whose rules need its changed files. */
  diff: Map<string, [string, string]>;
  path: Set<string>;
}

/** The facts the first pass asked for: each cited path's kind, the commits that exist, each log's range and its changed files. */
export async function resolveNeeds(run: LogRun, need: Needs, md: ContentDoc[] = []): Promise<void> {
  const { root, realRoot, git, facts } = run;
  for (const p of [...need.path].sort()) facts[`path.${p}`] = pathFact(root, realRoot, p);
  if (git) {
    if (need.sha.size > 0) {
      const shas = [...need.sha].sort();
      const full = lines(git.try(["log", "--no-walk=unsorted", "--ignore-missing", "--format=%H", ...shas]));
      facts.commits = shas.filter((s) => full.some((f) => f.startsWith(s)));
      // SP-041 (strict): the cited commit's class, as SP-130 gets it (ancestor / landed by content / off-history / missing)
      if (run.opts.strict) {
        for (const [sha, fact] of await classifyCommits(git, shas, run.opts.rules?.cache?.derived)) facts[`git.commit.${sha}`] = fact;
        // a cited commit this repository lacks: which logs arrived through a merge (issue 35 item 5; the
        // core notes, not fails, SP-041 on such a log), one `git log --first-parent` of the logs' folders
        const gone = shas.some((s) => !(facts.commits as string[]).includes(s) || (facts[`git.commit.${s}`] as string[] | undefined)?.[0] === "missing");
        const merged = gone ? await arrivedByMerge(git, md.map((d) => d.file).filter((f) => !f.startsWith("/"))) : undefined;
        if (merged !== undefined && merged.length > 0) facts["git.mergedLogs"] = merged;
      }
    }
    await logRanges(git, need.diff, () => run.status(), facts);
  }
}

/**
 * The commit range each log describes (issue 10: a historical verdict never changes as the
 * repository grows): from its Starting Commit to its Ending Commit when it names one that resolves,
 * else to the commit that last changed the log when the log is committed and unmodified, else (a log
 * in progress: new or modified in the working tree) to HEAD. Sets "range.<log>" = "<start>..<end>"
 * and "diff.<start>..<end>" = the names changed in that range (unresolvable start: no diff fact, the
 * core reports the changed files as unknown).
 */
async function logRanges(git: Git, need: Map<string, [string, string]>, statusOf: () => Promise<string | undefined>, facts: Facts): Promise<void> {
  const dirty = new Set<string>();
  if (need.size === 0) return;
  for (const l of ((await statusOf()) ?? "").split("\n")) {
    if (l.length < 4) continue;
    const p = l.slice(3);
    const arrow = p.indexOf(" -> ");
    dirty.add(gitPath(arrow >= 0 ? p.slice(arrow + 4) : p));
  }
  // every ref the ranges can ask for, resolved by one `cat-file --batch-check` (resolveCommitIds); a
  // ref the batch cannot carry (whitespace), or a failed batch, falls back to one rev-parse each below
  const refs = new Set<string>(["HEAD"]);
  for (const [start, endSha] of need.values()) {
    refs.add(start);
    if (endSha) refs.add(endSha);
  }
  const resolved = new Map<string, string | undefined>(resolveCommitIds(git, [...refs].sort()) ?? []);
  const resolve = async (ref: string) => {
    if (!resolved.has(ref)) resolved.set(ref, git.try(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`])?.trim() || undefined);
    return resolved.get(ref);
  };
  // the commit that last changed each log: one history walk limited to the logs' folders, only
  // when a committed, unmodified log needs it (a new or modified log ends at HEAD; a staged log in a
  // commit hook is one of those, and the walk over the folders' whole history is the costliest git
  // call of `check --staged`). Not waited for: the JSON logs' facts are gathered meanwhile (validateSessionLogs)
  // When the run's walk of HEAD's history was started (the JSON logs' content check), that walk answers
  // instead (landed.ts lastChangesFromWalk: same answer, one history walk fewer), unless a merge there
  // changed the folders
  const committed = [...need.keys()].filter((f) => !dirty.has(f));
  const dirs = [...new Set(committed.map((f) => f.slice(0, Math.max(0, f.lastIndexOf("/"))) || "."))].sort();
  const fromWalk = dirs.length > 0 ? await lastChangesFromWalk(git, dirs, committed) : undefined;
  const last = fromWalk ?? new Map<string, string>();
  const walk = dirs.length > 0 && fromWalk === undefined ? await git.tryAsync(["log", "--format=%x01%H", "--name-only", "--no-renames", "--", ...dirs]) : undefined;
  let commit = "";
  for (const l of (walk ?? "").split("\n")) {
    if (l.startsWith("\u0001")) commit = l.slice(1).trim();
    else if (l.length > 0 && commit) {
      const p = gitPath(l);
      if (!last.has(p)) last.set(p, commit);
    }
  }
  // the changed names of every range: one `git diff-tree --stdin` for all (diffNamesBatch), a git
  // diff per range only when the batch fails
  const pairs = new Map<string, [string, string]>();
  for (const file of [...need.keys()].sort()) {
    const [start, endSha] = need.get(file)!;
    const s = await resolve(start);
    if (!s) continue;
    let end = endSha ? await resolve(endSha) : undefined;
    if (!end && !dirty.has(file)) end = last.get(file);
    if (!end) end = await resolve("HEAD");
    if (!end) continue;
    const key = `${start}..${end.slice(0, 12)}`;
    facts[`range.${file}`] = key;
    if (facts[`diff.${key}`] === undefined && !pairs.has(key)) pairs.set(key, [s, end]);
  }
  const keys = [...pairs.keys()];
  // (without waiting: the JSON logs' facts are gathered meanwhile, issue 39)
  const names = keys.length > 1 ? await diffNamesBatchAsync(git, keys.map((k) => pairs.get(k)!)) : undefined;
  keys.forEach((key, i) => {
    const out = names !== undefined ? names[i] : git.try(["diff", "--name-only", "--no-renames", ...pairs.get(key)!]);
    if (out !== undefined) facts[`diff.${key}`] = pathLines(out);
  });
}
