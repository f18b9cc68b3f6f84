// Consistency validator (port of Validate-Consistency.ps1 / consistency.py): a feature's Epic,
// PRD, Tasks and Plan checked against each other. Documents: KIND_PLANNING_DOC with flags
// 0 = .agents/planning file, 1 = .agents/roadmap file, 2 = anchor (the planning folder itself).
// Facts: feature (else --all), checkpoint, fx (bit set of FX-1..FX-4), linkState (host answers
// for the link queries this module emitted as the global "linkQueries" on a first pass).
// RULES (CO-001..CO-010, one file each, model in context.ts and co-*.ts) run once per feature.
import { Doc, Input, Results } from "../../io";
import { KIND_PLANNING_DOC, CO_PLANNING, CO_ROADMAP, DOC_SKIPPED } from "../../abi";
import { at } from "../../lib/mdscan";
import { encodeList, decodeList } from "../../lib/list";
import { ConsistencyCtx, Feature, FX3, FX4 } from "./context";
import { links } from "./co-links";
import { validName } from "./co-naming";
import { allDigits, find, findUnit } from "../../lib/text";
import { SubstringIndex } from "../../lib/substr-index";
import { num } from "../traceability/model";
import { msg, msgItem, runRules, RuleOf } from "../../rules";
import { CO001 } from "./CO-001";
import { CO002 } from "./CO-002";
import { CO003 } from "./CO-003";
import { CO004 } from "./CO-004";
import { CO005 } from "./CO-005";
import { CO006 } from "./CO-006";
import { CO007 } from "./CO-007";
import { CO008 } from "./CO-008";
import { CO009 } from "./CO-009";
import { CO010 } from "./CO-010";

/** The consistency rules, in id order (scripts/gen-rules.mjs checks the order and that every rule is listed once). */
export const RULES: RuleOf<ConsistencyCtx>[] = [
  CO001, CO002, CO003, CO004, CO005, CO006, CO007, CO008, CO009, CO010,
];

/** Name matches `prefix*.md` with a non-empty middle; returns the middle or null. */
function middle(n: string, prefix: string): string | null {
  if (!at(n, prefix, 0) || !n.endsWith(".md") || n.length < prefix.length + 3) return null;
  return n.substring(prefix.length, n.length - 3);
}

/** CO-D01: PRD-derived names first, then Tasks-derived, each in name order, first seen kept. */
function discover(planning: Doc[]): string[] {
  const out: string[] = [];
  const seen = new Map<string, string>();
  const pre = ["prd-", "tasks-"];
  for (let k = 0; k < 2; k++) {
    for (let i = 0; i < planning.length; i++) {
      const m = middle(planning[i].baseName(), pre[k]);
      if (m !== null && m.length > 0 && !seen.has(m)) {
        seen.set(m, "");
        out.push(m);
      }
    }
  }
  return out;
}

/**
 * CO-D02 resolution for many features at once. Each glob is "prefix, then any run containing F,
 * then .md": the text after the fixed part is indexed, so a lookup is the first file (in name
 * order) whose text contains F. kind: 0 Epic `EPIC-*-*F*.md`, 1 PRD `prd-*F*.md`,
 * 2 Tasks `tasks-*F*.md`, 3 Plan `*plan*F*.md`.
 */
class Resolver {
  idx: SubstringIndex[] = [new SubstringIndex(), new SubstringIndex(), new SubstringIndex(), new SubstringIndex()];
  /** FX-4 exact names and the FX-3 plan fallback: key -> doc number. */
  exact: Map<string, string> = new Map();

  constructor(public roadmap: Doc[], public planning: Doc[]) {
    for (let i = 0; i < roadmap.length; i++) {
      const n = roadmap[i].baseName();
      const m = middle(n, "EPIC-");
      if (m === null) continue;
      const d = findUnit(m, 45);
      if (d >= 0) this.idx[0].add(m.substring(d + 1), i);
      if (allDigits(n, 5, 8) && n.charCodeAt(8) == 45) this.key("0" + n.substring(9, n.length - 3), i);
    }
    for (let i = 0; i < planning.length; i++) {
      const n = planning[i].baseName();
      let m = middle(n, "prd-");
      if (m !== null) { this.idx[1].add(m, i); this.key("1" + m, i); }
      m = middle(n, "tasks-");
      if (m !== null) { this.idx[2].add(m, i); this.key("2" + m, i); }
      if (!n.endsWith(".md")) continue; // pathlib's glob `*` also matches a leading dot (.plan-a.md)
      const p = find(n, "plan");
      if (p >= 0 && p + 4 <= n.length - 3) this.idx[3].add(n.substring(p + 4, n.length - 3), i);
      if (n.endsWith("-plan.md")) {
        // `*-F-plan.md`: every F after a '-'
        for (let k = 0; k < n.length - 8; k++) if (n.charCodeAt(k) == 45) this.key("3" + n.substring(k + 1, n.length - 8), i);
      }
    }
  }

  private key(k: string, i: i32): void {
    if (!this.exact.has(k)) this.exact.set(k, i.toString());
  }

  private byKey(k: string, docs: Doc[]): Doc | null {
    return this.exact.has(k) ? docs[num(this.exact.get(k))] : null;
  }

  resolve(kind: i32, f: string, fx: i32): Doc | null {
    const docs = kind == 0 ? this.roadmap : this.planning;
    if ((fx & FX4) != 0 && kind < 3) {
      const d = this.byKey(kind.toString() + f, docs);
      if (d !== null) return d;
    }
    const i = this.idx[kind].find(f);
    if (i >= 0) return docs[i];
    if (kind == 3 && (fx & FX3) != 0) return this.byKey("3" + f, docs);
    return null;
  }
}

function pathOf(d: Doc | null): string {
  return d === null ? "" : d.name;
}

/** Feature `name` with its four documents (epic, PRD, tasks, plan) as the resolver finds them. */
function resolvedFeature(res: Resolver, name: string, fx: i32): Feature {
  const f = new Feature(name);
  f.epic = res.resolve(0, name, fx);
  f.prd = res.resolve(1, name, fx);
  f.tasks = res.resolve(2, name, fx);
  f.plan = res.resolve(3, name, fx);
  return f;
}

/** The link queries of every feature's documents (the scan CO-008/CO-009 run), reported when there are any. */
function askLinks(ctx: ConsistencyCtx, res: Resolver, names: string[]): bool {
  for (let i = 0; i < names.length; i++) {
    // a feature of its own for the scan (the checks start from a fresh one)
    const f = resolvedFeature(res, names[i], ctx.fx);
    ctx.feature = f;
    links(ctx);
  }
  ctx.feature = new Feature("");
  if (ctx.queries.length == 0) return false;
  ctx.results.putGlobal("linkQueries", encodeList(ctx.queries));
  return true;
}

export function validateConsistency(input: Input, results: Results): void {
  const planning: Doc[] = []; // in name order (the host sorts: D-1)
  const roadmap: Doc[] = [];
  let anchor: Doc | null = null;
  for (let i = 0; i < input.docs.length; i++) {
    const d = input.docs[i];
    if (d.kind != KIND_PLANNING_DOC) continue;
    if (d.flags == CO_PLANNING) planning.push(d);
    else if (d.flags == CO_ROADMAP) roadmap.push(d);
    else if (anchor === null) anchor = d;
  }

  // unit probe for the naming table: a list of (key, name) pairs -> a list of "1"/"0", one per pair
  const pv = input.fact("probe.naming");
  if (pv !== null) {
    const probe = decodeList(pv);
    const out: string[] = [];
    for (let i = 0; i + 1 < probe.length; i += 2) out.push(probe[i].length > 0 && !validName(probe[i], probe[i + 1]) ? "0" : "1");
    results.putGlobal("probe.naming", encodeList(out));
  }

  const ctx = new ConsistencyCtx(input, results, anchor);
  ctx.fx = input.factInt("fx", 0);
  ctx.checkpoint = input.factInt("checkpoint", 1);
  // link states: an encoded list of query, state pairs (a query may hold any character)
  const lsv = input.fact("linkState");
  if (lsv !== null) {
    const ls = decodeList(lsv!);
    const m = new Map<string, string>();
    for (let i = 0; i + 1 < ls.length; i += 2) m.set(ls[i], ls[i + 1]);
    ctx.linkState = m;
  }
  // documents the host could not read (it reported AC-900/AC-901 on them): known by name only; the
  // text screen marks those that are not UTF-8 (AC-002) the same way
  const unreadNames = input.factLines("unread");
  if (unreadNames !== null) {
    const u = new Map<string, string>();
    for (let i = 0; i < unreadNames.length; i++) u.set(unreadNames[i], "");
    for (let i = 0; i < input.docs.length; i++) if (u.has(input.docs[i].name)) input.docs[i].unread = true;
  }
  const one = input.fact("feature");
  let names: string[];
  if (one !== null) names = [one];
  else names = discover(planning);

  const res = new Resolver(roadmap, planning);
  const rows: string[] = [];
  // phase "names": documents come without content; report which ones the checks will read
  const phase = input.fact("phase");
  const namesOnly = phase == "names";
  // phase "links" (the host's first pass with content, before it has any link answer): when a link
  // target needs the host's answer, only the questions are reported, since the host runs the checks
  // again with the answers and keeps nothing else of this pass; without questions the checks run here
  if (!namesOnly && ctx.linkState === null && phase == "links" && askLinks(ctx, res, names)) return;
  const needed = new Map<string, string>();
  for (let i = 0; i < names.length; i++) {
    const f = resolvedFeature(res, names[i], ctx.fx);
    if (namesOnly) {
      const a = [f.epic, f.prd, f.tasks, f.plan];
      for (let k = 0; k < 4; k++) if (a[k] !== null) needed.set((a[k] as Doc).name, "");
      continue;
    }
    ctx.feature = f;
    const before = results.findings.length;
    runRules(RULES, ctx);
    ctx.orderLinks();
    // the feature verdict is the verdict of its findings at the severities the run's policy gave them
    // (advisory, strict, configured overrides): data.verdict and the result's verdict never disagree
    const passed = results.errorsSince(before) == 0;
    // --feature that matches no artifact at all passes in the reference (C-D03) but checked nothing:
    // the planning folder, where its result lands, is a visible skip with the reason
    if (one !== null && f.epic === null && f.prd === null && f.tasks === null && f.plan === null && anchor !== null) {
      results.setDocStatus(anchor as Doc, DOC_SKIPPED);
      results.put(anchor as Doc, "skip", msgItem(msg("skipNoArtifacts").s("feature", f.name)));
    }
    // an artifact that could not be read: the rules reading it did not run, the result says so
    const unread = f.unreadNames();
    if (unread.length > 0) results.putGlobal("partial." + rows.length.toString(), msgItem(msg("partialUnread").s("files", unread.join(", "))));
    rows.push(encodeList([f.name, (results.findings.length - before).toString(), passed ? "pass" : "fail",
      f.checks().join(","), pathOf(f.epic), pathOf(f.prd), pathOf(f.tasks), pathOf(f.plan), f.counters.join(",")]));
  }
  if (namesOnly) {
    results.putGlobal("needed", encodeList(needed.keys()));
    return;
  }
  // --all that discovers no feature has checked nothing: the planning folder is a visible skip,
  // never a silent "0 files, pass" (a layout the discovery rules CO-D01 do not cover shows here)
  if (one === null && names.length == 0 && anchor !== null) {
    results.setDocStatus(anchor as Doc, DOC_SKIPPED);
    results.put(anchor as Doc, "skip", msgItem(msg("skipNoFeatures").i("n", planning.length)));
  }
  // names travel as encoded lists (lib/list.ts): any character of a file name round-trips
  if (ctx.queries.length > 0) results.putGlobal("linkQueries", encodeList(ctx.queries));
  results.putGlobal("features", encodeList(rows));
  results.putGlobal("checkpoint", ctx.checkpoint.toString());
}

