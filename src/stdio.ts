// Output without the stream machinery: process.stdout and process.stderr are built on node:stream
// (and node:net for pipes), whose loading costs a lean command about as much as its own work
// (issue 13). The report and messages go to the file descriptors with synchronous writes, as
// process.stdout does for files and pipes on Linux; a pipe somebody made non-blocking is waited
// for, and a closed pipe (`agentcheck ... | head`) drops the rest of that stream's output quietly:
// the run goes on to its verdict, so the exit code (and an internal error's line on stderr) is the
// same as with a reader that read everything.
import { closeSync, fstatSync, statSync, writeSync } from "node:fs";
import { resolve } from "node:path";
import { namedFileRoot, openWriteConfined } from "./fswrite.js";
import { nodeRequire } from "./node-require.js";
import { escapeRawControls, terminalText } from "./terminal.js";

let pause: Int32Array | undefined;

/** Descriptors whose reader went away (EPIPE): what is still to be written to them is dropped. */
const closed = new Set<number>();

/**
 * Text is encoded and written in slices of this many UTF-16 units (no UTF-8 copy of a whole report),
 * small pieces gathered up to one: a slice (64 KB of UTF-16 at most) and its UTF-8 copy stay below
 * V8's large-object size and glibc's mmap threshold, so they are reused as soon as written instead
 * of waiting for a full collection (1 MiB slices took a whole-repository check's peak up: docs/benchmarks.md).
 */
export const WRITE_SLICE = 1 << 15;

/** Bytes of the buffer a formatter's pieces are encoded into (writeAll): a slice's UTF-8 at most, below glibc's mmap threshold. */
const PIECE_BUFFER = 3 * WRITE_SLICE;

/**
 * Buffer#write's native encoder, where Node has it: Buffer#write is node:buffer's JavaScript (with its
 * encoding lookup), compiled on a short run's first report write (issue 39 item 5). The same bytes: at
 * most `buf.length - at`, never part of a character.
 */
const nativeUtf8Write = (Buffer.prototype as unknown as { utf8Write?: (this: Buffer, text: string, offset: number, length: number) => number }).utf8Write;
function encodeAt(buf: Buffer, text: string, at: number): number {
  return typeof nativeUtf8Write === "function" ? nativeUtf8Write.call(buf, text, at, buf.length - at) : buf.write(text, at, "utf8");
}

/**
 * Whether bytes [from, to) of `buf` may hold the UTF-8 of a character escapeRawControls rewrites: DEL
 * (7F), a C1 control (C2 80..C2 9F), U+061C (D8 9C) or a bidi control (E2 80 8E.. E2 81 A9). Their lead
 * bytes are looked for (a native scan each, where the regular expression's test took ten instructions a
 * character of a report); a false alarm costs that test.
 */
function mayHoldRawControl(buf: Buffer, from: number, to: number): boolean {
  const b = buf.subarray(from, to);
  return b.indexOf(0x7f) >= 0 || b.indexOf(0xc2) >= 0 || b.indexOf(0xd8) >= 0 || b.indexOf(0xe2) >= 0;
}

/**
 * `escape`: applied to every piece of an iterable (it changes no surrogate, so where a piece is cut
 * does not matter), only to those whose UTF-8 may need it (mayHoldRawControl).
 */
function writeAll(fd: number, text: string | Iterable<string>, escape?: (s: string) => string): void {
  if (closed.has(fd)) return;
  if (typeof text !== "string") {
    // pieces are encoded one after the other into one buffer, written when full: no joined copy of
    // them (and no flattened copy of a joined piece) before the encoding; a piece longer than a slice
    // goes as text (writeText encodes it without a copy in JavaScript)
    const buf = Buffer.allocUnsafe(PIECE_BUFFER);
    let used = 0;
    let carry = "";
    const flush = () => {
      if (used > 0) writeBytes(fd, buf.subarray(0, used), 0);
      used = 0;
    };
    for (let piece of text) {
      if (carry.length > 0) {
        piece = carry + piece;
        carry = "";
      }
      // a piece may end inside a surrogate pair: its first half waits for the next piece
      if ((piece.charCodeAt(piece.length - 1) & 0xfc00) === 0xd800) {
        carry = piece.slice(-1);
        piece = piece.slice(0, -1);
      }
      if (piece.length > WRITE_SLICE) {
        flush();
        if (!closed.has(fd)) writeAll(fd, escape ? escape(piece) : piece);
      } else {
        if (used + piece.length * 3 > PIECE_BUFFER) flush();
        const at = used;
        used += encodeAt(buf, piece, used);
        if (escape && mayHoldRawControl(buf, at, used)) {
          const escaped = escape(piece);
          if (escaped !== piece) {
            // written again, escaped (longer: it may not fit where the piece did)
            used = at;
            if (escaped.length > WRITE_SLICE) {
              flush();
              if (!closed.has(fd)) writeAll(fd, escaped);
            } else {
              if (used + escaped.length * 3 > PIECE_BUFFER) flush();
              used += encodeAt(buf, escaped, used);
            }
          }
        }
      }
      // nobody reads any more: the formatter's remaining pieces are not even made
      if (closed.has(fd)) return;
    }
    if (carry.length > 0) {
      // a lone high surrogate: nothing escapeRawControls changes
      if (used + 3 > PIECE_BUFFER) flush();
      used += encodeAt(buf, carry, used);
    }
    flush();
    return;
  }
  for (let at = 0; at < text.length && !closed.has(fd); ) {
    let end = Math.min(text.length, at + WRITE_SLICE);
    // never split a surrogate pair between two slices
    if (end < text.length && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end--;
    writeText(fd, at === 0 && end === text.length ? text : text.slice(at, end));
    at = end;
  }
}

/**
 * One slice: the write encodes the string itself (no Buffer per slice); a short write, or a pipe
 * that is not ready (EAGAIN: nothing written), continues with the bytes left (writeBytes).
 */
function writeText(fd: number, text: string): void {
  let n = 0;
  try {
    n = writeSync(fd, text);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EPIPE") {
      closed.add(fd);
      return;
    }
    if (code !== "EAGAIN") throw e;
  }
  const bytes = Buffer.byteLength(text, "utf8");
  if (n < bytes) writeBytes(fd, Buffer.from(text, "utf8"), n);
}

function writeBytes(fd: number, buf: Buffer, from: number): void {
  let off = from;
  let waits = 0;
  while (off < buf.length) {
    try {
      off += writeSync(fd, buf, off, buf.length - off);
      waits = 0;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "EAGAIN" && waits < 60_000) {
        pause ??= new Int32Array(new SharedArrayBuffer(4));
        Atomics.wait(pause, 0, 0, 1);
        waits++;
        continue;
      }
      if (code === "EPIPE") {
        closed.add(fd);
        return;
      }
      throw e;
    }
  }
}

/**
 * Write to standard output (the report; a formatter's pieces are written as they come). C1 and bidi
 * controls that JSON leaves raw are written as `\uXXXX` (escapeRawControls); text outputs have
 * escaped every control character before (terminalText).
 */
export function writeOut(text: string | Iterable<string>): void {
  if (typeof text === "string") writeAll(1, escapeRawControls(text));
  else writeAll(1, text, escapeRawControls);
}

/**
 * Write a report to a file (created or truncated), piece by piece. The file is confined to the
 * repository `root` when its name lies there (else to its own folder): never written through a link out.
 */
export function writeTextFile(path: string, text: string | Iterable<string>, root?: string): void {
  const abs = resolve(path);
  const fd = openWriteConfined(abs, { root: namedFileRoot(abs, root) });
  try {
    writeAll(fd, text);
  } finally {
    closeSync(fd);
  }
}

/**
 * Write to standard error (messages, which quote file names, settings and arguments): every control
 * character but the line feed is shown as its Control Picture (terminalText).
 */
export function writeErr(text: string): void {
  writeAll(2, terminalText(text));
}

/**
 * The progress line on standard error (a terminal): `text` (escaped as writeErr does) over the line,
 * the rest of the line erased; "" clears it. The only control sequences agentcheck writes to stderr.
 */
export function writeErrProgress(text: string): void {
  writeAll(2, `\r${terminalText(text)}\u001b[K`);
}

/** Whether standard output is a terminal (node:tty is loaded only for a character device). */
export function stdoutIsTTY(): boolean {
  return isTerminal(1);
}

/**
 * Whether standard error is a terminal, as stdoutIsTTY: `process.stderr.isTTY` would build the stream
 * (node:net and the streams for a pipe, about 2 ms of a start) for one bit.
 */
export function stderrIsTTY(): boolean {
  return isTerminal(2);
}

function isTerminal(fd: number): boolean {
  let rdev: number;
  try {
    const st = fstatSync(fd);
    if (!st.isCharacterDevice()) return false;
    rdev = st.rdev;
  } catch {
    return false;
  }
  // /dev/null (a script's `>/dev/null`) is a character device and no terminal: node:tty would load
  // node:net and the streams (about 8 M instructions of a start) to say so
  try {
    const nul = statSync("/dev/null");
    if (nul.isCharacterDevice() && nul.rdev === rdev) return false;
  } catch {
    // no /dev/null: node:tty decides
  }
  return (nodeRequire("node:tty") as typeof import("node:tty")).isatty(fd);
}

/** Milliseconds from an arbitrary origin, for durations (performance.now() loads node:perf_hooks). */
export function msNow(): number {
  const [s, ns] = process.hrtime();
  return s * 1e3 + ns / 1e6;
}
