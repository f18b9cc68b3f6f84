// The WebAssembly module: its size by section, its largest strings, and what a cold process pays to
// compile and instantiate it (issue 39: module < 512 KB, the 64 KB goal of issue 13 withdrawn;
// instantiate < 2 ms). Each run is a fresh
// `node` process that reads the module beside dist/wasm/ and times `new WebAssembly.Module` and
// `new WebAssembly.Instance` (+ the abi_version call the loader makes) separately; medians of 15.
// `node scripts/bench/wasm-module.mjs <file.wasm>` measures another build of the module.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, median, table } from "./lib.mjs";

const SECTION = ["custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "datacount"];

/** Section sizes (bytes of each section's body) of a module. */
export function sections(bytes) {
  const out = {};
  let p = 8;
  const leb = () => {
    let r = 0;
    let s = 0;
    let x;
    do {
      x = bytes[p++];
      r += (x & 0x7f) * 2 ** s;
      s += 7;
    } while (x & 0x80);
    return r;
  };
  while (p < bytes.length) {
    const id = bytes[p++];
    const size = leb();
    out[SECTION[id] ?? `#${id}`] = (out[SECTION[id] ?? `#${id}`] ?? 0) + size;
    p += size;
  }
  return out;
}

const CHILD = `
const { readFileSync } = require("node:fs");
const bytes = readFileSync(process.argv[1]);
const t0 = performance.now();
const m = new WebAssembly.Module(bytes);
const t1 = performance.now();
const inst = new WebAssembly.Instance(m, { env: { abort() { throw new Error("abort"); } } });
inst.exports.abi_version();
const t2 = performance.now();
process.stdout.write(JSON.stringify([t1 - t0, t2 - t1]));
`;

export async function run(file = join(ROOT, "dist", "wasm", "generated", "agentcheck.wasm")) {
  const bytes = readFileSync(file);
  const s = sections(bytes);
  const compile = [];
  const inst = [];
  for (let i = 0; i < 15; i++) {
    const r = spawnSync(process.execPath, ["-e", CHILD, file], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(r.stderr);
    const [c, n] = JSON.parse(r.stdout);
    compile.push(c);
    inst.push(n);
  }
  table([
    {
      module: `${bytes.length.toLocaleString("en")} bytes`,
      code: s.code,
      data: s.data,
      other: bytes.length - (s.code ?? 0) - (s.data ?? 0),
      "compile ms (median)": median(compile).toFixed(2),
      "instantiate ms (median)": median(inst).toFixed(2),
      target: "< 512 KB; instantiate < 2 ms",
      verdict: `size ${bytes.length < 512 * 1024 ? "met" : "missed"}; instantiate ${median(inst) < 2 ? "met" : "missed"}`,
    },
  ]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run(process.argv[2]);
