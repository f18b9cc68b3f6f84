// Standard input read at once, synchronously, where that can never block: the hook input of the
// Claude Code hooks (the gate, src/state/gate.ts; PostToolUse, PreCompact, Stop, SessionStart,
// SessionEnd, src/hook-input.ts). process.stdin loads node:tty, node:net and the streams (about 5 ms
// of CPU on every tool call, issue 39 item 3); a hook runner has usually written the whole input and
// closed it before the hook is up, so one read to its end does it. Lean: node:fs only.
import { closeSync, constants as fsConstants, fstatSync, openSync, readSync } from "node:fs";

/** The largest single read (bytes). */
const READ_BYTES = 1024 * 1024;

/** What readStdinNow read: the whole input, the input over the cap (what was read), or a read error. */
export type StdinNow = { kind: "whole"; bytes: Buffer } | { kind: "over"; bytes: Buffer } | { kind: "unreadable"; message: string };

/**
 * Descriptor 0, a socket, made non-blocking without process.stdin, so it can be read synchronously
 * and never waits (EAGAIN: its writer holds it open). A hook runner written in Node (Claude Code)
 * gives its hook a socket (libuv's stdio pipes are socket pairs). libuv's own pipe handle does it
 * (uv_pipe_open sets O_NONBLOCK, as process.stdin's handle would), and closing the handle leaves the
 * descriptor open (libuv never closes 0-2); Node puts the descriptor's flags back at exit, as it does
 * after process.stdin. process.binding warns (DEP0111) unless deprecations are silenced: silenced
 * for this one call, the user's setting kept. False when anything about it fails (the caller's
 * stream reads the input, as before).
 */
function nonBlockingStdin(): boolean {
  const proc = process as unknown as { binding(name: string): { Pipe: new (type: number) => { open(fd: number): void; close(): void }; constants: { SOCKET: number } }; noDeprecation?: boolean };
  const had = Object.prototype.hasOwnProperty.call(proc, "noDeprecation");
  const before = proc.noDeprecation;
  try {
    if (before !== true) proc.noDeprecation = true;
    const { Pipe, constants } = proc.binding("pipe_wrap");
    const handle = new Pipe(constants.SOCKET);
    handle.open(0);
    handle.close();
    return true;
  } catch {
    return false;
  } finally {
    try {
      if (before !== true) {
        if (had) proc.noDeprecation = before;
        else delete proc.noDeprecation;
      }
    } catch {
      // left as the user's settings made it
    }
  }
}

/**
 * Standard input read at once, synchronously, where that can never block: a regular file; on Linux
 * a pipe, opened again through /proc/self/fd/0 without blocking (a new open file description:
 * descriptor 0 itself stays blocking, and a read of it is never left pending); a socket, made
 * non-blocking (nonBlockingStdin). Input whose writer has written everything and closed it, as a hook
 * runner does before the hook is up, is read to its end here. Undefined otherwise (a terminal,
 * anything else, or a pipe or socket that ran dry while its writer holds it open: then `chunks` holds
 * what was read, and the caller's stream reads the rest, under its deadline). Over `maxBytes` it
 * stops reading ("over"). A read error is "unreadable".
 */
export function readStdinNow(chunks: Buffer[], maxBytes: number): StdinNow | undefined {
  let fd = -1;
  let own = false;
  try {
    const st = fstatSync(0);
    if (st.isFile()) fd = 0;
    else if (st.isFIFO() && process.platform === "linux") {
      try {
        fd = openSync("/proc/self/fd/0", fsConstants.O_RDONLY | fsConstants.O_NONBLOCK);
      } catch {
        return undefined; // no /proc: the stream reads it
      }
      own = true;
    } else if (st.isSocket() && nonBlockingStdin()) fd = 0;
    else return undefined;
    // read into one buffer while it holds the input (the usual hook input is one read): no copy of
    // each read and no concatenation, whose node:buffer helpers would be compiled on every call
    let scratch = Buffer.allocUnsafe(READ_BYTES);
    let at = 0;
    let size = 0;
    const read = (): Buffer => (chunks.length === 0 ? scratch.subarray(0, at) : Buffer.concat([...chunks, scratch.subarray(0, at)]));
    for (;;) {
      if (at === scratch.length) {
        chunks.push(scratch);
        scratch = Buffer.allocUnsafe(READ_BYTES);
        at = 0;
      }
      let n: number;
      try {
        n = readSync(fd, scratch, at, scratch.length - at, null);
      } catch (e) {
        if ((e as NodeJS.ErrnoException)?.code === "EAGAIN") {
          if (at > 0) chunks.push(scratch.subarray(0, at)); // what was read, for the stream to go on from
          return undefined; // the writer holds it open: the stream reads on
        }
        throw e;
      }
      if (n === 0) return { kind: "whole", bytes: read() };
      size += n;
      if (size > maxBytes) return { kind: "over", bytes: read() };
      at += n;
    }
  } catch (e) {
    return { kind: "unreadable", message: (e as Error)?.message ?? String(e) };
  } finally {
    if (own) closeSync(fd);
  }
}
