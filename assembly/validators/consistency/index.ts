// Consistency validator (port of Validate-Consistency.ps1 / consistency.py): a feature's Epic,
// PRD, Tasks and Plan checked against each other. Documents: KIND_PLANNING_DOC with flags
// 0 = .agents/planning file, 1 = .agents/roadmap file, 2 = anchor (the planning folder itself).
// Facts: feature (else --all), checkpoint, fx (bit set of FX-1..FX-4), linkstate (host answers
// for the link queries this module emitted as the global "linkQueries" on a first pass).
import { Doc, Input, Results } from "../../io";
import { KIND_PLANNING_DOC } from "../../abi";
import { at } from "../../lib/mdscan";
import { ConsistencyCtx, Feature, FX3, FX4 } from "./context";
import { checkScope } from "./co-scope";
import { checkCoverage } from "./co-coverage";
import { checkNaming, validName } from "./co-naming";
import { checkLinks } from "./co-links";
import { checkTasks } from "./co-tasks";
import { allDigits } from "../../lib/text";

/** Name matches `prefix*.md` with a non-empty middle; returns the middle or null. */
function middle(n: string, prefix: string): string | null {
  if (!at(n, prefix, 0) || !n.endsWith(".md") || n.length < prefix.length + 3) return null;
  return n.substring(prefix.length, n.length - 3);
}

/** CO-D01: PRD-derived names first, then Tasks-derived, each in name order, first seen kept. */
function discover(planning: Doc[]): string[] {
  const out: string[] = [];
  const pre = ["prd-", "tasks-"];
  for (let k = 0; k < 2; k++) {
    for (let i = 0; i < planning.length; i++) {
      const m = middle(planning[i].baseName(), pre[k]);
      if (m !== null && m.length > 0 && !out.includes(m)) out.push(m);
    }
  }
  return out;
}

/** Glob tests of CO-D02 (`*` = any run, F literal). kind: 0 epic, 1 prd, 2 tasks, 3 plan. */
function globMatch(n: string, kind: i32, f: string): bool {
  if (kind == 0) {
    const m = middle(n, "EPIC-");
    if (m === null) return false;
    const d = m.indexOf("-");
    return d >= 0 && m.indexOf(f, d + 1) >= 0;
  }
  if (kind == 1 || kind == 2) {
    const m = middle(n, kind == 1 ? "prd-" : "tasks-");
    return m !== null && m.indexOf(f) >= 0;
  }
  if (at(n, ".", 0) || !n.endsWith(".md")) return false; // glob `*` never matches a leading dot
  const m = n.substring(0, n.length - 3);
  const p = m.indexOf("plan");
  return p >= 0 && m.indexOf(f, p + 4) >= 0;
}

/** FX-4 exact names: prd-F.md, tasks-F.md, EPIC-NNN-F.md. */
function exactMatch(n: string, kind: i32, f: string): bool {
  if (kind == 1) return n == "prd-" + f + ".md";
  if (kind == 2) return n == "tasks-" + f + ".md";
  if (kind == 0) return n.length == f.length + 12 && at(n, "EPIC-", 0) && allDigits(n, 5, 8) && n.charCodeAt(8) == 45 && at(n, f, 9) && n.endsWith(".md");
  return false;
}

function resolve(docs: Doc[], kind: i32, f: string, fx: i32): Doc | null {
  if ((fx & FX4) != 0) {
    for (let i = 0; i < docs.length; i++) if (exactMatch(docs[i].baseName(), kind, f)) return docs[i];
  }
  for (let i = 0; i < docs.length; i++) if (globMatch(docs[i].baseName(), kind, f)) return docs[i];
  if (kind == 3 && (fx & FX3) != 0) {
    const tail = "-" + f + "-plan.md";
    for (let i = 0; i < docs.length; i++) {
      const n = docs[i].baseName();
      if (n.endsWith(tail) && !at(n, ".", 0)) return docs[i];
    }
  }
  return null;
}

function pathOf(d: Doc | null): string {
  return d === null ? "" : d.name;
}

export function validateConsistency(input: Input, results: Results): void {
  const planning: Doc[] = []; // in name order (the host sorts: D-1)
  const roadmap: Doc[] = [];
  let anchor: Doc | null = null;
  for (let i = 0; i < input.docs.length; i++) {
    const d = input.docs[i];
    if (d.kind != KIND_PLANNING_DOC) continue;
    if (d.flags == 0) planning.push(d);
    else if (d.flags == 1) roadmap.push(d);
    else if (anchor === null) anchor = d;
  }

  // unit probe for the naming table: lines "key<TAB>name" -> "1"/"0" per line
  const probe = input.factLines("probe.naming");
  if (probe !== null) {
    const out: string[] = [];
    for (let i = 0; i < probe.length; i++) {
      const tab = probe[i].indexOf("\t");
      out.push(tab > 0 && !validName(probe[i].substring(0, tab), probe[i].substring(tab + 1)) ? "0" : "1");
    }
    results.putGlobal("probe.naming", out.join("\n"));
  }

  const ctx = new ConsistencyCtx(input, results, anchor);
  ctx.fx = input.factInt("fx", 0);
  ctx.checkpoint = input.factInt("checkpoint", 1);
  const ls = input.factLines("linkstate");
  if (ls !== null) {
    const m = new Map<string, string>();
    for (let i = 0; i < ls.length; i++) {
      const tab = ls[i].lastIndexOf("\t");
      if (tab >= 0) m.set(ls[i].substring(0, tab), ls[i].substring(tab + 1));
    }
    ctx.linkState = m;
  }
  const one = input.fact("feature");
  let names: string[];
  if (one !== null) names = [one];
  else names = discover(planning);

  const rows: string[] = [];
  for (let i = 0; i < names.length; i++) {
    const f = new Feature(names[i]);
    f.epic = resolve(roadmap, 0, f.name, ctx.fx);
    f.prd = resolve(planning, 1, f.name, ctx.fx);
    f.tasks = resolve(planning, 2, f.name, ctx.fx);
    f.plan = resolve(planning, 3, f.name, ctx.fx);
    ctx.feature = f;
    const before = results.findings.length;
    checkScope(ctx);
    checkCoverage(ctx);
    checkNaming(ctx);
    checkLinks(ctx);
    if (ctx.checkpoint >= 2) checkTasks(ctx);
    let passed = true;
    for (let k = 0; k < f.checks.length; k++) if (f.checks[k].endsWith("=fail")) passed = false;
    rows.push(f.name + "\t" + (results.findings.length - before).toString() + "\t" + (passed ? "pass" : "fail") + "\t" +
      f.checks.join(",") + "\t" + pathOf(f.epic) + "\t" + pathOf(f.prd) + "\t" + pathOf(f.tasks) + "\t" + pathOf(f.plan) +
      "\t" + f.counters.join(","));
  }
  if (ctx.queries.length > 0) results.putGlobal("linkQueries", ctx.queries.join("\n"));
  results.putGlobal("features", rows.join("\n"));
  results.putGlobal("checkpoint", ctx.checkpoint.toString());
}
