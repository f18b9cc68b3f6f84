// Traceability validator (port of Validate-Traceability.ps1 / traceability.py with the upstream
// related-list fixes U-1/U-2). Documents: KIND_SPEC_DOC with flags 0 = requirements/, 1 = design/,
// 2 = tasks/ (name order), 3 = anchor (the specs folder), 4 = a folder of an unsupported layout.
// Facts: fx (FX-7 = 16, TR-008 = 32, TR-009 = 64). Loads the model (model.ts), then runs RULES
// (TR-001..TR-009, one file each) once and puts their findings in the reference's order (TR-D02).
import { Doc, Input, Results } from "../../io";
import { KIND_SPEC_DOC, DOC_IGNORED, DOC_SKIPPED, TR_ANCHOR, TR_FOREIGN_LAYOUT } from "../../abi";
import { readFrontMatter, at } from "../../lib/mdscan";
import { encodeList } from "../../lib/list";
import { Spec, TrCtx } from "./model";
import { msg, msgItem, runRules, RuleOf } from "../../rules";
import { TR001 } from "./TR-001";
import { TR002 } from "./TR-002";
import { TR003 } from "./TR-003";
import { TR004 } from "./TR-004";
import { TR005 } from "./TR-005";
import { TR006 } from "./TR-006";
import { TR007 } from "./TR-007";
import { TR008 } from "./TR-008";
import { TR009 } from "./TR-009";

/** The traceability rules, in id order (scripts/gen-rules.mjs checks the order and that every rule is listed once). */
export const RULES: RuleOf<TrCtx>[] = [
  TR001, TR002, TR003, TR004, TR005, TR006, TR007, TR008, TR009,
];

const PREFIXES = ["REQ-", "DESIGN-", "TASK-"];

function skip(results: Results, doc: Doc, reason: string): void {
  results.setDocStatus(doc, DOC_SKIPPED);
  results.put(doc, "skip", reason);
}

export function validateTraceability(input: Input, results: Results): void {
  const ctx = new TrCtx(input, results);
  const cats = ctx.cats;
  let anchor: Doc | null = null;
  let candidates = 0;
  // phase "names": documents come without content; report which ones the checks will read, so the
  // host reads those only (a README.md or notes.md of a specs folder is never opened)
  const namesOnly = input.fact("phase") == "names";
  const needed: string[] = [];
  // documents the host could not read (it reported AC-900/AC-901 on them): known by name only
  const unreadNames = input.factLines("unread");
  const unreadSet = new Map<string, string>();
  if (unreadNames !== null) for (let i = 0; i < unreadNames.length; i++) unreadSet.set(unreadNames[i], "");
  let unread = 0;
  for (let i = 0; i < input.docs.length; i++) {
    const d = input.docs[i];
    if (d.kind != KIND_SPEC_DOC) continue;
    const c = d.flags;
    if (c == TR_ANCHOR) { if (anchor === null) anchor = d; continue; }
    if (c == TR_FOREIGN_LAYOUT) {
      skip(results, d, msgItem(msg("skipFeatureLayout")));
      continue;
    }
    const n = d.baseName();
    if (c < 0 || c > 2 || !at(n, PREFIXES[c], 0) || !n.endsWith(".md")) {
      results.setDocStatus(d, DOC_IGNORED);
      continue;
    }
    if (namesOnly) {
      needed.push(d.name);
      continue;
    }
    if (unreadSet.has(d.name)) {
      // the host's own result carries the file's finding
      d.unread = true;
      results.setDocStatus(d, DOC_IGNORED);
    }
    if (d.unread) {
      // content unknown (here, or AC-002 from the text screen): neither loaded nor taken for empty
      ctx.unread[c] = true;
      unread++;
      continue;
    }
    candidates++;
    const fm = readFrontMatter(d.text());
    ctx.candDocs.push(d);
    ctx.candCats.push(c);
    ctx.candFms.push(fm);
    if (fm === null) { skip(results, d, msgItem(msg("skipNoFrontMatter"))); continue; }
    const id = fm.id;
    if (id === null || id.length == 0) { skip(results, d, msgItem(msg("skipNoId"))); continue; }
    cats[c].add(new Spec(d, fm, id), results);
  }
  if (namesOnly) {
    results.putGlobal("needed", encodeList(needed));
    return;
  }
  ctx.link();
  runRules(RULES, ctx);
  ctx.order();
  const chains = ctx.chains();
  const stats = cats[0].specs.length.toString() + " " + cats[1].specs.length.toString() + " " +
    cats[2].specs.length.toString() + " " + chains.toString();
  results.putGlobal("stats", stats);
  if (anchor !== null) {
    const a = anchor as Doc;
    results.put(a, "requirements", cats[0].specs.length.toString());
    results.put(a, "designs", cats[1].specs.length.toString());
    results.put(a, "tasks", cats[2].specs.length.toString());
    results.put(a, "validChains", chains.toString());
    if (unread > 0) {
      // spec files that could not be read: the rules that would conclude an id is absent did not run
      // (TR-001, TR-004..TR-006); the specs folder says so instead of passing
      let rules = "";
      if (ctx.unread[1]) rules += "TR-001, ";
      if (ctx.unread[2]) rules += "TR-004, ";
      if (ctx.unread[1]) rules += "TR-005, ";
      if (ctx.unread[0]) rules += "TR-006, ";
      rules = rules.substring(0, rules.length - 2); // unread > 0: some category, so some rule
      skip(results, a, msgItem(msg("skipUnreadSpecs").i("n", unread).s("rules", rules)));
    } else if (cats[0].specs.length + cats[1].specs.length + cats[2].specs.length == 0) {
      skip(results, a, msgItem(msg("skipNoSpecs").i("n", candidates)));
    }
  }
}

