// markdownlint's version without loading its parser (the cache key needs it on every run).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

let cached: string | undefined;

export function getVersion(): string {
  if (cached) return cached;
  try {
    const req = createRequire(import.meta.url);
    const pkg = join(dirname(dirname(req.resolve("markdownlint"))), "package.json");
    cached = (JSON.parse(readFileSync(pkg, "utf8")) as { version: string }).version;
  } catch {
    cached = "unknown";
  }
  return cached;
}
