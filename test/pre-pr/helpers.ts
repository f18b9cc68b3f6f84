// Helpers for the pre-pr tests: run one rule family of the core on in-memory documents.
import { executeValidator, type Facts } from "../../dist/engine.js";
import { KIND, PREPR_ROLE } from "../../dist/wasm/abi.js";
import { git, makeRepo, writeTree } from "../helpers.js";

const enc = new TextEncoder();
export const ROLE = PREPR_ROLE;

export interface Hit {
  ruleId: string;
  severity: string;
  file: string;
  line: number;
  column: number;
  message: string;
}

/** One pre-pr family over `docs`; `opts.rules`: the run's rule settings (with its result cache, if any). */
export function family(fam: string, docs: { name: string; role: number; text: string | Uint8Array }[], facts: Facts = {}, opts: Parameters<typeof executeValidator>[3] = {}): Hit[] {
  const out = executeValidator(
    "pre-pr",
    docs.map((d) => ({ file: d.name, kind: KIND.PREPR_FILE, flags: d.role, bytes: typeof d.text === "string" ? enc.encode(d.text) : d.text })),
    { ...facts, family: fam },
    opts,
  );
  if (out.internalErrors.length) throw new Error(out.internalErrors.join("; "));
  return out.results.flatMap((r) => r.findings);
}

export function data(fam: string, docs: { name: string; role: number; text: string }[], facts: Facts = {}): Record<string, string>[] {
  const out = executeValidator(
    "pre-pr",
    docs.map((d) => ({ file: d.name, kind: KIND.PREPR_FILE, flags: d.role, bytes: enc.encode(d.text) })),
    { ...facts, family: fam },
  );
  return out.results.map((r) => r.data ?? {});
}

/** A repository whose main has a README and `base`, on a feature branch that commits `files`. */
export function branchRepo(files: Record<string, string>, base: Record<string, string> = {}): string {
  const dir = makeRepo({ "README.md": "# Project\n", ...base });
  git(dir, "checkout", "-q", "-b", "feature");
  writeTree(dir, files);
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "feature");
  return dir;
}
