// PP-003: Markdown Linting — a row of the pre-pr report. The host runs the check (tools, delegations, rule
// families) and passes what happened as facts; this rule decides the row's status and message (row.ts).
import { defineRule, msg, RuleCtx, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { emit, ownRow, checked, nothing, findings, PASS } from "./row";

export const PP003 = defineRule("PP-003", SEV_ERROR, check);
function PP003_doc(): RuleDoc {
  return {
    id: "PP-003",
    validator: "pre-pr",
    title: "Markdown Linting",
    description: "The markdown files changed on the branch pass markdownlint with the repository's markdownlint-cli2 configuration (its globs and ignores pick the files); the row fails on an error finding.",
    messages: {
      nothing: "no markdown files in the repository",
      nothingChanged: "no markdown files changed since {{base}}",
      excluded: "linted 0 of {{targets}} markdown file(s): all excluded by the configuration (config: {{config}})",
      excludedDefaults: "linted 0 of {{targets}} markdown file(s): all excluded by the configuration (markdownlint defaults)",
      linted: "linted {{selected}} of {{targets}} markdown file(s) (config: {{config}}): {{findings}} finding(s)",
      lintedDefaults: "linted {{selected}} of {{targets}} markdown file(s) (markdownlint defaults): {{findings}} finding(s)",
      lintedFixed: "linted {{selected}} of {{targets}} markdown file(s) (config: {{config}}): {{findings}} finding(s); fixed {{fixed}} file(s)",
      lintedDefaultsFixed: "linted {{selected}} of {{targets}} markdown file(s) (markdownlint defaults): {{findings}} finding(s); fixed {{fixed}} file(s)",
    },
  };
}

function check(c: RuleCtx): void {
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
    const m = cfg.length > 0 ? (fixed > 0 ? msg("lintedFixed") : msg("linted")) : fixed > 0 ? msg("lintedDefaultsFixed") : msg("lintedDefaults");
    checked(ctx, m.i("selected", selected).i("targets", targets).s("config", cfg).i("findings", findings(ctx)).i("fixed", fixed));
  }
}
