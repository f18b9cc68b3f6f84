// The hook input of the Claude Code hooks that must never hang or act on input they did not read whole
// (PostToolUse, PreCompact, Stop, SessionStart, SessionEnd; issue 40 item 3): the JSON object on stdin, read under a size cap and a
// deadline, decoded as strict UTF-8, nested no deeper than a bound. Anything else is a reason the hook
// records nothing (the hook still exits 0: PostToolUse and PreCompact cannot undo anything). Lean: node
// built-ins only.
import { newScanState, scanEnd } from "./json-scan.js";
import { readStdinNow } from "./stdin-now.js";

/** How long a hook waits for its input to end (Claude Code writes it and closes stdin at once). */
export const HOOK_INPUT_DEADLINE_MS = 5000;
/** Largest input read by the hooks whose input is a few small fields (PreCompact, Stop, SessionStart, SessionEnd: a session id, a transcript path, a source or trigger, the user's instructions). */
export const SMALL_HOOK_MAX_INPUT_BYTES = 1024 * 1024;
/** Deepest nesting of arrays and objects a hook input may have (Claude Code's are a few levels deep). */
export const HOOK_INPUT_MAX_DEPTH = 256;

export type HookInput = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/**
 * The deepest nesting of arrays and objects of the JSON value at the start of `buf` (nothing after its
 * end counts: JSON.parse refuses trailing text anyway; a value that is not an object or array is 0).
 */
export function jsonDepth(buf: Buffer): number {
  const st = newScanState();
  scanEnd(buf, st);
  return st.maxDepth;
}

/** The parsed hook input, or why there is none (pure: bytes in). */
export function parseHookInput(bytes: Buffer): HookInput {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, error: "hook input is not UTF-8" };
  }
  if (text.trim() === "") return { ok: true, value: {} };
  const depth = jsonDepth(bytes);
  if (depth > HOOK_INPUT_MAX_DEPTH) return { ok: false, error: `hook input is nested deeper than ${HOOK_INPUT_MAX_DEPTH} levels` };
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `hook input is not JSON (${(e as Error).message})` };
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return { ok: false, error: "hook input is not a JSON object" };
  return { ok: true, value: v as Record<string, unknown> };
}

/** The refusal of input over `maxBytes`. */
function overCap(maxBytes: number): HookInput {
  return { ok: false, error: `hook input is over ${maxBytes >= 1048576 ? `${maxBytes / 1048576} MiB` : `${maxBytes} bytes`}` };
}

/**
 * Read the hook input: until stdin ends, at most `maxBytes`, at most `deadlineMs` (a FIFO whose writer
 * holds it open, a terminal). Never throws; stdin is destroyed once answered, so nothing keeps the
 * process alive. Input its writer has written and closed (a file, a pipe, a socket: src/stdin-now.ts)
 * is read at once, without process.stdin (node:net and the streams: about 5 ms of CPU on every tool
 * call); what is still arriving goes on through the stream, from what was read.
 */
export function readHookStdin(maxBytes: number, deadlineMs = HOOK_INPUT_DEADLINE_MS): Promise<HookInput> {
  return new Promise((resolve) => {
    try {
      // never a terminal: readStdinNow reads a file, a pipe or a socket, nothing else
      const chunks: Buffer[] = [];
      const now = readStdinNow(chunks, maxBytes);
      if (now !== undefined) {
        if (now.kind === "whole") return resolve(parseHookInput(now.bytes));
        if (now.kind === "over") return resolve(overCap(maxBytes));
        return resolve({ ok: false, error: `hook input could not be read (${now.message})` });
      }
      // process.stdin (node:tty, node:net and the streams) only here; fd 0 is a terminal exactly when
      // it is a tty.ReadStream (never read: no node:tty loaded to ask isatty first)
      const stdin = process.stdin;
      if (stdin.isTTY === true) return resolve({ ok: false, error: "no hook input (stdin is a terminal)" });
      let size = chunks.reduce((n, c) => n + c.length, 0);
      let done = false;
      const finish = (r: () => HookInput): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        stdin.removeAllListeners("data");
        stdin.destroy();
        resolve(r());
      };
      const timer = setTimeout(() => finish(() => ({ ok: false, error: `hook input did not end within ${deadlineMs / 1000} s` })), deadlineMs);
      stdin.on("data", (c: Buffer | string) => {
        const b = typeof c === "string" ? Buffer.from(c) : c;
        size += b.length;
        if (size > maxBytes) return finish(() => overCap(maxBytes));
        chunks.push(b);
      });
      stdin.on("end", () => finish(() => parseHookInput(Buffer.concat(chunks))));
      stdin.on("error", (e) => finish(() => ({ ok: false, error: `hook input could not be read (${e.message})` })));
    } catch (e) {
      resolve({ ok: false, error: `hook input could not be read (${(e as Error)?.message ?? String(e)})` });
    }
  });
}
