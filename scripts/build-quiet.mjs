// `prepare` (npm install / npm ci of a clone, an install from a git URL): `npm run build` with its
// output kept and printed only when it fails, so an install says one line about the build instead of
// the generators' progress (issue 36 item 6). `npm run build` itself stays talkative.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const started = process.hrtime.bigint();
const p = spawn("npm run build", { cwd: root, shell: true, stdio: ["ignore", "pipe", "pipe"] });
const out = [];
p.stdout.on("data", (b) => out.push(b));
p.stderr.on("data", (b) => out.push(b));
p.on("error", (e) => {
  process.stderr.write(`agentcheck: build failed to start: ${e.message}\n`);
  process.exit(1);
});
p.on("exit", (code, signal) => {
  if (code === 0) {
    const s = Number(process.hrtime.bigint() - started) / 1e9;
    process.stderr.write(`agentcheck: built dist/ and the WebAssembly core (${s.toFixed(0)} s; \`npm run build\` shows each step)\n`);
    return;
  }
  process.stderr.write(Buffer.concat(out));
  process.stderr.write(`agentcheck: the build failed (${signal ?? `exit ${code}`}): the output above says why\n`);
  process.exit(code ?? 1);
});
