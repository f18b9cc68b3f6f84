// The slash-command files CMD-01 reads, chosen the same way by pre-pr (PP-019) and `check --staged`
// (validators.commitChecks.commandSize): `*.md` directly in CMD-01's option `dir`.
import { optionFacts } from "../engine.js";
import type { RuleOptions } from "../run-settings.js";

/** CMD-01's option `dir` in a run (configured, else its declared default), without trailing slashes. */
export function commandsDir(options: RuleOptions | undefined): string {
  return String(optionFacts("pre-pr", options)["option.CMD-01.dir"]).replace(/\/+$/, "");
}

/** The slash-command files among `files`: `*.md` (any case) directly in `dir`, not below it. */
export function selectCommandFiles(files: readonly string[], dir: string): string[] {
  return files.filter((p) => p.startsWith(`${dir}/`) && !p.slice(dir.length + 1).includes("/") && p.toLowerCase().endsWith(".md"));
}
