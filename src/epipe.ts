/** A closed pipe (`agentcheck ... | head`) ends the output quietly, as for other command-line tools. */
export function quietEpipe(): void {
  for (const s of [process.stdout, process.stderr]) {
    s.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
      throw e;
    });
  }
}
