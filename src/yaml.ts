// The YAML parser, re-exported through a static import: `yaml` is a CommonJS package, and the bundled
// CLI (scripts/bundle-cli.mjs) can only give named exports of a CommonJS package to a module that
// imports it statically. Load this module lazily (`await import("./yaml.js")`) instead of "yaml".
export { parse, parseDocument } from "yaml";
