import { Command, Option } from "commander";
import { DEFAULT_MAX_FILE_BYTES } from "../engine.js";
import { FORMATTERS } from "../output.js";
// maxFileBytes lives in output.ts: the lean command paths import it without commander
export { maxFileBytes } from "../output.js";

/** Options every validating command shares. */
export function withOutputOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option("-f, --format <name>", `output format: ${Object.keys(FORMATTERS).join(", ")}`).default("text"))
    .option("-o, --output-file <path>", "write the report to a file instead of stdout")
    .option("--max-warnings <n>", "exit 1 when there are more than n warnings")
    .option("-q, --quiet", "report errors only (text format)")
    .option("--verbose", "text format: list everything (passes, skips, infos, memory-index tables, every finding past the first 200)")
    .option("--color", "force colour")
    .option("--no-color", "disable colour")
    .option("--max-file-size <bytes>", `refuse files larger than this (default ${DEFAULT_MAX_FILE_BYTES})`)
    .option("--now <iso>", "fixed clock for date rules (ISO 8601, UTC); default: the current time")
    .option("--baseline <file>", "hide the findings recorded in this baseline (default: .agentcheck-baseline.json at the repository root, when present)")
    .option("--no-baseline", "report every finding, even those in the baseline")
    .option("--report-unused-disable", "report <!-- agentcheck-disable... --> comments that suppress nothing (AC-010)");
}
