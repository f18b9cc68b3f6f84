// MI-002, MI-003, MI-004 (and MI-108 in the current layout): where index entries point.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MiCtx, Index, R_MISSING, R_TRAVERSAL, R_SYMLINK } from "./ctx";

export const MI002 = defineRule("MI-002", SEV_ERROR);
function MI002_doc(): RuleDoc {
  return {
    id: "MI-002",
    validator: "memory-index",
    title: "Index entry points to a missing file",
    description: "Index entry points to a missing file",
    messages: {
      missingFile: "Missing file: {{md}}",
    },
  };
}
export const MI003 = defineRule("MI-003", SEV_ERROR);
function MI003_doc(): RuleDoc {
  return {
    id: "MI-003",
    validator: "memory-index",
    title: "Index entry uses the deprecated skill- prefix",
    description: "Index entry uses the deprecated skill- prefix",
    messages: {
      indexReferencesDeprecatedSkill: "Index references deprecated 'skill-' prefix: {{md}} (ADR-017 violation)",
    },
  };
}
export const MI004 = defineRule("MI-004", SEV_ERROR);
function MI004_doc(): RuleDoc {
  return {
    id: "MI-004",
    validator: "memory-index",
    title: "Index entry resolves outside the directory",
    description: "Index entry resolves outside the directory",
    messages: {
      pathTraversalDetected: "Path traversal detected: {{md}}",
    },
  };
}
export const MI108 = defineRule("MI-108", SEV_ERROR);
function MI108_doc(): RuleDoc {
  return {
    id: "MI-108",
    validator: "memory-index",
    title: "Symlink in a reference path or index file",
    description: "Symlink in a reference path or index file",
    messages: {
      symlinkedIndexFileIs: "Symlinked index file is not read: {{n}}",
      symlinkInReferencePath: "Symlink in reference path: {{md}}",
      symlinkedIndexFileIs2: "Symlinked index file is not read: {{name}}",
    },
  };
}

/** Check every entry of an index; returns the number of missing files. */
export function checkRefs(ctx: MiCtx, ix: Index): i32 {
  let missing = 0;
  for (let i = 0; i < ix.entries.length; i++) {
    const e = ix.entries[i];
    const r = ctx.resolve(e.name);
    const md = e.name + ".md";
    if (r == R_TRAVERSAL) {
      ctx.report(MI004, ix.doc, e.line, msg("pathTraversalDetected").s("md", md));
      ix.failed = true;
      continue;
    }
    if (r == R_SYMLINK) {
      ctx.report(MI108, ix.doc, e.line, msg("symlinkInReferencePath").s("md", md));
      ix.failed = true;
      continue;
    }
    if (e.name.startsWith("skill-")) {
      ctx.report(MI003, ix.doc, e.line, msg("indexReferencesDeprecatedSkill").s("md", md));
      ix.failed = true;
    }
    if (r == R_MISSING) {
      ctx.report(MI002, ix.doc, e.line, msg("missingFile").s("md", md));
      ix.failed = true;
      missing++;
    }
  }
  return missing;
}
