// Bundles the command-line entry (src/bin-main.ts) with esbuild into dist/cli/: ES modules with code
// splitting, so each lazily imported command is its own chunk and a command loads only what it uses
// (commander, zod, markdownlint stay out of the paths that do not need them). One file
// per module graph instead of hundreds of small ones in node_modules makes start-up cheaper.
// Run by `npm run build:ts` after tsc; copies the WASM module next to the chunks.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outdir = join(root, "dist", "cli");
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  // md-worker: the markdown lint worker thread (src/prepr/markdown.ts starts it from beside its chunk)
  entryPoints: { "bin-main": join(root, "src", "bin-main.ts"), "md-worker": join(root, "src", "prepr", "md-worker.ts") },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  // prefer a package's ES module build (jsonc-parser ships UMD as "main", ESM as "module")
  mainFields: ["module", "main"],
  target: "node20",
  // CommonJS dependencies bundled into ES modules need a require()
  banner: { js: 'import { createRequire as __acCreateRequire } from "node:module"; const require = __acCreateRequire(import.meta.url);' },
  chunkNames: "c-[hash]",
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
  // optional or heavy peers that a command loads only on demand stay outside the bundle
  external: ["inngest", "better-sqlite3", "sql.js", "node-sqlite3-wasm", "fsevents"],
  // src/config-file.ts imports jsonc-parser's parser module directly (the gate bundle keeps it small);
  // its UMD build requires its siblings through the factory's argument, which a bundler cannot follow,
  // so the bundle takes the same module from the package's ES build
  plugins: [
    {
      name: "jsonc-parser-esm",
      setup(b) {
        b.onResolve({ filter: /^jsonc-parser\/lib\/umd\/impl\/parser\.js$/ }, () => ({
          path: join(root, "node_modules", "jsonc-parser", "lib", "esm", "impl", "parser.js"),
        }));
      },
    },
  ],
});
// Note: a CommonJS package imported dynamically becomes a chunk with only a default export, so the
// importer's named imports would be undefined: import such packages through a static re-export
// (src/yaml.ts). The pre-pr tests run the bundled CLI on YAML configurations.
mkdirSync(join(outdir, "generated"), { recursive: true });
copyFileSync(join(root, "src", "wasm", "generated", "agentcheck.wasm"), join(outdir, "generated", "agentcheck.wasm"));
mkdirSync(join(root, "dist", "wasm", "generated"), { recursive: true });
copyFileSync(join(root, "src", "wasm", "generated", "agentcheck.wasm"), join(root, "dist", "wasm", "generated", "agentcheck.wasm"));
const files = Object.keys(result.metafile.outputs).length;
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(`bundled the CLI into ${files} files in dist/cli (${bytes} bytes)`);
