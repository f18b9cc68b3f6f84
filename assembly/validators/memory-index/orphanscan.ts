// The orphan scan of the reference layout (the model behind MI-015..MI-017): top-level atomic files
// are the candidates, "referenced" = named by a domain index (exact strings). Severity of every
// orphan finding: the running rule's option `level` (warn|error|off; --orphans, ctx.ts levelSeverity).
import { Doc } from "../../io";
import { MI_TYPE_MASK } from "../../abi";
import { Rule, Msg, loc } from "../../rules";
import { MiCtx, RefScan, T_FILE, U_ORPHANS, levelSeverity } from "./ctx";
import { findUnit } from "../../lib/text";

/** The scan's view of the indices (computed once). */
export function refScan(ctx: MiCtx): RefScan {
  const done = ctx.refScan;
  if (done !== null) return done;
  const s = new RefScan();
  for (let i = 0; i < ctx.indices.length; i++) {
    const es = ctx.indices[i].entries;
    for (let k = 0; k < es.length; k++) s.referenced.set(es[k].name, 1);
  }
  for (let k = 0; k < ctx.indices.length; k++) s.domainAt.set(ctx.indices[k].domain, k);
  ctx.refScan = s;
  return s;
}

/** True when the orphan rules of the layout (`current` or not) run in this unit. */
export function orphanScan(ctx: MiCtx, current: bool): bool {
  return ctx.unit == U_ORPHANS && ctx.current == current && levelSeverity(ctx) >= 0;
}

function isFileLike(d: Doc): bool {
  const t = d.flags & MI_TYPE_MASK;
  return t == T_FILE || (t == 2 && d.text().startsWith("f:"));
}

/**
 * The session protocol's live files (the MCP server's state, history and violations log, kept where
 * Serena reads memories): agentcheck's live state, not memories, so never an orphan (issue 40).
 * Compared with the top-level file name; file names, not prose.
 */
export function isProtocolMemory(name: string): bool {
  return name == "session-current-state.md" || name == "session-history.md" || name == "session-violations-log.md";
}

/** The stem of a reference-layout candidate (a top-level file-like `*.md` that is no index), or null. */
export function candidateStem(d: Doc): string | null {
  const n = d.name;
  if (findUnit(n, 47) >= 0 || !n.endsWith(".md") || !isFileLike(d) || isProtocolMemory(n)) return null;
  const stem = n.substring(0, n.length - 3);
  return stem.endsWith("-index") ? null : stem;
}

/** candidateStem of every listed entry (ctx.docs, in order), computed once: MI-015, MI-016 and MI-017 read them. */
export function candidateStems(ctx: MiCtx): Array<string | null> {
  const done = ctx.stems;
  if (done !== null) return done;
  const out = new Array<string | null>(ctx.docs.length);
  for (let i = 0; i < ctx.docs.length; i++) out[i] = candidateStem(ctx.docs[i]);
  ctx.stems = out;
  return out;
}

export function reportOrphan(ctx: MiCtx, rule: Rule, doc: Doc, m: Msg): void {
  ctx.reportAs(rule, levelSeverity(ctx), loc(doc), m);
}
