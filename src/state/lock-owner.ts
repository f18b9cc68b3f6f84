// Who owns a lock file or a temp file: a pid alone is no identity, pids are reused. A lock records its
// owner's pid and, where /proc exists (Linux), the owner's process identity: the boot id and the
// process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat), which no other
// process of the same boot shares with it. The owner of a record is gone when its pid is dead, or when
// the process now holding that pid is another one: its identity differs from the recorded one, or it
// started after the record was made (a process cannot have made a file before it existed: this also
// judges records without an identity, temp files by their time, and locks of older versions).
// Without /proc (macOS, Windows) a live pid counts as the owner, as before.
// Reads only /proc (pseudo-files of the kernel, never the repository). The hook gate imports this
// module: no heavy imports.
import { readFileSync } from "node:fs";

/** Allowance between the clock a record's time was taken with and the start time derived from /proc (btime has 1 s resolution). */
const CLOCK_SLACK_MS = 2000;
/** USER_HZ: the unit of /proc/<pid>/stat's start time, 100 on every Linux architecture (the kernel ABI). */
const TICKS_PER_SECOND = 100;

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, "latin1");
  } catch {
    return undefined;
  }
}

let boot: { id: string; btimeMs: number } | null | undefined;
function bootInfo(): { id: string; btimeMs: number } | undefined {
  if (boot === undefined) {
    const id = readProc("/proc/sys/kernel/random/boot_id")?.trim();
    const btime = /^btime (\d+)$/m.exec(readProc("/proc/stat") ?? "");
    boot = id && btime ? { id, btimeMs: Number(btime[1]) * 1000 } : null;
  }
  return boot ?? undefined;
}

/** The start time of a live process in clock ticks since boot, from /proc; undefined without /proc or when it is gone. */
function startTicks(pid: number): number | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, the fields after its last ")" do not
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const t = Number(fields[19]); // field 22 (starttime); fields[0] is field 3 (state)
  return Number.isSafeInteger(t) && t >= 0 ? t : undefined;
}

/** A process's identity (`<boot id>:<start ticks>`), or undefined without /proc. */
export function processIdentity(pid: number): string | undefined {
  const b = bootInfo();
  const t = startTicks(pid);
  return b && t !== undefined ? `${b.id}:${t}` : undefined;
}

let self: string | null | undefined;
/** This process's identity (recorded in the locks it takes), or undefined without /proc. */
export function selfIdentity(): string | undefined {
  if (self === undefined) self = processIdentity(process.pid) ?? null;
  return self ?? undefined;
}

export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether the owner of a record of this host is gone: its pid is dead, or the live process with that
 * pid is another process than the one that made the record. `identity` is the recorded owner identity
 * (processIdentity), `madeAtMs` when the record was made (a lock's acquiredAt, a temp file's mtime).
 */
export function ownerGone(pid: number, o: { identity?: unknown; madeAtMs?: number } = {}): boolean {
  if (!pidAlive(pid)) return true;
  const b = bootInfo();
  const t = startTicks(pid);
  if (!b || t === undefined) return false; // no /proc: a live pid is the owner
  if (typeof o.identity === "string" && o.identity !== "") return o.identity !== `${b.id}:${t}`;
  const startedMs = b.btimeMs + (t * 1000) / TICKS_PER_SECOND;
  return o.madeAtMs !== undefined && Number.isFinite(o.madeAtMs) && startedMs > o.madeAtMs + CLOCK_SLACK_MS;
}
