// Markdown session logs: parse once, run the rules in the order of the original report mode, then
// the strict gate. Phase "extract" (the host's first pass) also returns what the host must resolve
// (cited SHAs, Starting Commits needing a diff, cited paths) and the parsed rows; it runs the rules
// with the facts known so far, and the host keeps that result for a log that needs nothing more.
import { runRules, RuleOf } from "../../rules";
import { SessionCtx, MODE_CREATION, MODE_RECORD } from "./context";
import { markdownMode, modeName } from "./mode";
import { MdLog, MdCtx, isStrict, citedSha, citedPaths, citedKey, skipClaim } from "./md-log";
import { ChecklistRow } from "../../lib/mdtable";
import { LineTable } from "../../lib/lines";
import { SP005 } from "./SP-005";
import { SP010 } from "./SP-010";
import { SP011 } from "./SP-011";
import { SP012 } from "./SP-012";
import { SP013 } from "./SP-013";
import { SP014 } from "./SP-014";
import { SP015 } from "./SP-015";
import { SP016 } from "./SP-016";
import { SP017 } from "./SP-017";
import { SP018 } from "./SP-018";
import { SP020 } from "./SP-020";
import { SP021 } from "./SP-021";
import { SP022 } from "./SP-022";
import { SP024 } from "./SP-024";
import { SP030 } from "./SP-030";
import { SP031 } from "./SP-031";
import { SP032 } from "./SP-032";
import { SP034 } from "./SP-034";
import { SP035 } from "./SP-035";
import { SP036 } from "./SP-036";
import { SP037 } from "./SP-037";
import { SP038 } from "./SP-038";
import { SP039 } from "./SP-039";
import { SP040 } from "./SP-040";
import { SP041 } from "./SP-041";
import { SP042 } from "./SP-042";
import { SP090 } from "./SP-090";
import { encodeList } from "../../lib/list";

/**
 * The rules run on a markdown log, in the order of the original report mode (the order findings
 * are reported in: structure, memory evidence, rows, HANDOFF, paths, commit, cited paths, QA, then
 * the strict gate's template and git rules, then the SP-090 note, which needs the others' skips).
 * The validator's RULES (index.ts) lists every rule in id order; rules that do not apply return early.
 */
export const MD_RULES: RuleOf<MdCtx>[] = [
  SP010, SP011, SP012, SP022, SP016, SP013, SP014, SP015, SP017, SP018, SP020, SP021, SP024, SP037,
  SP030, SP032, SP034, SP036, SP005, SP031, SP035, SP038, SP039, SP040, SP041, SP042, SP090,
];

/** A checklist as a list of rows, each a list (line, requirement, step, "x" or " ", evidence). */
function dumpRows(rows: ChecklistRow[]): string {
  const out: string[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    out.push(encodeList([r.line.toString(), r.req, r.step, r.checked ? "x" : " ", r.evidence]));
  }
  return encodeList(out);
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
  ctx.results.put(ctx.doc, "need.sha", encodeList(shas));
  const qa = log.qaRow();
  const claim = qa !== null && (skipClaim(qa.evidence, "docs-only") || skipClaim(qa.evidence, "investigation-only"));
  if (log.startSha.length > 0 && (isStrict(input) || claim)) ctx.results.put(ctx.doc, "need.diff", log.startSha);
  const paths: string[] = [];
  const cp = citedPaths(input, log);
  for (let i = 0; i < cp.length; i++) {
    const k = citedKey(cp[i].raw);
    if (k.length > 0 && !paths.includes(k)) paths.push(k);
  }
  ctx.results.put(ctx.doc, "need.paths", encodeList(paths));
  ctx.results.put(ctx.doc, "start.sha", log.startSha);
  if (log.endSha.length > 0) ctx.results.put(ctx.doc, "end.sha", log.endSha);
  if (!input.has("debug.rows")) return;
  // parsed checklists, for tests and debugging: a list of two checklists (start, end)
  ctx.results.put(ctx.doc, "rows", encodeList([dumpRows(log.start), dumpRows(log.end)]));
}

export function validateMarkdown(sctx: SessionCtx): void {
  // valid UTF-8 here (checkContent): the line table reads the document bytes in place
  const log = new MdLog(new LineTable(sctx.doc.ptr, sctx.doc.len), sctx.doc.baseName());
  const ctx = new MdCtx(sctx.input, sctx.results, sctx.doc, log);
  const range = ctx.input.fact("range." + ctx.doc.name);
  if (range !== null) log.diffKey = range;
  // pass 1 ("extract") reports what the host must resolve and also runs every rule with the
  // facts known so far (the host keeps that result for logs that need nothing more)
  if (ctx.input.fact("phase") == "extract") extract(ctx, log);
  // the one mode decision (./mode.ts): creation mode does not demand the session end; record mode
  // (a log that already existed) demands no compliance, no QA binding, no agreement with git
  const mode = markdownMode(ctx.doc.flags, log.end, log.endSha);
  ctx.creation = mode == MODE_CREATION;
  ctx.record = mode == MODE_RECORD;
  runRules(MD_RULES, ctx);
  ctx.results.put(ctx.doc, "mode", modeName(mode));
}
