// require() for the ES module builds (tsc's output in dist/, the CLI chunks in dist/cli/): through
// node:module. The lean CommonJS bundle (dist/cli/lean.cjs, scripts/bundle-cli.mjs) takes
// src/node-require-cjs.ts instead, which hands out the bundle's own require: node:module loads
// Node's ES module loader, which a lean command does not otherwise need (issue 13).
import { createRequire } from "node:module";

// pure: a bundle that never calls it (the hook gate, for src/stdio.ts) leaves node:module out
export const nodeRequire: NodeJS.Require = /* @__PURE__ */ createRequire(import.meta.url);
