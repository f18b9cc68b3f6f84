// The lean CommonJS bundle's stand-in for src/node-require.ts (scripts/bundle-cli.mjs swaps it in):
// the bundle's own require, so node:module is never loaded. Never imported by ES module code.
export const nodeRequire: NodeJS.Require = require;
