// Commit evidence verified by content: whether the work of a commit that is not an ancestor of HEAD
// reached HEAD's history anyway (a squash or rebase merge, a cherry-pick, an amended commit).
//
// Method (per-path blob containment): a commit "landed by content" when it changed at least one
// file and every file it wrote, compared with its first parent, is on HEAD's history at the same
// path with the same blob id (a deletion: the path deleted there too). For the others the host
// passes which paths differ (on HEAD's history with other content, or never there), and the rule
// core decides what they mean (audit artifacts such as the session log itself, rewritten to record
// the ending commit, need only be on HEAD's history: assembly/.../json/git-rules.ts commitClass). HEAD's history is read once
// per run (`git log --raw` of HEAD, merges compared with their first parent, beside the diff-tree; the same walk answers
// arrivedByMerge and historyBlobs), kept as a set of
// (path, blob) pairs for the paths the candidates wrote; the candidates' own changes come from one
// `git diff-tree --stdin`. Two git processes whatever the number of commits, linear in the history.
// Deterministic: the answer depends on the objects only, never on dates, names or ref order.
//
// A commit whose files were changed again before the work landed (the squash holds a later version)
// is not landed by this test: its evidence names a state of the work that never reached HEAD.
import type { GitRepo } from "../git-run.js";
import { dateOrder, gitPath, gitRaw, resolveCommitIds } from "../git-run.js";
import { derivedOpen, type DerivedCache } from "../derived-cache.js";

/** One file a commit wrote: its path and the blob id written (all zeros: deleted). */
export interface WrittenBlob {
  path: string;
  blob: string;
}

/**
 * Parse the `git diff-tree --raw` / `git log --raw` line text[at..end) (":<mode> <mode> <old> <new>
 * <status>\t<path>") in place: no copy of the line (a history walk has tens of thousands of them).
 */
function rawEntryAt(text: string, at: number, end: number): WrittenBlob | undefined {
  if (text.charCodeAt(at) !== 58) return undefined; // ":"
  const tab = text.indexOf("\t", at);
  if (tab < 0 || tab >= end) return undefined;
  // the new blob id is the fourth space-separated field of the meta part, a fifth (the status) follows
  let sp = at;
  for (let k = 0; k < 3 && sp >= 0; k++) sp = text.indexOf(" ", sp + 1);
  const stop = sp < 0 ? -1 : text.indexOf(" ", sp + 1);
  if (stop < 0 || stop > tab) return undefined;
  return { path: gitPath(text.slice(tab + 1, end)), blob: allZeros(text, sp + 1, stop) ? "0" : text.slice(sp + 1, stop) };
}

/** text[from..to) is a non-empty run of "0" (the id git prints for a side that does not exist). */
function allZeros(text: string, from: number, to: number): boolean {
  if (to <= from) return false;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) !== 48) return false;
  return true;
}

/** Each line of `text` (without its "\n"), as its bounds, in order: no array of line copies. */
function eachLine(text: string, fn: (at: number, end: number) => void): void {
  for (let at = 0; at < text.length; ) {
    let nl = text.indexOf("\n", at);
    if (nl < 0) nl = text.length;
    fn(at, nl);
    at = nl + 1;
  }
}

/** `git diff-tree --stdin` arguments and input for the files each of `ids` wrote (writtenBlobs). */
function writtenQuery(ids: string[]): [string[], string] {
  const args = ["diff-tree", "--stdin", "-r", "--no-renames", "--no-abbrev", "--root", "--diff-merges=first-parent", "--always", "--format=%x01%H"];
  return [args, ids.join("\n") + "\n"];
}

/** writtenBlobs' answer from diff-tree's output; undefined when git failed or it does not line up with the ids. */
function parseWritten(text: string | undefined, ids: string[]): Map<string, WrittenBlob[]> | undefined {
  if (text === undefined) return undefined;
  const out = new Map<string, WrittenBlob[]>();
  let cur: WrittenBlob[] | undefined;
  eachLine(text, (at, end) => {
    if (text.charCodeAt(at) === 1) {
      cur = [];
      out.set(text.slice(at + 1, end).trim(), cur);
      return;
    }
    const e = rawEntryAt(text, at, end);
    if (e !== undefined && cur !== undefined) cur.push(e);
  });
  return ids.every((id) => out.has(id)) ? out : undefined;
}

/**
 * The files each commit wrote, against its first parent (a root commit: against the empty tree), from
 * one `git diff-tree --stdin`. Undefined when git failed or the answers do not line up with the ids.
 */
export function writtenBlobs(git: GitRepo, ids: string[]): Map<string, WrittenBlob[]> | undefined {
  if (ids.length === 0) return new Map();
  const [args, input] = writtenQuery(ids);
  return parseWritten(git.try(args, input), ids);
}

/**
 * The written-blob diff-tree of the commits a run's logs cite, started as soon as they are known
 * (prefetchWritten), before they are classified: by repository handle, the commit ids asked and the
 * answer on its way (the cited SHAs' cat-file answers stay with the handle: resolveCommitIds).
 */
interface Prefetch {
  asked: ReadonlySet<string>;
  written: Promise<Map<string, WrittenBlob[]> | undefined>;
  stop: AbortController;
}

const prefetches = new WeakMap<GitRepo, Prefetch[]>();

/**
 * Start the diff-tree of the files each of `shas` (commits cited by logs, as cited) wrote, ahead of
 * their classification (issue 39: it runs on the other core while this process goes on with the logs;
 * the commits then found off HEAD's history take their answers from it, containment()). Only in a run
 * that walks HEAD's history (startHeadWalk: a folder's worth of logs) with more than a few commits and
 * no derived cache (which may answer without git); the commits that turn out to be on HEAD's history
 * (about one in seven on today's upstream) are asked for nothing else, and a run none of whose commits
 * is off HEAD's history ends the process (classifyLanded). The answers are those of the diff-tree
 * containment() runs itself: each commit's changes depend on that commit alone. A later call (the
 * next part of the logs) starts a diff-tree of the commits no earlier call of the run asked about,
 * beside the first. `next` (revisions the caller resolves right after it: the ranges' ends of
 * changedFacts) are resolved and date-ordered with them: one cat-file and one rev-list for both
 * batches (resolveCommitIds and dateOrder keep the answers).
 */
export function prefetchWritten(git: GitRepo, shas: Iterable<string>, derived?: DerivedCache, next: string[] = []): void {
  const asked = [...new Set(shas)].sort();
  const before = prefetches.get(git);
  if (asked.length <= (before === undefined ? FEW_COMMITS : 0) || derivedOpen(derived) || !headWalkStarted(git)) return;
  const ids = resolveCommitIds(git, [...asked, ...next]);
  if (ids === undefined) return;
  const full = [...new Set(asked.map((sha) => ids.get(sha)).filter((id): id is string => id !== undefined && !before?.some((p) => p.asked.has(id))))];
  if (full.length === 0) return;
  const inFull = new Set(full);
  const order = dateOrder(git, [...full, ...new Set(next.map((r) => ids.get(r)).filter((id): id is string => id !== undefined && !inFull.has(id)))]);
  const stop = new AbortController();
  const [args, input] = writtenQuery(order.filter((id) => inFull.has(id)));
  const pre: Prefetch = { asked: inFull, stop, written: git.tryAsync(args, input, stop.signal).then((text) => parseWritten(text, full)) };
  if (before === undefined) prefetches.set(git, [pre]);
  else before.push(pre);
}

/**
 * writtenBlobs' answer for `ids`: from the prefetches for the commits they asked about, from a diff-tree
 * of their own for the others (side by side). Undefined when git failed.
 */
async function writtenOf(git: GitRepo, ids: string[]): Promise<Map<string, WrittenBlob[]> | undefined> {
  const pres = prefetches.get(git) ?? [];
  const by = (id: string) => pres.find((p) => p.asked.has(id));
  const rest = ids.filter((id) => by(id) === undefined);
  const own = (asked: string[]) => {
    const [args, input] = writtenQuery(dateOrder(git, asked));
    return git.tryAsync(args, input).then((text) => parseWritten(text, asked));
  };
  const used = pres.filter((p) => ids.some((id) => p.asked.has(id)));
  const [more, ...known] = await Promise.all([rest.length > 0 ? own(rest) : undefined, ...used.map((p) => p.written)]);
  if (rest.length > 0 && more === undefined) return undefined;
  const from = new Map<Prefetch, Map<string, WrittenBlob[]>>();
  for (let k = 0; k < used.length; k++) {
    // a prefetch that failed: the commits it was to answer are asked again
    const answer = known[k] ?? (await own(ids.filter((id) => used[k].asked.has(id))));
    if (answer === undefined) return undefined;
    from.set(used[k], answer);
  }
  const out = new Map<string, WrittenBlob[]>();
  for (const id of ids) {
    const p = by(id);
    out.set(id, (p === undefined ? more! : from.get(p)!).get(id)!);
  }
  return out;
}

/** HEAD's history restricted to some paths: per path it wrote at all, the blob ids it wrote there ("0": a deletion). */
export interface History {
  blobs: Map<string, ReadonlySet<string>>;
}

/** Whether HEAD's history (`h`) wrote `blob` at `path`. */
export const wroteBlob = (h: History, path: string, blob: string): boolean => h.blobs.get(path)?.has(blob) === true;

/**
 * The one walk of HEAD's history a run shares (containment, historyBlobs, arrivedByMerge): `git log --raw`
 * of HEAD, every commit's changes against its first parent (a merge's too), each commit headed by a
 * line "\u0001<id> <parent ids>". Asked once per repository handle (GitRepo.once), started without
 * waiting so that it runs beside the candidates' diff-tree.
 */
const HISTORY_ARGS = ["log", "--format=%x01%H %P", "--raw", "--no-renames", "--no-abbrev", "--diff-merges=first-parent", "HEAD", "--"];

/** HEAD's history as the walk gives it: its first commit (HEAD) and each commit's parents and changes. */
interface Walk {
  head: string | undefined;
  commits: Map<string, { parents: string[]; changes: WrittenBlob[] }>;
}

/** The walk's output read once (line by line, in place: no copy of the text or its lines); undefined when git failed. */
function parseWalk(text: string | undefined): Walk | undefined {
  if (text === undefined) return undefined;
  const walk: Walk = { head: undefined, commits: new Map() };
  let cur: WrittenBlob[] | undefined;
  eachLine(text, (at, end) => {
    if (text.charCodeAt(at) === 1) {
      const [id, ...parents] = text.slice(at + 1, end).trim().split(" ").filter((w) => w.length > 0);
      cur = [];
      walk.commits.set(id, { parents, changes: cur });
      walk.head ??= id;
      return;
    }
    const e = rawEntryAt(text, at, end);
    if (e !== undefined && cur !== undefined) cur.push(e);
  });
  return walk;
}

/** HEAD's history walk (HISTORY_ARGS) of this repository handle: started on the first call, shared (parsed) by the later ones. */
function headWalk(git: GitRepo): Promise<Walk | undefined> {
  return git.once(HISTORY_ARGS, parseWalk);
}

/**
 * Start the run's walk of HEAD's history now, before any question asks for it (issue 39: it depends on
 * HEAD only, so it runs on the other core while the core's first pass reads the logs). A question
 * asked later shares it (headWalk); the run closes the handle (GitRepo.close), which ends it when no
 * question needed it. The answers are the same whenever it starts.
 */
export function startHeadWalk(git: GitRepo): void {
  void headWalk(git);
}

/** Whether the run's walk of HEAD was started (startHeadWalk, or a question that needed it). */
export function headWalkStarted(git: GitRepo): boolean {
  return git.asked(HISTORY_ARGS);
}

/**
 * The commit that last changed each of `files` as `git log --name-only --no-renames -- <dirs>` names
 * it (the first commit listing the file), read from the run's walk of HEAD when it was started
 * (headWalkStarted) instead of a walk of its own. That log simplifies the history to `dirs`: a merge
 * whose tree under `dirs` equals its first parent's is followed through that parent only, and a merge
 * lists no names. While every merge met is such a merge, the simplified history is HEAD's first-parent
 * line and the log lists the line's own commits in line order: the walk gives the same answer. A merge
 * that changed something under `dirs` (git would compare it with its other parents too), a folder git
 * matches as a pattern, or a walk that failed: undefined (the caller runs the log itself). Files the
 * line never changed are not in the map.
 */
export async function lastChangesFromWalk(git: GitRepo, dirs: string[], files: string[]): Promise<Map<string, string> | undefined> {
  if (!headWalkStarted(git) || dirs.length === 0 || !dirs.every(plainDir)) return undefined;
  const walk = await headWalk(git);
  if (walk === undefined) return undefined;
  const prefixes = dirs.map((d) => `${d}/`);
  const under = (p: string) => dirs.some((d, i) => d === "." || p === d || p.startsWith(prefixes[i]));
  const want = new Set(files);
  const last = new Map<string, string>();
  const seen = new Set<string>();
  for (let id = walk.head; id !== undefined && last.size < want.size; id = walk.commits.get(id)?.parents[0]) {
    const c = walk.commits.get(id);
    if (c === undefined || seen.has(id)) return undefined;
    seen.add(id);
    if (c.parents.length > 1) {
      if (c.changes.some((e) => under(e.path))) return undefined;
      continue;
    }
    for (const e of c.changes) if (want.has(e.path) && !last.has(e.path) && under(e.path)) last.set(e.path, id);
  }
  return last;
}

/**
 * The ids of every commit reachable from HEAD, sorted (what `git rev-list HEAD` lists), from the run's
 * walk of HEAD when it was started ahead (startHeadWalk), once it has ended: not `git rev-list HEAD`
 * beside it (issue 39). A run that walks HEAD's history checks a folder's worth of cited commits, and
 * those off HEAD's history (six in seven on today's upstream) wait for the walk anyway (containment);
 * a rev-list of its own ran on the two cores beside the walk and the diff-trees, slowing them, while
 * this process waited for it. Undefined when it was not started or failed (the caller's rev-list).
 */
async function reachableFromWalk(git: GitRepo): Promise<string[] | undefined> {
  if (!headWalkStarted(git)) return undefined;
  const walk = await headWalk(git);
  return walk === undefined ? undefined : [...walk.commits.keys()].sort();
}

/** A folder git matches literally (no pathspec magic, no glob characters). */
const plainDir = (d: string) => !/[*?[\\]/.test(d) && !d.startsWith(":");

/** historyBlobs' answer from the walk, for `paths`; undefined when git failed. */
function parseHistory(walk: Walk | undefined, paths: Set<string>): History | undefined {
  if (walk === undefined) return undefined;
  // one pass over the walk's changes keeping the asked paths only: an index of every path the
  // history wrote (12,700 sets for 37,000 changes on today's upstream) cost more than a pass per question
  const blobs = new Map<string, Set<string>>();
  for (const c of walk.commits.values()) {
    for (const e of c.changes) {
      if (!paths.has(e.path)) continue;
      const known = blobs.get(e.path);
      if (known === undefined) blobs.set(e.path, new Set([e.blob]));
      else known.add(e.blob);
    }
  }
  return { blobs };
}

/** HEAD's history for `paths`, from the run's one walk of HEAD (headWalk). Undefined when git failed. */
export async function historyBlobs(git: GitRepo, paths: Set<string>): Promise<History | undefined> {
  return parseHistory(await headWalk(git), paths);
}

/** How a commit's changes compare with HEAD's history. */
export interface Containment {
  /** How many files the commit wrote. */
  written: number;
  /** Paths it wrote that HEAD's history has, but never with this content. */
  otherContent: string[];
  /** Paths it wrote that HEAD's history never wrote. */
  absent: string[];
}

/** The commit landed by content: it wrote something, and every blob it wrote is on HEAD's history. */
export const isLanded = (c: Containment) => c.written > 0 && c.otherContent.length === 0 && c.absent.length === 0;

/**
 * Of the given commit ids (commits that are not ancestors of HEAD), how their changes compare with
 * HEAD's history (isLanded: every blob there). Undefined when git failed (the caller keeps its
 * ancestry answer).
 */
export async function containment(git: GitRepo, ids: string[], headId?: string, derived?: DerivedCache): Promise<Map<string, Containment> | undefined> {
  const out = new Map<string, Containment>();
  if (ids.length === 0) return out;
  // with the run's cache (`derived`: pre-pr, check --cache), an answer is kept under HEAD's commit id and the
  // commit's: both name every object it depends on (src/derived-cache.ts), so an unchanged branch
  // reads no history at all; the history read below is HEAD's by that id, the one the key names
  // (`headId`: HEAD's id as the caller resolved it, else asked here)
  const head = derivedOpen(derived) ? (headId ?? resolveCommitIds(git, ["HEAD"])?.get("HEAD")) : undefined;
  const todo: string[] = [];
  for (const id of ids) {
    const c = head !== undefined && FULL_ID.test(id) ? derived?.recall(`landed\0${head}\0${id}`) : undefined;
    if (isContainment(c)) out.set(id, c);
    else todo.push(id);
  }
  if (todo.length === 0) return out;
  // the two git processes run side by side (two cores): HEAD's history does not depend on the
  // candidates' changes, only what is kept of it does
  const [written, walk] = await Promise.all([writtenOf(git, todo), headWalk(git)]);
  if (written === undefined) return undefined;
  const paths = new Set<string>();
  for (const ws of written.values()) for (const w of ws) paths.add(w.path);
  const h = parseHistory(walk, paths);
  if (h === undefined) return undefined;
  for (const id of todo) {
    const c: Containment = { written: 0, otherContent: [], absent: [] };
    for (const w of written.get(id)!) {
      c.written++;
      if (wroteBlob(h, w.path, w.blob)) continue;
      (h.blobs.has(w.path) ? c.otherContent : c.absent).push(w.path);
    }
    out.set(id, c);
    // kept only when the walk read the HEAD the key names (HEAD did not move during the run)
    if (head !== undefined && walk?.head === head && FULL_ID.test(id)) derived?.remember(`landed\0${head}\0${id}`, c);
  }
  return out;
}

/** A full commit id (SHA-1 or SHA-256): an abbreviation could name another commit later. */
const FULL_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** A stored containment of the shape containment() keeps (a cache file may be edited or corrupt). */
function isContainment(v: unknown): v is Containment {
  const c = v as Containment | undefined;
  const paths = (x: unknown) => Array.isArray(x) && x.every((p) => typeof p === "string");
  return !!c && typeof c === "object" && Number.isInteger(c.written) && c.written >= 0 && paths(c.otherContent) && paths(c.absent);
}

/**
 * Of `paths` (session logs), those that arrived on HEAD's branch through a merge (issue 35 item 5):
 * a merge on HEAD's first-parent line brought them (compared with its first parent) and no commit of
 * the branch's own (a non-merge commit of that line) added or changed them. Another branch authored
 * such a log; the commits it cites went with that branch (a squash merge, a deleted branch). A path
 * no commit of HEAD wrote (an untracked log) is the branch's own. Read from the run's walk of HEAD
 * (headWalk) when another question already asked for it, else from one `git log --first-parent` over
 * the logs' folders (cheaper alone); both linear in the history. Undefined when git failed.
 */
export async function arrivedByMerge(git: GitRepo, paths: string[]): Promise<string[] | undefined> {
  if (paths.length === 0) return [];
  const dirs = [...new Set(paths.map((p) => p.slice(0, Math.max(0, p.lastIndexOf("/"))) || "."))].sort();
  // a folder with pathspec magic or glob characters is git's to match: the dedicated log
  const plain = dirs.every(plainDir);
  const changes = plain && git.asked(HISTORY_ARGS) ? firstParentChanges(await headWalk(git), dirs) : firstParentLog(git, dirs);
  if (changes === undefined) return undefined;
  const want = new Set(paths);
  const own = new Set<string>();
  const merged = new Set<string>();
  for (const [merge, p] of changes) {
    if (!want.has(p)) continue;
    (merge ? merged : own).add(p);
  }
  return [...merged].filter((p) => !own.has(p)).sort();
}

/** A change of HEAD's first-parent line: whether its commit is a merge, and the path it wrote. */
type LineChange = [merge: boolean, path: string];

/** The first-parent line's changes under `dirs`, from `git log --first-parent` limited to them. */
function firstParentLog(git: GitRepo, dirs: string[]): LineChange[] | undefined {
  const text = git.try(["log", "--first-parent", "--diff-merges=first-parent", "--no-renames", "--format=%x01%P", "--name-only", "HEAD", "--", ...dirs]);
  if (text === undefined) return undefined;
  const out: LineChange[] = [];
  let merge = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("\u0001")) merge = line.slice(1).trim().split(" ").length > 1;
    else if (line.length > 0) out.push([merge, gitPath(line)]);
  }
  return out;
}

/**
 * firstParentLog's answer from HEAD's walk (headWalk): the commits of the first-parent line from HEAD
 * (the walk's first commit), each with the paths under `dirs` its diff against its first parent wrote,
 * as `git log --first-parent -- <dirs>` lists them (a folder "." holds every path). Undefined when git
 * failed or the walk does not hold the line.
 */
function firstParentChanges(walk: Walk | undefined, dirs: string[]): LineChange[] | undefined {
  if (walk === undefined) return undefined;
  // the folders' prefixes made once (a prefix per call and path was most of this walk's garbage)
  const prefixes = dirs.map((d) => `${d}/`);
  const under = (p: string) => dirs.some((d, i) => d === "." || p === d || p.startsWith(prefixes[i]));
  const out: LineChange[] = [];
  const seen = new Set<string>();
  for (let id = walk.head; id !== undefined && !seen.has(id); id = walk.commits.get(id)?.parents[0]) {
    seen.add(id);
    const c = walk.commits.get(id);
    if (c === undefined) return undefined;
    for (const e of c.changes) if (under(e.path)) out.push([c.parents.length > 1, e.path]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// One classification for every claim bound to a commit (issue 35 item 4): SP-130/SP-131 (JSON
// logs), SP-041 (markdown logs), the MCP GIT_COMMIT gate's starting commit. No pure ancestry check
// elsewhere: a squash, rebase, cherry-pick or amend keeps a claim valid wherever it is made.

/** Lines of git output, trimmed, without empty ones. */
function lines(s: string): string[] {
  return s.split("\n").map((l) => l.trim()).filter((l) => l.length > 0);
}

/**
 * The class of each cited SHA, as the fact `git.commit.<sha>` gives it to the core: ["ancestor", id],
 * ["landed", id] (not an ancestor, its changes on HEAD's history by content), ["off-history", id,
 * "#<written>", "~<path>"..., "-<path>"...] (the core decides what the differing paths mean:
 * git-rules.ts commitClass), ["missing"] (no such commit). A SHA git could not answer for is left out
 * (not checked: SP-090, never a pass).
 */
export async function classifyCommits(git: GitRepo, shas: string[], derived?: DerivedCache): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const asked = [...new Set(shas)].sort();
  if (asked.length === 0) return out;
  // many commits are looked up in HEAD's whole history (rev-list): the run's walk lists it when it has finished
  const reachable = asked.length > FEW_COMMITS ? await reachableFromWalk(git) : undefined;
  const head = resolveCommits(git, asked, out, derived, reachable);
  await classifyLanded(git, asked, out, head, derived);
  return out;
}

/**
 * Commits resolved as off-history whose changes landed on HEAD's history by content (a squash or
 * rebase merge, a cherry-pick, an amend; src/evidence/landed.ts) become ["landed", id]: two git
 * processes for the whole run, only when some commit is off-history. The others keep off-history with
 * the paths that differ, for the core (git-rules.ts commitClass). When git fails they stay
 * off-history without details (a finding, never a pass).
 */
async function classifyLanded(git: GitRepo, shas: string[], out: Map<string, string[]>, head: string | undefined, derived: DerivedCache | undefined): Promise<void> {
  const off = new Map<string, string[]>(); // commit id -> the SHAs (as cited) that name it
  for (const sha of shas) {
    const f = out.get(sha);
    if (!f || f[0] !== "off-history" || !f[1]) continue;
    const names = off.get(f[1]);
    if (names) names.push(sha);
    else off.set(f[1], [sha]);
  }
  if (off.size === 0) {
    // none of the commits the diff-tree started ahead asked about is off HEAD's history: not needed
    const seen = new Set<string>();
    for (const f of out.values()) if (f[1]) seen.add(f[1]);
    for (const pre of prefetches.get(git) ?? []) if ([...pre.asked].every((id) => seen.has(id))) pre.stop.abort();
    return;
  }
  const found = await containment(git, [...off.keys()], head, derived);
  if (found === undefined) return;
  for (const [id, c] of found) {
    // landed; else off-history with what the content check saw: "#<files written>", then "~<path>"
    // (on HEAD's history with other content) and "-<path>" (never there), for the core to judge
    const fact = isLanded(c) ? ["landed", id] : ["off-history", id, `#${c.written}`].concat(c.otherContent.map((p) => `~${p}`), c.absent.map((p) => `-${p}`));
    for (const sha of off.get(id)!) out.set(sha, fact);
  }
}

/**
 * No object's id starts with `sha` (cat-file says "missing" for a short SHA that several commits
 * share as well as for one nothing has): a full-length id cat-file does not find, or a prefix
 * `rev-parse --disambiguate` lists nothing for.
 */
function nothingStartsWith(git: GitRepo, sha: string): boolean {
  if (sha.length === 40 || sha.length === 64) return true;
  if (sha.length < 4) return false;
  const r = gitRaw(git.cwd, ["rev-parse", `--disambiguate=${sha}`]);
  return r.status === 0 && r.stdout.toString("utf8").trim() === "";
}

/** Up to this many commits are checked one `git merge-base --is-ancestor` each, not with a walk of the whole history. */
const FEW_COMMITS = 4;

/**
 * The git.commit.<sha> fact of each SHA (lists; classifyLanded then turns the off-history commits whose changes
 * landed by content into ["landed", full]): ["ancestor", full] when a commit reachable from HEAD starts with <sha>
 * (one rev-list), else ["off-history", full] or ["missing"] (one cat-file batch for the rest).
 * A few commits (a run over one or two logs) are resolved first (cat-file) and each asked with
 * `merge-base --is-ancestor`, which walks HEAD's history only down to that commit: `rev-list HEAD`
 * reads every commit (70 ms on a 2,600-commit history without a commit-graph). A SHA that names no
 * commit is missing either way; an ambiguous short SHA, and any answer but yes or no, takes the walk.
 */
function resolveCommits(git: GitRepo, shas: string[], out: Map<string, string[]>, derived: DerivedCache | undefined, walked?: string[]): string | undefined {
  /** The commit ids of the few-commit path's cat-file, for the walk's own lookups below. */
  let known: Map<string, string | undefined> | undefined;
  /** HEAD's commit id, when a cache keeps answers (derivedOpen): asked in the same cat-file. */
  let head: string | undefined;
  if (shas.length <= FEW_COMMITS) {
    const memo = derivedOpen(derived);
    const ids = (known = resolveCommitIds(git, memo && !shas.includes("HEAD") ? [...shas, "HEAD"] : shas));
    if (memo) head = ids?.get("HEAD");
    if (memo && !shas.includes("HEAD")) ids?.delete("HEAD");
    const walk: string[] = [];
    for (const sha of shas) {
      let id = ids?.get(sha);
      // the walk matches commit ids by prefix: a revision that resolves to another id (an annotated
      // tag's id, a ref named like a SHA) is the walk's question, not merge-base's
      if (id !== undefined && !id.startsWith(sha)) id = undefined;
      if (ids?.has(sha) && ids.get(sha) === undefined && nothingStartsWith(git, sha)) {
        out.set(sha, ["missing"]);
        continue;
      }
      const answer = id === undefined ? -1 : isAncestor(git, id, head, derived);
      if (answer === 0) out.set(sha, ["ancestor", id!]);
      else if (answer === 1) out.set(sha, ["off-history", id!]);
      else walk.push(sha);
    }
    if (walk.length === 0) return head;
    shas = walk;
  }
  const reachable = walked ?? lines(git.try(["rev-list", "HEAD"]) ?? "").sort();
  const rest: string[] = [];
  for (const sha of shas) {
    let lo = 0;
    let hi = reachable.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (reachable[mid] < sha) lo = mid + 1;
      else hi = mid;
    }
    if (lo < reachable.length && reachable[lo].startsWith(sha)) out.set(sha, ["ancestor", reachable[lo]]);
    else rest.push(sha);
  }
  if (rest.length === 0) return head;
  const ids = known ?? resolveCommitIds(git, rest);
  if (ids === undefined) return head; // no facts: the core reports the commits as not checked (SP-090)
  for (const sha of rest) {
    const full = ids.get(sha);
    out.set(sha, full !== undefined ? ["off-history", full] : ["missing"]);
  }
  return head;
}

/**
 * `git merge-base --is-ancestor <id> HEAD`'s exit status (0 yes, 1 no, else unknown). With `head` (HEAD's
 * commit id, a cache open) the answer is kept under both ids, which name everything it depends on
 * (src/derived-cache.ts), and asked of that id, the one the key names.
 */
function isAncestor(git: GitRepo, id: string, head: string | undefined, derived: DerivedCache | undefined): number {
  const key = head !== undefined && FULL_ID.test(id) ? `ancestor\0${head}\0${id}` : undefined;
  const kept = key !== undefined ? derived?.recall(key) : undefined;
  if (kept === 0 || kept === 1) return kept;
  const answer = gitRaw(git.cwd, ["merge-base", "--is-ancestor", id, head ?? "HEAD"]).status;
  if (key !== undefined && (answer === 0 || answer === 1)) derived?.remember(key, answer);
  return answer;
}
