// The mode a session log was judged in, said by every format (issue 36 item 4): a log in progress
// (creation mode) or a committed log edited afterwards (record mode) is not given the full check, and
// a run that passes it must not read as if it had been.
import type { FileResult } from "../report.js";

/** The note for a result judged in a mode other than the full check (data.mode), or undefined. */
export function modeNote(r: FileResult): string | undefined {
  const m = r.data?.mode;
  if (m === "creation") return "judged in creation mode (the log is in progress): rules about the finished log are not run; agentcheck session-log FILE --mode full runs them";
  if (m === "record") return "judged in record mode (a committed log edited afterwards): only the edited parts are checked; agentcheck session-log FILE --mode full checks everything";
  return undefined;
}
