// MI-018, MI-019: advisory (P2) checks of a domain index's entries.
import { defineRule } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { MiCtx, Index } from "./ctx";

export const MI018 = defineRule("MI-018", "memory-index", SEV_WARNING, "Fewer than 5 keywords", "Fewer than 5 keywords");
export const MI019 = defineRule("MI-019", "memory-index", SEV_WARNING, "File name not <domain>-*", "File name not <domain>-*");

export function checkP2(ctx: MiCtx, ix: Index): void {
  const prefix = ix.domain + "-";
  for (let i = 0; i < ix.entries.length; i++) {
    const e = ix.entries[i];
    if (e.keywords.length < 5) {
      ctx.report(MI018, ix.doc, e.line,
        "Insufficient keywords: " + e.name + " has " + e.keywords.length.toString() + " keywords (need >=5)");
    }
  }
  for (let i = 0; i < ix.entries.length; i++) {
    const e = ix.entries[i];
    // a folder-qualified name (`agent-workflow/agent-workflow-pipeline`) is judged by its base name
    const slash = e.name.lastIndexOf("/");
    const base = slash >= 0 ? e.name.substring(slash + 1) : e.name;
    if (!base.startsWith(prefix)) {
      ctx.reportAs(MI019, ctx.namingSev, ix.doc, e.line,
        "Naming violation: " + e.name + " should start with '" + prefix + "' per ADR-017");
      if (ctx.namingSev == 0) ix.failed = true;
    }
  }
}
