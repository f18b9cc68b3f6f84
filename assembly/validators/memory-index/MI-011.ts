// MI-011: the root index memory-index.md must exist.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MiCtx, U_ROOT, ROOT_MISSING } from "./ctx";
import { rootModel } from "./rootindex";

export const MI011 = defineRule("MI-011", SEV_ERROR, check);
function MI011_doc(): RuleDoc {
  return {
    id: "MI-011",
    validator: "memory-index",
    title: "Root index memory-index.md missing",
    description: "The memory directory has no regular file `memory-index.md`. The root index routes tasks to domain indices (tiered memory architecture, ADR-017); without it the other root-index rules (MI-012..MI-014) are skipped and the run fails, also for an empty directory. A symlinked root index is MI-108.",
    messages: {
      criticalMemoryIndexMd: "CRITICAL: memory-index.md not found - required for tiered architecture",
    },
  };
}

function check(ctx: MiCtx): void {
  if (ctx.unit != U_ROOT) return;
  const m = rootModel(ctx);
  if (m.state == ROOT_MISSING) ctx.report(ctx.rule, loc(ctx.dir), msg("criticalMemoryIndexMd"));
}
