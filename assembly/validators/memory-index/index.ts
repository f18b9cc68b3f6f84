// memory-index validator (port of Validate-MemoryIndex.ps1 / memory_index.py at efa406e9a, plus
// the current-layout rules behind --layout current). Builds the model (ctx.ts: listing, layout,
// discovered indices and their entries), then runs RULES on each unit in the reference's order:
// each domain index (sorted), then the root index, then the orphan scan.
import { encodeList } from "../../lib/list";
import { Input, Results } from "../../io";
import { KIND_MEMORY_DIR, KIND_MEMORY_FILE, MI_TYPE_MASK } from "../../abi";
import { AC002, firstBadByte } from "../common";
import { MiCtx, Index, ignoreAll, detectCurrent, pyHundredths, T_FILE, T_LINK, F_UNREAD, R_MISSING, U_INDEX, U_ROOT, U_ORPHANS } from "./ctx";
import { parseEntries } from "./parse";
import { rowDensity, lowUniqueness } from "./density";
import { msg, runRules, RuleOf, loc } from "../../rules";
import { MI002 } from "./MI-002";
import { MI003 } from "./MI-003";
import { MI004 } from "./MI-004";
import { MI005 } from "./MI-005";
import { MI006 } from "./MI-006";
import { MI007 } from "./MI-007";
import { MI008 } from "./MI-008";
import { MI009 } from "./MI-009";
import { MI010 } from "./MI-010";
import { MI011 } from "./MI-011";
import { MI012 } from "./MI-012";
import { MI013 } from "./MI-013";
import { MI014 } from "./MI-014";
import { MI015 } from "./MI-015";
import { MI016 } from "./MI-016";
import { MI017 } from "./MI-017";
import { MI018 } from "./MI-018";
import { MI019 } from "./MI-019";
import { MI020 } from "./MI-020";
import { MI103 } from "./MI-103";
import { MI105 } from "./MI-105";
import { MI108 } from "./MI-108";
import { findUnit } from "../../lib/text";

/** The memory-index rules, in id order (scripts/gen-rules.mjs checks the order and that every rule is listed once). */
export const RULES: RuleOf<MiCtx>[] = [
  MI002, MI003, MI004, MI005, MI006, MI007, MI008, MI009, MI010, MI011, MI012, MI013, MI014, MI015, MI016,
  MI017, MI018, MI019, MI020, MI103, MI105, MI108,
];

export function validateMemoryIndex(input: Input, results: Results): void {
  const dirs = input.ofKind(KIND_MEMORY_DIR);
  const entries = input.ofKind(KIND_MEMORY_FILE);
  if (dirs.length == 0) {
    ignoreAllDocs(input, results);
    return;
  }
  const ctx = new MiCtx(input, results, dirs[0]);
  ignoreAll(ctx, entries);
  for (let i = 1; i < dirs.length; i++) results.setDocStatus(dirs[i], 2);
  // the host sends the listing sorted; an insertion pass keeps the core deterministic anyway
  for (let i = 1; i < entries.length; i++) {
    const d = entries[i];
    let j = i - 1;
    while (j >= 0 && entries[j].name > d.name) {
      entries[j + 1] = entries[j];
      j--;
    }
    entries[j + 1] = d;
  }
  ctx.docs = entries;
  if (ctx.requested != "reference" && ctx.requested != "current") ctx.current = detectCurrent(entries);

  // discovery: top-level *-index.md (reference layout: skills-<domain>-index.md only)
  for (let i = 0; i < entries.length; i++) {
    const d = entries[i];
    const n = d.name;
    if (findUnit(n, 47) >= 0 || !n.endsWith("-index.md") || n == "memory-index.md") continue;
    const skills = n.startsWith("skills-") && n.length >= 16;
    if (!skills && !ctx.current) continue;
    const t = d.flags & MI_TYPE_MASK;
    if (t == T_LINK) {
      ctx.linkedIndices.push(d); // MI-108
      continue;
    }
    if (t != T_FILE || (d.flags & F_UNREAD) != 0) continue;
    results.setDocStatus(d, 0);
    const domain = skills ? n.substring(7, n.length - 9) : n.substring(0, n.length - 9);
    const ix = new Index(d, domain, skills);
    ctx.indices.push(ix);
    const bad = firstBadByte(d.ptr, d.len);
    if (bad >= 0) {
      ctx.report(AC002, loc(d), msg("binary").s("offset", bad.toString()));
      ix.failed = true;
      continue;
    }
    ix.entries = parseEntries(d);
  }

  let missing = 0;
  let keywordIssues = 0;
  let total = 0;
  let failed = 0;
  ctx.unit = U_INDEX;
  for (let i = 0; i < ctx.indices.length; i++) {
    const ix = ctx.indices[i];
    ctx.ix = ix;
    const from = results.findings.length;
    runRules(RULES, ctx);
    reorder(ctx, from, false);
    for (let k = 0; k < ix.entries.length; k++) {
      if (ctx.resolved(ix.entries[k]) == R_MISSING) missing++;
      if (ix.skills && lowUniqueness(ix, k)) keywordIssues++;
    }
    if (ix.skills && ix.entries.length > 0) {
      const rows = rowDensity(ix);
      const parts: string[] = [];
      for (let k = 0; k < ix.densityNames.length; k++) {
        parts.push(ix.densityNames[k]);
        parts.push(pyHundredths(ix.densityValues[k]));
      }
      results.put(ix.doc, "uniqueness", encodeList(parts));
    }
    total += ix.entries.length;
    // ix.failed: an error on the index at the severity the run's policy reports it (MiCtx.reportAs)
    if (ix.failed) failed++;
    results.put(ix.doc, "domain", ix.domain);
    results.put(ix.doc, "entries", ix.entries.length.toString());
    results.put(ix.doc, "verdict", ix.failed ? "fail" : "pass");
  }
  ctx.ix = null;
  ctx.unit = U_ROOT;
  const from = results.findings.length;
  runRules(RULES, ctx);
  reorder(ctx, from, true);
  ctx.unit = U_ORPHANS;
  runRules(RULES, ctx);

  const dir = ctx.dir;
  const n = ctx.indices.length;
  results.put(dir, "layout", ctx.current ? "current" : "reference");
  results.put(dir, "layout_source", ctx.requested == "reference" || ctx.requested == "current" ? "option" : "detected");
  results.put(dir, "domains", n.toString());
  results.put(dir, "passed_domains", (n - failed).toString());
  results.put(dir, "failed_domains", failed.toString());
  results.put(dir, "total_files", total.toString());
  results.put(dir, "missing_files", missing.toString());
  results.put(dir, "keyword_issues", keywordIssues.toString());
  results.put(dir, "verdict", ctx.errors > 0 ? "fail" : "pass");
}

/**
 * A domain index's findings in the reference's report order: file references (per entry:
 * traversal or symlink, then the skill- prefix, then the missing file), uniqueness, format,
 * duplicates, then the advisory checks; each group by line.
 */
function indexOrder(id: string, line: i32): i64 {
  let group = 6;
  let rank = 0;
  if (id == "MI-004" || id == "MI-108") group = 0;
  else if (id == "MI-003") { group = 0; rank = 1; }
  else if (id == "MI-002") { group = 0; rank = 2; }
  else if (id == "MI-005") group = 1;
  else if (id == "MI-006" || id == "MI-007" || id == "MI-008" || id == "MI-009") group = 2;
  else if (id == "MI-010") group = 3;
  else if (id == "MI-018") group = 4;
  else if (id == "MI-019") group = 5;
  return (<i64>group << 30) | (<i64>line << 2) | <i64>rank;
}

/**
 * Put the findings a unit reported (from `from` on) in the reference's order, stably: the rules run
 * one after the other, the reference interleaves them. Root index: the order of its items and links
 * (ctx.order), completeness last.
 */
function reorder(ctx: MiCtx, from: i32, root: bool): void {
  const fs = ctx.results.findings;
  const n = fs.length - from;
  if (n < 2 || n >= (1 << 24) || ctx.order.length != fs.length) return;
  // key << 24 | position: a plain numeric sort is then stable
  const keys = new Array<i64>(n);
  for (let i = 0; i < n; i++) {
    const f = fs[from + i];
    const k = root ? <i64>ctx.order[from + i] : indexOrder(f.rule.id, f.line);
    keys[i] = (k << 24) | <i64>i;
  }
  keys.sort();
  const copy = fs.slice(from);
  const ord = ctx.order.slice(from);
  for (let i = 0; i < n; i++) {
    const p = <i32>(keys[i] & 0xffffff);
    fs[from + i] = copy[p];
    ctx.order[from + i] = ord[p];
  }
}

function ignoreAllDocs(input: Input, results: Results): void {
  for (let i = 0; i < input.docs.length; i++) if (input.docs[i].kind != 0) results.setDocStatus(input.docs[i], 2);
}
