// Issue 34 item 3: the flags of `check` and `session-log` are declared once (src/flags.ts). commander's
// commands (src/cli.ts) and the lean start path (src/check-cli.ts, no commander) are both made from the
// declaration: the lean path accepts exactly commander's options but the baseline ones, with the same
// defaults, so a flag added to one is in the other.
import { describe, it, expect } from "vitest";
import { buildProgram } from "../../dist/cli.js";
import { CHECK_FLAGS, SESSION_LOG_FLAGS } from "../../dist/check-cli.js";
import { BASELINE_FLAGS, CHECK_OWN_FLAGS, OUTPUT_FLAGS, SESSION_LOG_OWN_FLAGS, flagDefaults } from "../../dist/flags.js";

type Opt = { flags: string; description: string; defaultValue?: unknown };
const commandOptions = (name: string): Opt[] => {
  const cmd = buildProgram().commands.find((c: { name(): string }) => c.name() === name);
  if (!cmd) throw new Error(`no command ${name}`);
  return cmd.options as Opt[];
};
const baseline = new Set(BASELINE_FLAGS.map((f: { flags: string }) => f.flags));

describe("CLI flags declared once (issue 34 item 3)", () => {
  for (const [name, lean, own] of [["check", CHECK_FLAGS, CHECK_OWN_FLAGS], ["session-log", SESSION_LOG_FLAGS, SESSION_LOG_OWN_FLAGS]] as const) {
    it(`FLAGS-01 ${name}: the lean path accepts commander's options but the baseline ones`, () => {
      const full = commandOptions(name).map((o) => o.flags);
      expect(full.filter((f) => !baseline.has(f)).sort()).toEqual([...lean].sort());
      expect(full.filter((f) => baseline.has(f))).toEqual([...baseline]);
    });

    it(`FLAGS-02 ${name}: commander's options are the declarations (flags, help text, defaults)`, () => {
      const decl = [...own, ...OUTPUT_FLAGS, ...BASELINE_FLAGS] as { flags: string; description: string; default?: string }[];
      const opts = commandOptions(name);
      expect(opts.map((o) => o.flags)).toEqual(decl.map((d) => d.flags));
      for (const d of decl) {
        const o = opts.find((x) => x.flags === d.flags)!;
        if (!d.description.includes("{")) expect(o.description, d.flags).toBe(d.description);
        expect(o.defaultValue, d.flags).toBe(d.default);
      }
    });
  }

  it("FLAGS-03 the lean path's defaults are commander's (--format text)", () => {
    expect(flagDefaults(OUTPUT_FLAGS)).toEqual({ format: "text" });
    const fmt = commandOptions("check").find((o) => o.flags.includes("--format"))!;
    expect(fmt.defaultValue).toBe("text");
  });
});
