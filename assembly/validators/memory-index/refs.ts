// MI-002, MI-003, MI-004 (and MI-108 in the current layout): where index entries point.
import { defineRule } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MiCtx, Index, R_MISSING, R_TRAVERSAL, R_SYMLINK } from "./ctx";

export const MI002 = defineRule("MI-002", "memory-index", SEV_ERROR, "Index entry points to a missing file", "Index entry points to a missing file");
export const MI003 = defineRule("MI-003", "memory-index", SEV_ERROR, "Index entry uses the deprecated skill- prefix", "Index entry uses the deprecated skill- prefix");
export const MI004 = defineRule("MI-004", "memory-index", SEV_ERROR, "Index entry resolves outside the directory", "Index entry resolves outside the directory");
export const MI108 = defineRule("MI-108", "memory-index", SEV_ERROR, "Symlink in a reference path or index file", "Symlink in a reference path or index file");

/** Check every entry of an index; returns the number of missing files. */
export function checkRefs(ctx: MiCtx, ix: Index): i32 {
  let missing = 0;
  for (let i = 0; i < ix.entries.length; i++) {
    const e = ix.entries[i];
    const r = ctx.resolve(e.name);
    const md = e.name + ".md";
    if (r == R_TRAVERSAL) {
      ctx.report(MI004, ix.doc, e.line, "Path traversal detected: " + md);
      ix.failed = true;
      continue;
    }
    if (r == R_SYMLINK) {
      ctx.report(MI108, ix.doc, e.line, "Symlink in reference path: " + md);
      ix.failed = true;
      continue;
    }
    if (e.name.startsWith("skill-")) {
      ctx.report(MI003, ix.doc, e.line, "Index references deprecated 'skill-' prefix: " + md + " (ADR-017 violation)");
      ix.failed = true;
    }
    if (r == R_MISSING) {
      ctx.report(MI002, ix.doc, e.line, "Missing file: " + md);
      ix.failed = true;
      missing++;
    }
  }
  return missing;
}
