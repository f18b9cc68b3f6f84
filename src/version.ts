import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Set by scripts/bundle-cli.mjs in its CommonJS bundles only: the bundle's folder as a path (a file URL
 * costs node:url's code, about 2 M instructions of a short run; issue 39 item 5). Everywhere else
 * undefined: import.meta.url.
 */
declare const __AGENTCHECK_BUNDLE_DIR__: string | undefined;

/**
 * Set by scripts/bundle-cli.mjs in its CommonJS bundles only: package.json's version when the bundle
 * was built (the build stamp covers package.json: a changed version rebuilds them). Reading and parsing
 * package.json at every run cost a short run about 0.5 M instructions (issue 39 item 5). Everywhere
 * else undefined: the file is read.
 */
declare const __AGENTCHECK_VERSION__: string | undefined;

let cached: string | undefined;
/** The package version, from the package.json above this module (dist/ or dist/cli/). */
export function version(): string {
  if (typeof __AGENTCHECK_VERSION__ === "string") return __AGENTCHECK_VERSION__;
  if (cached) return cached;
  for (const rel of ["../package.json", "../../package.json"]) {
    try {
      const file = typeof __AGENTCHECK_BUNDLE_DIR__ === "string" ? join(__AGENTCHECK_BUNDLE_DIR__, rel) : new URL(rel, import.meta.url);
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (pkg.name === "agentcheck") return (cached = String(pkg.version));
    } catch {
      // try the next level
    }
  }
  return (cached = "0.0.0");
}
