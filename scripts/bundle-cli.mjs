// Bundles the command-line entry (src/bin-main.ts) with esbuild into dist/cli/: ES modules with code
// splitting, so each lazily imported command is its own chunk and a command loads only what it uses
// (commander, zod, markdownlint stay out of the paths that do not need them). One file
// per module graph instead of hundreds of small ones in node_modules makes start-up cheaper.
// Run by `npm run build:ts` after tsc; copies the WASM module next to the chunks.
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// the package version the CommonJS bundles report (src/version.ts __AGENTCHECK_VERSION__)
const PACKAGE = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
if (PACKAGE.name !== "agentcheck" || typeof PACKAGE.version !== "string") throw new Error("bundle-cli: package.json is not agentcheck's (name, version)");
const PACKAGE_VERSION = PACKAGE.version;
const outdir = join(root, "dist", "cli");
// src/config-file.ts imports jsonc-parser's parser module directly (the gate bundle keeps it small);
// its UMD build requires its siblings through the factory's argument, which a bundler cannot follow,
// so the bundles take the same module from the package's ES build
const jsoncEsm = {
  name: "jsonc-parser-esm",
  setup(b) {
    b.onResolve({ filter: /^jsonc-parser\/lib\/umd\/impl\/parser\.js$/ }, () => ({
      path: join(root, "node_modules", "jsonc-parser", "lib", "esm", "impl", "parser.js"),
    }));
  },
};
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
  plugins: [jsoncEsm],
});
// Modules the lean commands would import only dynamically and only in rare cases stay out of lean.cjs:
// they load from tsc's ES module output in dist/ (stateless modules, so a second instance is harmless).
// A configuration file is checked by the lean validator (src/config-validate.ts, against the schema
// rendered at build time, with the rule and check ids), no longer by zod. The commit hook's markdown
// lint (validators.commitChecks.markdownLint) loads markdownlint's host side only when markdown is staged.
const LEAN_LAZY = ["prepr/staged-markdown.ts"];
const leanExternals = {
  name: "lean-externals",
  setup(b) {
    // the bundle's own require instead of node:module's createRequire (src/node-require.ts)
    b.onResolve({ filter: /\/node-require\.js$/ }, () => ({ path: join(root, "src", "node-require-cjs.ts") }));
    b.onResolve({ filter: /^\./ }, (a) => {
      if (a.kind !== "dynamic-import") return undefined;
      const abs = join(a.resolveDir, a.path).replace(/\.js$/, ".ts");
      const rel = abs.slice(join(root, "src").length + 1);
      if (!LEAN_LAZY.includes(rel)) return undefined;
      return { path: `../${rel.replace(/\.ts$/, ".js").split("\\").join("/")}`, external: true };
    });
  },
};
// node:child_process and node:os in the CommonJS bundles: stand-ins whose exports load the real
// module on first use. Loading child_process costs a start about 4 ms of CPU (it brings net, dgram and
// the streams), node:os about 2.2 M instructions, and most runs of these bundles use neither: `check
// --only memory-index,consistency,traceability` (as a hook runs it) and the lean commands ask git
// nothing and make no scratch file (issue 39 item 5). esbuild reads an imported binding at each call
// (`(0, import_x.spawnSync)(...)`), so the getters are reached then.
const LAZY_BUILTINS = {};
for (const name of ["child_process", "os"]) {
  LAZY_BUILTINS[name] = Object.keys(await import(`node:${name}`)).filter((k) => k !== "default" && /^[A-Za-z_$][\w$]*$/.test(k));
}
const lazyChildProcess = {
  name: "lazy-builtins",
  setup(b) {
    // the stand-in's own require is the real module's
    b.onResolve({ filter: /^(node:)?(child_process|os)$/ }, (a) => {
      const name = a.path.replace(/^node:/, "");
      return a.namespace === "lazy-builtin" ? { path: `node:${name}`, external: true } : { path: name, namespace: "lazy-builtin" };
    });
    b.onLoad({ filter: /.*/, namespace: "lazy-builtin" }, (a) => ({
      loader: "js",
      contents: [
        "let real;",
        `const load = () => real ?? (real = require("node:${a.path}"));`,
        `module.exports = { ${LAZY_BUILTINS[a.path].map((k) => `get ${k}() { return load().${k}; }`).join(", ")} };`,
      ].join("\n"),
    }));
  },
};
/**
 * `text` with every character outside ASCII written as a \u escape (as scripts/bundle-gate.mjs does for
 * the gate's bundle). esbuild escapes them in strings, templates, regular expressions and names (its
 * ASCII charset) but keeps comments as they are, and one such character makes Node decode the whole
 * bundle into a two-byte string on every run (check.cjs: 832 KB, for an em dash in a comment). In a
 * comment the escape changes nothing.
 */
function asciiOnly(text) {
  return text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

// The lean commands (src/lean-cli.ts: consistency, traceability, memory-index without commander) as
// one CommonJS file, dist/cli/lean.cjs, that bin/agentcheck.js requires before anything else: no ES
// module graph to resolve and link (each ES module costs a resolve, an asynchronous read and a link
// step at start-up), one compile. import.meta.url becomes the bundle's own file URL and
// __AGENTCHECK_WASM_DIR__ / __AGENTCHECK_BUNDLE_DIR__ its folder (it sits beside the chunks, so the
// module file and package.json are found as from them).
/** One CommonJS bundle of `entry` at dist/cli/<name>.cjs (see lean.cjs above). */
async function cjsBundle(entry, name, defines = {}) {
  const out = await build({
    entryPoints: [join(root, "src", entry)],
    outfile: join(outdir, `${name}.cjs`),
    write: false,
    bundle: true,
    format: "cjs",
    platform: "node",
    mainFields: ["module", "main"],
    target: "node20",
    // the core's module file and package.json are read by their paths (the bundle's folder; src/wasm/
    // instance.ts, src/version.ts) and import.meta.url is made only if asked for: node:url's code cost
    // every short run about 2 M instructions (issue 39 item 5)
    // and the package version is the build's (src/version.ts __AGENTCHECK_VERSION__): not read at every run
    define: { "import.meta.url": "__acMeta.url", __AGENTCHECK_WASM_DIR__: "__dirname", __AGENTCHECK_BUNDLE_DIR__: "__dirname", __AGENTCHECK_VERSION__: JSON.stringify(PACKAGE_VERSION), ...defines },
    banner: { js: 'const __acMeta = { get url() { return require("node:url").pathToFileURL(__filename).href; } };' },
    legalComments: "none",
    logLevel: "warning",
    metafile: true,
    external: ["inngest", "better-sqlite3", "sql.js", "node-sqlite3-wasm", "fsevents"],
    plugins: [jsoncEsm, leanExternals, lazyChildProcess],
  });
  // The first line names the bundle's content hash: bin/agentcheck.js keys its V8 code cache of the
  // bundle by it (a rebuilt bundle never meets an old cache)
  // Its few dynamic imports (the LEAN_LAZY modules) go through the launcher's import function when the
  // launcher compiled the bundle itself (bin/code-cache.cjs loadCached: code compiled by node:vm has no
  // import() of its own), through import() otherwise
  let text = out.outputFiles[0].text;
  let dynamic = 0;
  text = text.replace(/\bimport\(("\.\.\/[^"]+")\)/g, (_, spec) => {
    dynamic++;
    return `(globalThis.__agentcheckImport ?? ((s) => import(s)))(${spec})`;
  });
  if (dynamic > LEAN_LAZY.length || /\bimport\(\s*[^s)]/.test(text.replace(/\(s\) => import\(s\)/g, ""))) {
    throw new Error(`bundle-cli: ${name}.cjs has unexpected dynamic imports (${dynamic} rewritten)`);
  }
  text = asciiOnly(text);
  writeFileSync(join(outdir, `${name}.cjs`), `// agentcheck-bundle ${createHash("sha256").update(text).digest("hex").slice(0, 32)}\n${text}`);
  return { dynamic, inputs: Object.keys(out.metafile.inputs), bytes: text.length };
}
// lean.cjs runs memory-index, consistency and traceability only: the core's build of those three
// (assembly/lean.ts, agentcheck-lean.wasm; src/wasm/instance.ts __AGENTCHECK_LEAN_CORE__)
const lean = await cjsBundle("lean-cli.ts", "lean", { __AGENTCHECK_LEAN_CORE__: "true" });
// the lean commands import none of the LEAN_LAZY modules; `check` the staged markdown lint
if (lean.dynamic !== 0) throw new Error(`bundle-cli: lean.cjs has unexpected dynamic imports (${lean.dynamic} rewritten)`);
// `check` (src/check-cli.ts) the same way, a bundle of its own: the commit hook runs `check --staged`
// (issue 13), and the lean commands' bundle stays as small as it was
const check = await cjsBundle("check-cli.ts", "check");
if (check.dynamic !== 1) throw new Error(`bundle-cli: check.cjs should import prepr/staged-markdown.js from dist/ (${check.dynamic} rewritten)`);
// (no zod: the manifest validator takes its schema text from src/wasm/generated/manifest-schema.ts; zod
// was about 800 KB of the bundle's 1.2 MB, read and compiled from the code cache by every `check --staged`)
if (check.inputs.some((f) => /node_modules\/(commander|markdownlint|zod)\//.test(f))) throw new Error("bundle-cli: check.cjs must not contain commander, markdownlint or zod");
// the PostToolUse hook (src/state/observe-hook.ts) the same way: it runs after every tool call
const observe = await cjsBundle(join("state", "observe-hook.ts"), "observe");
if (observe.dynamic !== 0 || observe.inputs.some((f) => /node_modules\/(commander|markdownlint|zod)\//.test(f))) throw new Error("bundle-cli: observe.cjs must have no dynamic imports and no commander, markdownlint or zod");
// the Stop, SessionStart and SessionEnd hooks (src/hooks-cli.ts) the same way: Stop runs at every turn's end (issue 39)
const hooks = await cjsBundle("hooks-cli.ts", "hooks");
if (hooks.dynamic !== 0 || hooks.inputs.some((f) => /node_modules\/(commander|markdownlint|zod)\//.test(f))) throw new Error("bundle-cli: hooks.cjs must have no dynamic imports and no commander, markdownlint or zod");
// Note: a CommonJS package imported dynamically becomes a chunk with only a default export, so the
// importer's named imports would be undefined: import such packages through a static re-export
// (src/yaml.ts). The pre-pr tests run the bundled CLI on YAML configurations.
// the markdown lint worker as one CommonJS file too, run by its loader with a V8 code cache
// (src/prepr/md-worker-load.cjs; src/prepr/markdown.ts starts the loader when it is beside its chunk)
const mdWorker = await cjsBundle(join("prepr", "md-worker.ts"), "md-worker");
if (mdWorker.dynamic !== 0) throw new Error("bundle-cli: md-worker.cjs has dynamic imports");
copyFileSync(join(root, "src", "prepr", "md-worker-load.cjs"), join(outdir, "md-worker-load.cjs"));
mkdirSync(join(outdir, "generated"), { recursive: true });
copyFileSync(join(root, "src", "wasm", "generated", "agentcheck.wasm"), join(outdir, "generated", "agentcheck.wasm"));
copyFileSync(join(root, "src", "wasm", "generated", "agentcheck-lean.wasm"), join(outdir, "generated", "agentcheck-lean.wasm"));
mkdirSync(join(root, "dist", "wasm", "generated"), { recursive: true });
copyFileSync(join(root, "src", "wasm", "generated", "agentcheck.wasm"), join(root, "dist", "wasm", "generated", "agentcheck.wasm"));
copyFileSync(join(root, "src", "wasm", "generated", "agentcheck-lean.wasm"), join(root, "dist", "wasm", "generated", "agentcheck-lean.wasm"));
// the launcher's V8 code cache of lean.cjs is written beside it at run time: never packed
writeFileSync(join(outdir, ".npmignore"), "*.v8cache\n*.tmp\n");
const files = Object.keys(result.metafile.outputs).length;
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(`bundled the CLI into ${files} files in dist/cli (${bytes} bytes)`);
