// The manifest a package carries (issue 36 item 1): `prepare` builds dist/ in a clone and for an install
// from a git URL, but a packed or published package ships dist/ built, so its package.json must not
// keep a `prepare` script (npm warns consumers about install scripts; nothing to build is shipped).
//   node scripts/pack-manifest.mjs strip     (prepack) build dist/ when it is stale, then write package.json
//                                            without scripts.prepare; the original is kept aside
//   node scripts/pack-manifest.mjs restore   (postpack) put the original package.json back
// npm runs prepack before it reads the files to pack and postpack after the tarball is written, so the
// tarball (npm pack, npm publish, a git-URL install, which packs the clone) holds the stripped manifest
// and the clone's package.json is unchanged afterwards. A pack that failed between the two leaves the
// original aside: the next strip or restore puts it back first.
import { execSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(fileURLToPath(new URL(".", import.meta.url)), "..");
const pkg = join(root, "package.json");
const aside = join(root, "node_modules", ".cache", "agentcheck-pack", "package.json");

function restore() {
  if (!existsSync(aside)) return;
  renameSync(aside, pkg);
  rmSync(join(root, "node_modules", ".cache", "agentcheck-pack"), { recursive: true, force: true });
}

const what = process.argv[2];
if (what === "restore") restore();
else if (what === "strip") {
  restore();
  // what `prepare` did at pack time: dist/ built from exactly these sources (the stamp hashes package.json
  // too, so it is checked before the manifest changes)
  try {
    execSync("node scripts/build-stamp.mjs check", { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  } catch {
    execSync("npm run build", { cwd: root, stdio: "inherit" });
  }
  const text = readFileSync(pkg, "utf8");
  const m = JSON.parse(text);
  if (m.scripts) {
    delete m.scripts.prepare;
    delete m.scripts.prepack;
    delete m.scripts.postpack;
  }
  mkdirSync(join(aside, ".."), { recursive: true });
  writeFileSync(aside, text);
  writeFileSync(pkg, JSON.stringify(m, null, 2) + "\n");
} else {
  process.stderr.write("usage: node scripts/pack-manifest.mjs strip|restore\n");
  process.exit(2);
}
