import { readFileSync } from "node:fs";

let cached: string | undefined;
/** The package version, from the package.json above this module (dist/ or dist/cli/). */
export function version(): string {
  if (cached) return cached;
  for (const rel of ["../package.json", "../../package.json"]) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), "utf8")) as { name?: string; version?: string };
      if (pkg.name === "agentcheck") return (cached = String(pkg.version));
    } catch {
      // try the next level
    }
  }
  return (cached = "0.0.0");
}
