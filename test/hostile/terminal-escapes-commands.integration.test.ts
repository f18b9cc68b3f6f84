// Issue 33 item 6: control characters from repository files reached the terminal raw in `sessions
// list`, `task list`, `task resume` and `state show` (ESC, BEL, CR). Every command's text output now
// goes through one escaping (terminalText / terminalSafe, src/terminal.ts): C0 controls, DEL, C1
// controls and bidi controls show as Control Pictures (or U+FFFD); stderr messages are escaped by
// writeErr; JSON on stdout keeps the text exactly, as \uXXXX escapes.
import { describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { git, runCli, tmpDir } from "../helpers.js";
import { validManifest, SPEC_MD } from "../manifest/fixtures.js";
import { terminalSafe, terminalText } from "../../dist/terminal.js";

/** ESC CSI (erase screen), OSC (retitle) ended by BEL, CR, NEL and CSI as C1, RLO and LRI, BS, DEL. */
const HOSTILE = "\u001b[2J\u001b]0;owned\u0007\r\u0085\u009b31m\u202e\u2066evil\u0008\u007f";
/** What must never reach stdout or stderr raw (line feed and tab aside). */
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const SHOWN = terminalSafe(HOSTILE);

function workspace(): string {
  const dir = tmpDir("agentcheck-esc-cmds-");
  git(dir, "init", "-q");
  const id = "2026-02-14_feature-x_a1b2c3";
  const s = join(dir, "agents", "sessions", id);
  mkdirSync(s, { recursive: true });
  writeFileSync(join(s, "state.json"), JSON.stringify({ ...validManifest(id), topic: `T${HOSTILE}` }, null, 2));
  writeFileSync(join(s, "spec.md"), SPEC_MD);
  writeFileSync(join(s, "plan.json"), "{}\n");
  writeFileSync(join(s, "plan.md"), "# Plan\n");
  const data = { phase: `P${HOSTILE}`, status: "in_progress", iteration_count: 1, next_steps: [`S${HOSTILE}`], blockers: [`B${HOSTILE}`], objective: `O${HOSTILE}`, last_output: `L${HOSTILE}` };
  const saved = runCli(["task", "save", "t1", "--data", JSON.stringify(data)], { cwd: dir });
  if (saved.code !== 0) throw new Error(saved.stdout + saved.stderr);
  mkdirSync(join(dir, ".agents"), { recursive: true });
  writeFileSync(join(dir, ".agents", "HANDOFF.md"), `# Handoff\n\n## Session History${HOSTILE}\n\n| Session | Notes |\n|---|---|\n| 1 | n${HOSTILE} |\n`);
  const idx = runCli(["index"], { cwd: dir });
  if (idx.code !== 0) throw new Error(idx.stdout + idx.stderr);
  return dir;
}

/** Each command with text output, and the field of a repository file it prints (hostile there). */
const COMMANDS: { name: string; args: string[]; shows?: string }[] = [
  { name: "sessions list --format text (topic)", args: ["sessions", "list", "--format", "text"], shows: `T${SHOWN}` },
  { name: "task list (phase)", args: ["task", "list"], shows: `P${SHOWN}` },
  { name: "task resume (objective, phase, steps, blockers, output)", args: ["task", "resume", "t1"], shows: `O${SHOWN}` },
  { name: "state show (task phase)", args: ["state", "show"], shows: `P${SHOWN}` },
  { name: "session migrate-handoff --dry-run (stderr summary)", args: ["session", "migrate-handoff", "--dry-run"] },
  // JSON outputs: the same text, escaped by JSON (DEL, C1 and bidi controls too)
  { name: "task load (JSON)", args: ["task", "load", "t1"], shows: "\\u001b[2J\\u001b]0;owned\\u0007\\r\\u0085\\u009b31m\\u202e\\u2066evil\\b\\u007f" },
  { name: "sessions list (JSON)", args: ["sessions", "list"], shows: "\\u0085\\u009b31m\\u202e" },
  { name: "state show --format json", args: ["state", "show", "--format", "json"], shows: "\\u202e\\u2066evil" },
  // stderr: messages quoting an argument
  { name: "state show DIR (stderr names the argument)", args: ["state", "show", `d${HOSTILE}`], shows: `d${SHOWN}` },
  { name: "unknown command (commander's message)", args: [`x${HOSTILE}`] },
];

describe("issue 33 item 6: no control character from the repository reaches the terminal raw", () => {
  const dir = workspace();
  for (const c of COMMANDS) {
    it(c.name, () => {
      const r = runCli(c.args, { cwd: dir });
      const both = r.stdout + r.stderr;
      expect(both.match(RAW), JSON.stringify(both.slice(0, 2000))).toBeNull();
      if (c.shows) expect(both).toContain(c.shows);
    });
  }

  it("terminalSafe / terminalText: Control Pictures for C0 and DEL, U+FFFD for C1 and bidi controls; text keeps its lines", () => {
    expect(terminalSafe("a\u202eb\u2066c\u200fd\u061c")).toBe("a\ufffdb\ufffdc\ufffdd\ufffd");
    expect(terminalText(`x${HOSTILE}\ny\r\n`)).toBe(`x${SHOWN}\ny\u240d\n`);
    expect(terminalText("plain é 😀\ttab\n")).toBe("plain é 😀\ttab\n");
  });
});
