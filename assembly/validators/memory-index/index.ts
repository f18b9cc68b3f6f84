// memory-index validator (port of Validate-MemoryIndex.ps1 / memory_index.py at efa406e9a, plus
// the current-layout rules behind --layout current). Order follows the reference: each domain
// index (sorted), then the root index, then the orphan scan. Input model: see ctx.ts.
import { Doc, Input, Results } from "../../io";
import { KIND_MEMORY_DIR, KIND_MEMORY_FILE, SEV_ERROR } from "../../abi";
import { AC002, firstBadByte } from "../common";
import { MiCtx, Index, ignoreAll, detectCurrent, T_FILE, T_LINK, F_UNREAD } from "./ctx";
import { parseEntries } from "./parse";
import { checkRefs, MI108 } from "./refs";
import { checkUniqueness } from "./uniqueness";
import { checkFormat } from "./format";
import { checkDuplicates } from "./dups";
import { checkP2 } from "./p2";
import { checkRoot } from "./root";
import { checkOrphans } from "./orphans";
import { msg } from "../../rules";
import { Rule } from "../../rules";
import { MI002, MI003, MI004, MI108 } from "./refs";
import { MI005 } from "./uniqueness";
import { MI006, MI007, MI008, MI009 } from "./format";
import { MI010 } from "./dups";
import { MI011, MI012, MI013, MI014, MI105 } from "./root";
import { MI015, MI016, MI017, MI103 } from "./orphans";
import { MI018, MI019 } from "./p2";

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
    if (n.indexOf("/") >= 0 || !n.endsWith("-index.md") || n == "memory-index.md") continue;
    const skills = n.startsWith("skills-") && n.length >= 16;
    if (!skills && !ctx.current) continue;
    const t = d.flags & 3;
    if (t == T_LINK) {
      ctx.report(MI108, d, 0, msg("symlinkedIndexFileIs").s("n", n));
      continue;
    }
    if (t != T_FILE || (d.flags & F_UNREAD) != 0) continue;
    results.setDocStatus(d, 0);
    const domain = skills ? n.substring(7, n.length - 9) : n.substring(0, n.length - 9);
    const ix = new Index(d, domain, skills);
    ctx.indices.push(ix);
    const bad = firstBadByte(d.ptr, d.len);
    if (bad >= 0) {
      ctx.report(AC002, d, 0, msg("fileIsBinaryOr").s("bad", bad.toString()));
      ix.failed = true;
      continue;
    }
    ix.entries = parseEntries(d);
  }

  let missing = 0;
  let keywordIssues = 0;
  let total = 0;
  let failed = 0;
  for (let i = 0; i < ctx.indices.length; i++) {
    const ix = ctx.indices[i];
    missing += checkRefs(ctx, ix);
    if (ix.skills) keywordIssues += checkUniqueness(ctx, ix);
    checkFormat(ctx, ix);
    if (ix.skills) {
      checkDuplicates(ctx, ix);
      checkP2(ctx, ix);
    }
    total += ix.entries.length;
    // an index fails when it has an error at the severity the run's policy reports it (overrides)
    const ixFailed = results.errorCount(ix.doc) > 0;
    if (ixFailed) failed++;
    results.put(ix.doc, "domain", ix.domain);
    results.put(ix.doc, "entries", ix.entries.length.toString());
    results.put(ix.doc, "verdict", ixFailed ? "fail" : "pass");
  }
  checkRoot(ctx);
  checkOrphans(ctx, entries);

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

function ignoreAllDocs(input: Input, results: Results): void {
  for (let i = 0; i < input.docs.length; i++) if (input.docs[i].kind != 0) results.setDocStatus(input.docs[i], 2);
}

/** The memory-index rules, in id order (scripts/gen-rules.mjs checks the order and that every rule is listed once). */
export const RULES: Rule[] = [
  MI002, MI003, MI004, MI005, MI006, MI007, MI008, MI009, MI010, MI011, MI012, MI013, MI014, MI015, MI016,
  MI017, MI018, MI019, MI103, MI105, MI108,
];
