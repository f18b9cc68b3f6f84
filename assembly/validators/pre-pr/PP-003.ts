// PP-003: Markdown Linting — a row of the pre-pr report. The host runs the check (tools, delegations, rule
// families) and passes what happened as facts; this rule decides the row's status and message (row.ts).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { PrePrCtx } from "./ctx";
import { emit, ownRow, checked, nothing, factStr, findings, PASS } from "./row";

export const PP003 = defineRule("PP-003", SEV_ERROR, check);
function PP003_doc(): RuleDoc {
  return {
    id: "PP-003",
    validator: "pre-pr",
    title: "Markdown Linting",
    description: "The markdown files changed on the branch pass markdownlint with the repository's markdownlint-cli2 configuration (its globs and ignores pick the files); the row fails on an error finding. A file that could not be linted is an error finding of PP-003, never a pass: every file when the configuration is executable and refused (`--no-exec`, untrusted changes), a file whose lint ran past its time bound.",
    messages: {
      configRefused: "not linted: the markdownlint configuration {{config}} is executable and was not run ({{policy}})",
      stopped: "not linted: markdown lint took longer than {{ms}} ms on this file and was stopped",
      nothing: "no markdown files in the repository",
      nothingChanged: "no markdown files changed since {{base}}",
      excluded: "linted 0 of {{targets}} markdown file(s): all excluded by the configuration (config: {{config}})",
      excludedDefaults: "linted 0 of {{targets}} markdown file(s): all excluded by the configuration (markdownlint defaults)",
      linted: "linted {{linted}} of {{targets}} markdown file(s) (config: {{config}}): {{findings}} finding(s)",
      lintedDefaults: "linted {{linted}} of {{targets}} markdown file(s) (markdownlint defaults): {{findings}} finding(s)",
      lintedFixed: "linted {{linted}} of {{targets}} markdown file(s) (config: {{config}}): {{findings}} finding(s); fixed {{fixed}} file(s)",
      lintedDefaultsFixed: "linted {{linted}} of {{targets}} markdown file(s) (markdownlint defaults): {{findings}} finding(s); fixed {{fixed}} file(s)",
      lintedExcluded: "linted {{linted}} of {{targets}} markdown file(s) (config: {{config}}): {{findings}} finding(s); {{count}} excluded by the configuration: {{excluded}}",
      lintedExcludedFixed: "linted {{linted}} of {{targets}} markdown file(s) (config: {{config}}): {{findings}} finding(s); fixed {{fixed}} file(s); {{count}} excluded by the configuration: {{excluded}}",
    },
  };
}

function check(c: PrePrCtx): void {
  const handed = ownRow(c, "findings");
  if (handed !== null) {
    notLinted(handed);
    return;
  }
  const ctx = ownRow(c, "result");
  if (ctx === null) return;
  const input = ctx.input;
  const targets = input.factInt("targets", 0);
  const selected = input.factInt("selected", 0);
  const config = input.factLines("config");
  const cfg = config === null || config.length == 0 ? "" : config.join(", ");
  const fixed = input.factInt("fixed", 0);
  if (targets == 0) emit(ctx, PASS, nothing(ctx));
  else if (selected == 0) checked(ctx, msg(cfg.length > 0 ? "excluded" : "excludedDefaults").i("targets", targets).s("config", cfg));
  else {
    // the files the configuration leaves out are named (issue 36 item 8: "linted 1 of 2" said which one)
    const excluded = input.factLines("excluded");
    const named = excluded !== null && excluded.length > 0 && cfg.length > 0;
    const m = named
      ? (fixed > 0 ? msg("lintedExcludedFixed") : msg("lintedExcluded")).i("count", excluded!.length).s("excluded", firstNames(excluded!))
      : cfg.length > 0 ? (fixed > 0 ? msg("lintedFixed") : msg("linted")) : fixed > 0 ? msg("lintedDefaultsFixed") : msg("lintedDefaults");
    // files the host could not lint (a refused read, a stopped lint, a refused configuration) are
    // this row's error findings, not linted files
    const linted = max<i32>(0, selected - input.factInt("unlinted", 0));
    checked(ctx, m.i("linted", linted).i("targets", targets).s("config", cfg).i("findings", findings(ctx)).i("fixed", fixed));
  }
}

/** The first five names, then "…" when there are more (the count is in the message). */
function firstNames(xs: string[]): string {
  const named: i32 = 5;
  const n = min<i32>(xs.length, named);
  let s = "";
  for (let i = 0; i < n; i++) s += (i > 0 ? ", " : "") + xs[i];
  return xs.length > n ? s + ", …" : s;
}

/**
 * Files the host could not lint (the documents of the call; phase "findings"): every file when an
 * executable markdownlint configuration was refused (facts "config.refused", "policy"), or a file
 * whose lint passed its time bound (facts "stopped", "timeoutMs"). Never a silent pass.
 */
function notLinted(ctx: PrePrCtx): void {
  const input = ctx.input;
  const refused = input.factLines("config.refused");
  const stopped = input.factBool("stopped", false);
  for (let i = 0; i < ctx.docs.length; i++) {
    const d = ctx.docs[i];
    if (refused !== null && refused.length > 0) ctx.report(ctx.rule, loc(d), msg("configRefused").s("config", refused.join(", ")).s("policy", factStr(ctx, "policy")));
    else if (stopped) ctx.report(ctx.rule, loc(d), msg("stopped").i("ms", input.factInt("timeoutMs", 0)));
  }
}
