// SHA-256 in hex with node:crypto loaded on first use: loading node:crypto costs about as much as
// the rest of a lean command's start-up (issue 13), and most runs never hash anything (baseline
// fingerprints, SARIF fingerprints).
import { nodeRequire } from "./node-require.js";

let crypto: typeof import("node:crypto") | undefined;

export function sha256Hex(data: string): string {
  crypto ??= nodeRequire("node:crypto") as typeof import("node:crypto");
  return crypto.createHash("sha256").update(data).digest("hex");
}
