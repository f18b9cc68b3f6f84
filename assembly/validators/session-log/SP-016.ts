// SP-016 memory-retrieval evidence (ADR-007): the Session Start row "Read memory-index ... memories"
// must name real memories (kebab-case names) that exist in the memories directory. The memory
// names come from the host as the fact "memories" (one per line); "memories.dir" names the folder.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_WARNING, SEV_ERROR } from "../../abi";
import { ChecklistRow } from "../../lib/mdtable";
import { MdCtx, memoryNames, knownMemories, isMemoryPlaceholder } from "./md-log";
import { findIgnoreCase } from "../../lib/text";
import { memoriesDir } from "./qa-scope";

export const SP016 = defineRule("SP-016", SEV_ERROR, check);
function SP016_doc(): RuleDoc {
  return {
    id: "SP-016",
    validator: "session-log",
    title: "Memory evidence",
    description: "The memory-index row names existing memories (not in record mode).",
    messages: {
      memoryIndexEvidenceIs: "Memory-index Evidence is a placeholder: '{{ev}}'; list the memories read",
      memoryIndexEvidenceHas: "Memory-index Evidence has no valid memory names: '{{ev}}' (expected kebab-case names)",
      memoryNamesNotVerified: "Memory names not verified: the list of {{dir}} is unavailable",
      memoriesThatDonT: "Memories that don't exist: {{join}}. Check the names or create the memories in {{dir}}/.",
    },
  };
}

function check(ctx: MdCtx): void {
  if (ctx.record) return; // record mode (./mode.ts): the session's start evidence is not re-judged against today's memories
  const log = ctx.log;
  let row: ChecklistRow | null = null;
  for (let i = 0; i < log.start.length && row === null; i++) {
    const st = log.start[i].step;
    const k = findIgnoreCase(st, "memory-index");
    if (k >= 0 && findIgnoreCase(st, "memories", k) > k) row = log.start[i];
  }
  if (row === null) return;
  const ev = row.evidence;
  if (isMemoryPlaceholder(ev)) {
    ctx.report(ctx.rule, ctx.at(row.line, 0), msg("memoryIndexEvidenceIs").s("ev", ev));
    return;
  }
  const names = memoryNames(ev);
  if (names.length == 0) {
    ctx.report(ctx.rule, ctx.at(row.line, 0), msg("memoryIndexEvidenceHas").s("ev", ev));
    return;
  }
  const dir = memoriesDir(ctx.input);
  const known = knownMemories(ctx.input);
  if (known === null) {
    ctx.reportAs(ctx.rule, SEV_WARNING, ctx.at(row.line, 0), msg("memoryNamesNotVerified").s("dir", dir));
    return;
  }
  const missing: string[] = [];
  for (let i = 0; i < names.length; i++) if (!known.includes(names[i])) missing.push(names[i]);
  if (missing.length > 0) {
    ctx.report(ctx.rule, ctx.at(row.line, 0), msg("memoriesThatDonT").s("join", missing.join(", ")).s("dir", dir));
  }
}
