// --no-exec (and AGENTCHECK_NO_EXEC=1): a mode for CI on untrusted changes in which nothing the
// repository controls is executed. Executable markdownlint configurations (.markdownlint-cli2.cjs /
// .mjs) are not imported and the configured test command is not run; each is reported as a finding
// instead. The CLI sets the flag from --no-exec; the environment variable works for every command.
let flag = false;

/** Turn the no-exec mode on for this process (the CLI's --no-exec). */
export function setNoExec(on: boolean): void {
  flag = on;
}

/** The reason executable content is refused, or undefined when execution is allowed. */
export function execRefusal(): string | undefined {
  if (flag) return "--no-exec";
  const v = process.env.AGENTCHECK_NO_EXEC;
  if (v !== undefined && v !== "" && v !== "0" && v.toLowerCase() !== "false") return "AGENTCHECK_NO_EXEC";
  return undefined;
}
