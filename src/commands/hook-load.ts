// The function that runs a hook of the table (src/commands/hook-commands.ts), imported when it runs.
import type { HookCommand } from "./hook-commands.js";

export async function loadHook(h: HookCommand): Promise<() => Promise<number>> {
  switch (h.module) {
    case "claude":
      return (await import("./claude.js"))[h.fn];
    case "observe-hook":
      return (await import("../state/observe-hook.js"))[h.fn];
    case "pre-compact-hook":
      return (await import("./pre-compact-hook.js"))[h.fn];
  }
}
