// Standard input of the hook gate without `process.stdin`: that getter loads node:net, node:tty and
// the stream modules for a pipe (about fifty built-in modules compiled on every start), the largest
// part of the gate's time beyond `node -e 0` (issue 39 item 3). Descriptor 0 is read
// asynchronously (libuv's thread pool), so the gate's deadline timer still fires while a writer
// holds stdin open; output goes through src/stdio.ts (synchronous writes, no stream either).
import { fstatSync, read } from "node:fs";

/** How far the reading of standard input got (the gate's deadline looks at it). */
export interface StdinProgress {
  bytes: number;
  ended: boolean;
}

/** True when descriptor 0 is a terminal or another character device (no hook input: a person ran the command). */
export function stdinIsDevice(): boolean {
  return fstatSync(0).isCharacterDevice();
}

/**
 * Read descriptor 0 chunk by chunk until `take(chunk)` returns true (the caller has what it needs),
 * the end of input, or a read error (rejects). A descriptor another process left non-blocking
 * (EAGAIN) is polled every few milliseconds. Each chunk is a fresh buffer the caller may keep.
 */
export function readStdinChunks(take: (chunk: Buffer) => boolean, progress: StdinProgress): Promise<void> {
  return new Promise((resolve, reject) => {
    let size = 64 * 1024;
    const next = (): void => {
      const buf = Buffer.allocUnsafe(size);
      read(0, buf, 0, buf.length, null, (err, n) => {
        if (err) {
          if (err.code === "EAGAIN") setTimeout(next, 5);
          else reject(err);
          return;
        }
        if (n === 0) {
          progress.ended = true;
          resolve();
          return;
        }
        progress.bytes += n;
        if (take(buf.subarray(0, n))) {
          resolve();
          return;
        }
        // a large hook input (a Write of a big file) in fewer, larger reads
        size = 1024 * 1024;
        next();
      });
    };
    next();
  });
}
