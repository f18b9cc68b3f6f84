import { Command, Option } from "commander";
import { DEFAULT_MAX_FILE_BYTES } from "../engine.js";
import { FORMATTERS } from "../output.js";
import { BASELINE_FLAGS, OUTPUT_FLAGS, type FlagDecl } from "../flags.js";

/** Options every validating command shares (declared in src/flags.ts, with the lean path's). */
export function withOutputOptions(cmd: Command): Command {
  const fill = (text: string) => text.replace("{formats}", Object.keys(FORMATTERS).join(", ")).replace("{maxFileBytes}", String(DEFAULT_MAX_FILE_BYTES));
  for (const d of [...OUTPUT_FLAGS, ...BASELINE_FLAGS]) {
    const opt = new Option(d.flags, fill(d.description));
    cmd.addOption(d.default === undefined ? opt : opt.default(d.default));
  }
  return cmd;
}

/** A command's own options from their declaration (src/flags.ts). */
export function withFlags(cmd: Command, flags: readonly FlagDecl[]): Command {
  for (const d of flags) cmd.addOption(d.default === undefined ? new Option(d.flags, d.description) : new Option(d.flags, d.description).default(d.default));
  return cmd;
}
