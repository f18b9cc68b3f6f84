#!/usr/bin/env node
// Lists the UTF-16 strings that the WebAssembly module carries in its data section (AssemblyScript
// static String objects: a 20-byte header whose runtime id is 2 and whose size field is the byte
// length, then the UTF-16 code units). Used to make the inventory of English left in the module
// (issue #12 item 1) and by test/wasm/no-english.test.ts.
//
//   node scripts/module-strings.mjs [build/agentcheck.wasm] [--json]
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const STRING_RT_ID = 2;

function readLeb(buf, pos) {
  let result = 0;
  let shift = 0;
  for (;;) {
    const b = buf[pos++];
    result += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if ((b & 0x80) === 0) return [result, pos];
  }
}

/** Data segments of a wasm binary: [{ offset, bytes }] (offset = the i32.const memory address). */
export function dataSegments(buf) {
  if (buf.readUInt32LE(0) !== 0x6d736100) throw new Error("not a WebAssembly module");
  let pos = 8;
  const segments = [];
  while (pos < buf.length) {
    const id = buf[pos++];
    let size;
    [size, pos] = readLeb(buf, pos);
    const end = pos + size;
    if (id === 11) {
      let count;
      let p = pos;
      [count, p] = readLeb(buf, p);
      for (let i = 0; i < count; i++) {
        let flags;
        [flags, p] = readLeb(buf, p);
        let offset = 0;
        if (flags === 0 || flags === 2) {
          if (flags === 2) [, p] = readLeb(buf, p);
          if (buf[p] !== 0x41) throw new Error("unsupported data segment offset expression");
          // i32.const signed LEB
          let r = 0;
          let shift = 0;
          let b;
          p++;
          do {
            b = buf[p++];
            r |= (b & 0x7f) << shift;
            shift += 7;
          } while (b & 0x80);
          offset = r;
          if (buf[p++] !== 0x0b) throw new Error("unsupported data segment offset expression");
        }
        let len;
        [len, p] = readLeb(buf, p);
        segments.push({ offset, bytes: buf.subarray(p, p + len) });
        p += len;
      }
    }
    pos = end;
  }
  return segments;
}

/** Every static string of the module, in memory order: [{ address, text }]. Binaryen splits the
 * static data into many segments and drops zero runs, so the memory image is rebuilt first. */
export function moduleStrings(buf) {
  const segments = dataSegments(buf);
  const end = segments.reduce((m, s) => Math.max(m, s.offset + s.bytes.length), 0);
  const mem = Buffer.alloc(end + 4);
  for (const s of segments) mem.set(s.bytes, s.offset);
  const out = [];
  // Object payloads are 16-byte aligned; the header (mmInfo, gcInfo, gcInfo2, rtId, rtSize) precedes them.
  for (let p = 32; p <= end; p += 16) {
    const rtId = mem.readUInt32LE(p - 8);
    const rtSize = mem.readUInt32LE(p - 4);
    if (rtId !== STRING_RT_ID || rtSize % 2 !== 0 || p + rtSize > mem.length) continue;
    const mmInfo = mem.readUInt32LE(p - 20);
    if (mmInfo < rtSize) continue;
    out.push({ address: p, text: mem.subarray(p, p + rtSize).toString("utf16le") });
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const json = args.includes("--json");
  const file = args.find((a) => !a.startsWith("--")) ?? "build/agentcheck.wasm";
  const strings = moduleStrings(readFileSync(file));
  if (json) process.stdout.write(JSON.stringify(strings.map((s) => s.text), null, 1) + "\n");
  else for (const s of strings) process.stdout.write(JSON.stringify(s.text) + "\n");
}
