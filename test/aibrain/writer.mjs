// Child process for the crash-safety test: saves checkpoints of one task in a loop (100 KB body) until killed.
import { pathToFileURL } from "node:url";
const [, , distIndex, root, task] = process.argv;
const { CheckpointStore } = await import(pathToFileURL(distIndex).href);
const s = new CheckpointStore({ root, project: "crash" });
const body = "x".repeat(100 * 1024) + "\n";
let i = 0;
try {
  i = s.load(task).data.iteration_count;
} catch {
  /* first run */
}
process.stdout.write("ready\n");
for (;;) {
  i++;
  await s.save(task, { iteration_count: i, phase: "loop", status: "in_progress", marker: `iteration-${i}` }, `## Iteration ${i}\n\n${body}`);
}
