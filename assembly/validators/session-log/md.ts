// Markdown session logs: parse once, run the rules in the order of the original report mode, then
// the strict gate. Phase "extract" (the host's first pass) runs no rules: it returns what the host
// must resolve (cited SHAs, Starting Commits needing a diff, cited paths) and the parsed rows.
import { SessionCtx } from "./context";
import { MdLog, isStrict, hasGit, isPreCommit } from "./md-log";
import { ChecklistRow } from "../../lib/mdtable";
import { checkSections } from "./sp010-012-sections";
import { checkRows } from "./sp013-015-rows";
import { checkMemory } from "./sp016-memory";
import { checkHandoff } from "./sp017-handoff";
import { checkAbsPaths } from "./sp018-abs-paths";
import { checkCommit, citedSha } from "./sp020-021-commit";
import { checkCitedPaths, citedPaths, citedKey } from "./sp024-cited-paths";
import { checkQA, skipClaim } from "./sp037-qa";
import { checkTemplate } from "./strict-template";
import { checkGit, noteNoGit } from "./strict-git";

function dumpRows(rows: ChecklistRow[], out: string[]): void {
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    out.push(r.line.toString() + "\t" + r.req + "\t" + r.step + "\t" + (r.checked ? "x" : " ") + "\t" + r.evidence);
  }
}

function extract(ctx: SessionCtx, log: MdLog): void {
  const input = ctx.input;
  const shas: string[] = [];
  if (log.startSha.length > 0) shas.push(log.startSha);
  const c = log.commitRow();
  if (c !== null) {
    const s = citedSha(c.evidence);
    if (s.length > 0 && !shas.includes(s)) shas.push(s);
  }
  ctx.results.put(ctx.doc, "need.sha", shas.join("\n"));
  const qa = log.qaRow();
  const claim = qa !== null && (skipClaim(qa.evidence, "docs-only") || skipClaim(qa.evidence, "investigation-only"));
  if (log.startSha.length > 0 && (isStrict(input) || claim)) ctx.results.put(ctx.doc, "need.diff", log.startSha);
  const paths: string[] = [];
  const cp = citedPaths(ctx, log);
  for (let i = 0; i < cp.length; i++) {
    const k = citedKey(cp[i].raw);
    if (k.length > 0 && !paths.includes(k)) paths.push(k);
  }
  ctx.results.put(ctx.doc, "need.paths", paths.join("\n"));
  ctx.results.put(ctx.doc, "start.sha", log.startSha);
  if (log.endSha.length > 0) ctx.results.put(ctx.doc, "end.sha", log.endSha);
  if (!input.has("debug.rows")) return;
  const rows: string[] = []; // parsed checklists, for tests and debugging
  dumpRows(log.start, rows);
  rows.push("--");
  dumpRows(log.end, rows);
  ctx.results.put(ctx.doc, "rows", rows.join("\n"));
}

export function validateMarkdown(ctx: SessionCtx): void {
  const log = new MdLog(ctx.doc.lines(), ctx.doc.baseName());
  const input = ctx.input;
  const range = input.fact("range:" + ctx.doc.name);
  if (range !== null) log.diffKey = range;
  // pass 1 ("extract") reports what the host must resolve and also runs every rule with the
  // facts known so far (the host keeps that result for logs that need nothing more)
  if (input.fact("phase") == "extract") extract(ctx, log);
  const git = hasGit(input);
  let skipped = "";
  checkSections(ctx, log);
  checkMemory(ctx, log);
  checkRows(ctx, log);
  if (!checkHandoff(ctx, git)) skipped = "SP-017";
  checkAbsPaths(ctx, log);
  checkCommit(ctx, log);
  checkCitedPaths(ctx, log);
  if (!checkQA(ctx, log, git)) skipped += (skipped.length > 0 ? ", " : "") + "SP-037 (QA skip scope)";
  if (isStrict(input)) {
    checkTemplate(ctx, log);
    if (git) checkGit(ctx, log);
    else skipped += (skipped.length > 0 ? ", " : "") + (isPreCommit(input) ? "SP-038" : "SP-038..SP-042");
  }
  noteNoGit(ctx, skipped);
}
