// `pre-pr` with simple options, without commander (issue 39 item 4: a cached run on an unchanged
// branch should cost little more than its git questions; commander and the whole program's
// definitions were about a third of the ES module code such a run compiled). src/bin-main.ts tries
// this first; arguments that need the full CLI (help, an unknown or malformed option, a positional
// argument) give undefined, and commander handles them with its own behaviour and messages.
import { leanParse, leanRun } from "../lean.js";
import { PRE_PR_FLAGS, flagDefaults, flagStrings } from "../flags.js";

/** Run `pre-pr`'s arguments (after the command name) on the lean path, or undefined for the full CLI. */
export async function runPrePrLean(args: string[]): Promise<number | undefined> {
  const o = leanParse(args, flagStrings(PRE_PR_FLAGS));
  if (!o) return undefined;
  return leanRun(async () => {
    if (o.exec === false) (await import("../exec-policy.js")).setNoExec(true);
    const { runPrePrCommand } = await import("./pre-pr.js");
    // commander's defaults: the declared ones, and true for a --no-x option not given
    return runPrePrCommand({ ...flagDefaults(PRE_PR_FLAGS), cache: true, ...o });
  });
}
