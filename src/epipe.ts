/**
 * A closed pipe (`agentcheck ... | head`) ends the output quietly, as for other command-line tools:
 * the stream drops what is left, and the command still runs to its verdict, so the exit code is
 * the same as with a reader that read everything (never process.exit here: the exit code is set
 * only when the command returns).
 */
export function quietEpipe(): void {
  for (const s of [process.stdout, process.stderr]) {
    s.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "EPIPE") return;
      throw e;
    });
  }
}
