// `npm run bench`: runs every benchmark in scripts/bench/*.mjs (sorted) and prints their tables.
// Each bench module exports `async function run(ctx)`; ctx has helpers from ./bench/lib.mjs.
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const dir = join(dirname(fileURLToPath(import.meta.url)), "bench");
const only = process.argv.slice(2);
for (const f of readdirSync(dir).filter((f) => f.endsWith(".mjs") && f !== "lib.mjs").sort()) {
  if (only.length && !only.some((o) => f.includes(o))) continue;
  const mod = await import(pathToFileURL(join(dir, f)).href);
  console.log(`\n## ${f.replace(/\.mjs$/, "")}\n`);
  await mod.run();
}
