// The workflow and YAML files of a list of paths, as the core selects them (pre-pr family "select"),
// and the YAML parser's first error of each workflow (the fact WFS-01 reports): shared by pre-pr
// (PP-004/005/009/010) and the commit hook's checks (src/validators/commit-checks.ts).
import type { CoreCache } from "../core-cache.js";
import { executeValidator } from "../engine.js";
import { InternalError } from "../report.js";
import { DEFAULT_RULE_SETTINGS } from "../run-settings.js";
import { PREPR_ROLE as ROLE } from "../wasm/abi.js";
import { decodeList, encodeList } from "../wasm/list.js";

export interface Selection {
  workflows: string[];
  actions: string[];
  yaml: string[];
}

/** `cache`: the run's result cache (pre-pr's), if any; the selection takes no rule settings. */
export function selectWorkflowFiles(files: string[], cache?: CoreCache): Selection {
  const out = executeValidator("pre-pr", [], { family: "select", files }, cache ? { rules: { ...DEFAULT_RULE_SETTINGS, cache } } : {});
  if (out.internalErrors.length > 0) throw new InternalError(`internal error: ${out.internalErrors.join("; ")}`);
  const list = (k: string) => (out.global[k] === undefined ? [] : decodeList(out.global[k]));
  return { workflows: list("workflows"), actions: list("actions"), yaml: list("yaml") };
}

/** Workflows and actions with their document role, sorted by path. */
export function workflowDocs(s: Selection): { rel: string; role: number }[] {
  return [...s.workflows.map((rel) => ({ rel, role: ROLE.workflow })), ...s.actions.map((rel) => ({ rel, role: ROLE.action }))].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}

/** The fact "yamlErrors" of family wfs: file, line, first line of the message, for each file that does not parse (`read` undefined: skipped, reported elsewhere). */
export async function yamlErrors(files: string[], read: (rel: string) => string | undefined): Promise<string[]> {
  const { parseDocument } = await import("../yaml.js");
  const out: string[] = [];
  for (const rel of files) {
    const text = read(rel);
    if (text === undefined) continue;
    const err = parseDocument(text, { uniqueKeys: false }).errors[0];
    if (err) out.push(encodeList([rel, String(err.linePos?.[0]?.line ?? 0), err.message.split("\n")[0]]));
  }
  return out;
}
