// Child process for the concurrency tests: applies updates to one session in a loop through the
// library (argv: notesRoot sessionId count|forever tag).
import { SessionStore } from "../../dist/index.js";

const [root, id, count, tag] = process.argv.slice(2);
const store = new SessionStore({ root, requireTaskForCoding: false, agentNotes: false, lockTimeoutMs: 60_000 });
const n = count === "forever" ? Infinity : Number(count);
for (let i = 0; i < n; i++) {
  await store.update(id, (d) => {
    d.protocolStartEvidence[`${tag}-${i}`] = "x".repeat(200 + (i % 50) * 40);
  });
  if (count === "forever" && i % 5 === 0) process.stdout.write(".");
}
