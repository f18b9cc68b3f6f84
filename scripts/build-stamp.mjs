// Keeps `npm pack` / `npm install` (the `prepare` script) from rebuilding dist/ when it is current.
//   node scripts/build-stamp.mjs check   exit 0 when dist/ was built from exactly these sources
//   node scripts/build-stamp.mjs write   record the sources' hash after a build (end of `npm run build`)
// The hash covers everything the build reads: assembly/, src/, the build scripts, package.json,
// asconfig.json and the tsconfig files. The pre-commit framework installs a hook with `npm install`
// (prepare builds once) and then `npm pack` (prepare finds the stamp and skips the second build).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(fileURLToPath(new URL(".", import.meta.url)), "..");
const stamp = join(root, "dist", ".build-stamp");

function walk(dir, out) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (name === "generated") continue; // build output inside src/wasm
    const st = statSync(p);
    if (st.isDirectory()) walk(p, out);
    else out.push(p);
  }
}

function sourcesHash() {
  const files = [];
  walk(join(root, "assembly"), files);
  walk(join(root, "src"), files);
  // every build script (gen-*, bundle-*, embed-wasm, build-stamp) and their shared helpers in scripts/lib/
  for (const f of readdirSync(join(root, "scripts")).sort()) if (/^(gen-|bundle-|embed-|build-|write-).*\.mjs$/.test(f)) files.push(join(root, "scripts", f));
  walk(join(root, "scripts", "lib"), files);
  for (const f of ["package.json", "asconfig.json", "tsconfig.json", "tsconfig.build.json"]) files.push(join(root, f));
  const h = createHash("sha256");
  for (const f of files) {
    if (!existsSync(f)) continue;
    h.update(relative(root, f)).update("\0").update(readFileSync(f)).update("\0");
  }
  return h.digest("hex");
}

const built = ["dist/index.js", "dist/cli/bin-main.js", "dist/state/gate-hook.cjs", "dist/wasm/generated/agentcheck.wasm", "dist/wasm/generated/agentcheck-gate.wasm", "dist/cli/generated/agentcheck-lean.wasm"].every((f) => existsSync(join(root, f)));
const mode = process.argv[2];
if (mode === "write") {
  writeFileSync(stamp, `${sourcesHash()}\n`);
} else if (mode === "check") {
  const ok = built && existsSync(stamp) && readFileSync(stamp, "utf8").trim() === sourcesHash();
  if (ok) console.error("agentcheck: dist/ is current; not rebuilding");
  process.exit(ok ? 0 : 1);
} else {
  console.error("usage: node scripts/build-stamp.mjs check|write");
  process.exit(2);
}
