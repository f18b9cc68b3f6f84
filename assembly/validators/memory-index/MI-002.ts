// MI-002: an index entry must name an existing memory file.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MiCtx, R_MISSING } from "./ctx";

export const MI002 = defineRule("MI-002", SEV_ERROR, check);
function MI002_doc(): RuleDoc {
  return {
    id: "MI-002",
    validator: "memory-index",
    title: "Index entry points to a missing file",
    description: "A row of a domain index names a memory file (`<name>`, resolved as `<name>.md` below the memory directory, subfolders allowed) that does not exist as a regular file. Each such row counts once in the summary's `missing_files`, duplicates included. Entries that leave the directory are MI-004 instead, entries through a symlink in the current layout MI-108.",
    messages: {
      missingFile: "Missing file: {{md}}",
    },
  };
}

function check(ctx: MiCtx): void {
  const ix = ctx.index();
  if (ix === null) return;
  for (let i = 0; i < ix.entries.length; i++) {
    const e = ix.entries[i];
    if (ctx.resolved(e) == R_MISSING) ctx.report(ctx.rule, loc(ix.doc, e.line), msg("missingFile").s("md", e.name + ".md"));
  }
}
