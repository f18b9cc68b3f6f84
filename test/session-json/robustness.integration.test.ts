// JSON parser and regex robustness, CLI exit codes, and the real corpus (no internal errors).
import { describe, it, expect } from "vitest";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { runValidator } from "../../dist/wasm/loader.js";
import { KIND } from "../../dist/wasm/abi.js";
import { runCli, tmpDir, writeTree, CORPUS, HAS_CORPUS } from "../helpers.js";
import { run, validLog, ids, of, errors, item, START_KEYS, END_KEYS } from "./util.js";

const enc = new TextEncoder();

describe("JSON parser (assembly/lib/json.ts)", () => {
  it.each([
    ["{", 1, 2, "Expecting property name"],
    ['{"a": 1,}', 1, 9, "Trailing comma"],
    ["[1, 2", 1, 6, "Expecting ',' delimiter"],
    ["{'a': 1}", 1, 2, "Expecting property name"],
    ['{"a": tru}', 1, 7, "Expecting value"],
    ['{"a": "x\ny"}', 1, 9, "Invalid control character"],
    ['{"a": "\\q"}', 1, 8, "Invalid \\escape"],
    ['{"a": 01}', 1, 7, "Leading zeros"],
    ['{"a": 1} x', 1, 10, "Extra data"],
    ['{"a": "open', 1, 7, "Unterminated string"],
    ["\r\n\r\n  ]", 3, 3, "Expecting value"],
  ])("SP-100: %j => error at %i:%i (%s)", (text, line, col, what) => {
    const f = run(text).findings;
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ id: "SP-100", line, column: col });
    expect(f[0].message).toContain(what);
  });
  // The scanner reads UTF-8 bytes; positions are still UTF-16 columns of the decoded text (é is one
  // unit in two bytes, an emoji two units in four bytes). Expected values are what the earlier
  // UTF-16 parser reported.
  it.each([
    ['{"a": "é😀", x}', 1, 14, "Expecting property name"],
    ['{\n "a": "é",\n "b": "😀😀",\n "c": tru\n}', 4, 7, "Expecting value"],
    ['{"é😀": 1, "a": "é😀', 1, 17, "Unterminated string"],
    ['\ufeff{"é": "\\q"}', 1, 8, "Invalid \\escape"],
  ])("SP-100 after non-ASCII text: %j => error at %i:%i (%s)", (text, line, col, what) => {
    const f = run(text).findings;
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ id: "SP-100", line, column: col });
    expect(f[0].message).toContain(what);
  });
  // Strings are scanned 16 bytes at a time until a quote, backslash, control or non-ASCII byte:
  // the special byte at every offset around one and two 16-byte blocks must give the same position.
  it("SP-100: a control byte, a bad escape or non-ASCII text at every offset of a long string keeps its UTF-16 column", () => {
    for (let k = 0; k <= 40; k++) {
      const x = "x".repeat(k);
      const at = (text: string) => run(text).findings.map((f) => [f.id, f.line, f.column]);
      expect(at(`{"a": "${x}\u0001y"}`)).toEqual([["SP-100", 1, 8 + k]]);
      expect(at(`{"a": "${x}\\q${x}"}`)).toEqual([["SP-100", 1, 8 + k]]);
      expect(at(`{"a": "${"é".repeat(k)}${x}\\q"}`)).toEqual([["SP-100", 1, 8 + 2 * k]]);
      expect(at(`{"a": "${"😀".repeat(k)}é${x}", x}`)).toEqual([["SP-100", 1, 12 + 3 * k]]);
      expect(at(`{"b": 1, "a": "${x}é${x}`)).toEqual([["SP-100", 1, 15]]);
      // white space (also skipped 16 bytes at a time): indentation of every length, tabs, CRLF
      const sp = " ".repeat(k);
      expect(at(`{\n${sp}"a": tru}`)).toEqual([["SP-100", 2, k + 6]]);
      expect(at(`{\r\n${sp}\t${sp}"a": 1,${sp}\r\n${sp}\n${sp}"b": tru}`)).toEqual([["SP-100", 4, k + 6]]);
    }
  });
  it("SP-102: positions and key lookups after long strings with escapes and non-ASCII text (schema compiled once)", () => {
    const schema = JSON.stringify({
      required: ["b", "é"],
      properties: { b: { type: "string" }, "é": { type: "integer", minimum: 2 } },
      patternProperties: { "^p[0-9]+$": { type: "boolean" } },
      additionalProperties: false,
    });
    const long = "\\n" + "x".repeat(20) + "é" + "y".repeat(17) + "\\u00e9" + "z".repeat(16);
    const text = `{"s": "${long}",\n "b": "${long}", "\\u00e9": 1, "p1": "no", "p22": true, "q": 0}`;
    const f = of(run(text, { schema }).findings, "SP-102").map((x) => [x.line, x.column, x.message]);
    const line2 = text.split("\n")[1];
    // sorted by path: (root), then "p1" before "é" (UTF-16 order)
    expect(f).toEqual([
      [1, 1, "Schema: (root): additional properties are not allowed ('s', 'q' unexpected)"],
      [2, line2.indexOf('"no"') + 1, "Schema: p1: 'no' is not of type 'boolean'"],
      [2, line2.indexOf(": 1,") + 3, "Schema: é: 1 is less than the minimum of 2"],
    ]);
  });
  // The core encodes message values straight into the result buffer, sized for ASCII and grown when
  // non-ASCII text needs more bytes: many long non-ASCII values must come back whole.
  it("SP-111: long non-ASCII evidence in many findings comes back whole (result buffer grown)", () => {
    const log = validLog();
    const text = (k: string) => `skipped ${k} 😀é ` + "漢字かな".repeat(60); // 3 UTF-8 bytes per unit
    const keys = [...START_KEYS, ...END_KEYS.filter((k) => k !== "qaValidation")];
    for (const k of START_KEYS) log.protocolCompliance.sessionStart[k] = item(true, text(k));
    for (const k of END_KEYS) if (k !== "qaValidation") log.protocolCompliance.sessionEnd[k] = item(true, text(k));
    const f = of(run(JSON.stringify(log)).findings, "SP-111");
    expect(f).toHaveLength(keys.length);
    for (let i = 0; i < f.length; i++) {
      const ev = text(keys[i]);
      const shown = ev.length > 200 ? ev.substring(0, 197) + "..." : ev;
      const section = i < START_KEYS.length ? "sessionStart" : "sessionEnd";
      expect(f[i].message).toContain(`${section}.${keys[i]} is complete but evidence suggests otherwise: '${shown}'`);
    }
  });
  it("SP-102 positions count UTF-16 units after non-ASCII strings", () => {
    const schema = JSON.stringify({ properties: { b: { type: "string" } } });
    const f = of(run('{"a": "😀😀",\n "é": 0, "b": 1}', { schema }).findings, "SP-102");
    expect(f.map((x) => [x.line, x.column, x.message])).toEqual([[2, 15, "Schema: b: 1 is not of type 'string'"]]);
  });
  it("SP-102 finds keys written with escapes, and duplicate keys (also through escapes) keep the last value", () => {
    const schema = JSON.stringify({ properties: { b: { type: "string" }, "é": { type: "string" } } });
    const msgs = (text: string) => of(run(text, { schema }).findings, "SP-102").map((f) => f.message);
    expect(msgs('{"\\u0062": 1}')).toEqual(["Schema: b: 1 is not of type 'string'"]);
    expect(msgs('{"\\u00e9": 1}')).toEqual(["Schema: é: 1 is not of type 'string'"]);
    expect(msgs('{"b": 1, "b": "x"}')).toEqual([]);
    expect(msgs('{"b": "x", "\\u0062": 2}')).toEqual(["Schema: b: 2 is not of type 'string'"]);
    expect(msgs('{"é": "x", "é": 3}')).toEqual(["Schema: é: 3 is not of type 'string'"]);
  });
  it("SP-102 required: a member counts whether its key is written plainly, with escapes or in UTF-8", () => {
    const schema = JSON.stringify({ required: ["b", "é"] });
    const msgs = (text: string) => of(run(text, { schema }).findings, "SP-102").map((f) => f.message);
    expect(msgs('{"b": 1, "é": 2}')).toEqual([]);
    expect(msgs('{"\\u0062": 1, "\\u00e9": 2}')).toEqual([]);
    expect(msgs('{"bb": 1, "e": 2}')).toEqual(["Schema: (root): 'b' is a required property", "Schema: (root): 'é' is a required property"]);
    expect(msgs('{"b": 1, "b": 2}')).toEqual(["Schema: (root): 'é' is a required property"]);
    // duplicate keys (one plain, one escaped): presence, whichever occurrence answers it
    expect(msgs('{"\\u00e9": 1, "b": 2, "é": 3, "\\u0062": 4}')).toEqual([]);
    expect(msgs('{"x": {"b": 1, "b": 2}, "b": 1, "b": 2}')).toEqual(["Schema: (root): 'é' is a required property"]);
  });
  it("accepts escapes, unicode, numbers with exponents and a BOM", () => {
    const l = validLog();
    l.session.objective = "tab\t \"quoted\" \u00e9 \ud83d\ude00 /";
    l.extra = [1e3, -0.5, 2E-2, 0, true, false, null];
    const text = "\ufeff" + JSON.stringify(l).replace("\\t", "\\u0009");
    expect(errors(run(text).findings)).toEqual([]);
  });
  it("deep nesting is a syntax error, never a crash (100 000 levels)", () => {
    for (const open of ["[", '{"a":']) {
      const text = `{"x": ${open.repeat(100000)}`;
      const f = run(text).findings;
      expect(f).toHaveLength(1);
      expect(f[0].id).toBe("SP-100");
      expect(f[0].message).toContain("Nesting deeper than 128 levels");
    }
    const ok = '{"x": ' + "[".repeat(120) + "]".repeat(120) + "}";
    expect(ids(run(ok).findings)).not.toContain("SP-100");
  });
  it("a large object with duplicate keys (indexed path) keeps the last value", () => {
    const keys = Array.from({ length: 40 }, (_, i) => `"k${i}": ${i}`).join(", ");
    const text = `{${keys}, "k3": "dup"}`;
    const schema = JSON.stringify({ properties: { k3: { type: "string" }, k4: { type: "string" } } });
    const msgs = of(run(text, { schema }).findings, "SP-102").map((f) => f.message);
    expect(msgs).toEqual(["Schema: k4: 4 is not of type 'string'"]);
  });
  it("property: random text and random JSON-ish input never abort", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.json({ maxDepth: 6 }), fc.uint8Array({ maxLength: 200 })), (x) => {
        const bytes = typeof x === "string" ? enc.encode(x) : x;
        const r = runValidator("session-log", [
          { name: "session.schema", kind: KIND.FACT, bytes: enc.encode(typeof x === "string" ? x : "{}") },
          { name: "2026-01-01-session-1.json", kind: KIND.SESSION_JSON, bytes },
        ]);
        expect(r.docStatus).toHaveLength(2);
      }),
      { numRuns: 300 },
    );
  });
});

describe("schema patterns (assembly/lib/regex.ts)", () => {
  const matches = (pattern: string, value: string) =>
    of(run({ v: value }, { schema: JSON.stringify({ properties: { v: { pattern } } }) }).findings, "SP-102").length === 0;
  it.each([
    ["^[0-9]+\\.[0-9]+$", "1.0", true], ["^[0-9]+\\.[0-9]+$", "1x0", false], ["^[0-9]+\\.[0-9]+$", "1.0\n", false], // $ is the end of the value (JSON Schema), not also before a final newline (issue 33)
    ["^([0-9a-f]{7,40})?$", "", true], ["^([0-9a-f]{7,40})?$", "abc1234", true], ["^([0-9a-f]{7,40})?$", "abc12", false],
    ["^[a-zA-Z]+$", "handoffRead", true], ["^[a-zA-Z]+$", "handoff_read", false], ["session", "my-session-x", true],
    ["^(feat|fix)/\\w+$", "fix/abc_1", true], ["^(feat|fix)/\\w+$", "docs/x", false], ["^a(b|c)*d$", "abcbcd", true],
    ["^\\d{4}-\\d{2}$", "2026-01", true], ["^[^x]+$", "abc", true], ["^[^x]+$", "axc", false], ["\\bword\\b", "a word.", true],
  ])("pattern %s on %j => %s", (p, v, ok) => expect(matches(p, v)).toBe(ok));
  it("a catastrophic pattern runs out of budget: AC-904 (internal limit), not a mismatch (issue 18)", () => {
    const f = run({ v: "a".repeat(40) }, { schema: JSON.stringify({ properties: { v: { pattern: "^(a*)*b$" } } }) }).findings;
    expect(of(f, "SP-102")).toEqual([]);
    expect(of(f, "AC-904").length).toBe(1);
  });
});

describe("CLI", () => {
  function ws(log: unknown): string {
    const dir = tmpDir();
    writeTree(dir, { ".agents/sessions/2026-01-05-session-42.json": typeof log === "string" ? log : JSON.stringify(log) });
    return dir;
  }
  const cli = (dir: string) => runCli(["session-log", "--now", "2026-01-06T12:00:00Z"], { cwd: dir });
  it("TC-427 / TC-456 / TC-469: valid log => exit 0", () => {
    const r = runCli(["session-log", "--now", "2026-01-06T12:00:00Z", "-f", "json"], { cwd: ws(validLog()) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).results[0].verdict).toBe("pass");
  });
  it("TC-428 / TC-456 / TC-470: invalid log, unparsable log, schema violation => exit 1", () => {
    const l = validLog();
    l.protocolCompliance.sessionStart.handoffRead.complete = false;
    const r = runCli(["session-log", "--now", "2026-01-06T12:00:00Z", "-f", "json"], { cwd: ws(l) });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).results[0].verdict).toBe("fail");
    expect(cli(ws("{oops")).code).toBe(1);
    const s = validLog();
    s.session.number = "x";
    expect(cli(ws(s)).code).toBe(1);
  });
  it("TC-459: non-object root => exit 1, not 2", () => {
    expect(cli(ws("[1,2,3]")).code).toBe(1);
  });
  it("TC-431: --help shows usage and exits 0", () => {
    const r = runCli(["session-log", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("--mode");
  });
  // assembly/lib/json.ts serves short ASCII strings from a 512-entry table keyed by a hash of their
  // bytes: 2,000 distinct values of 1-24 bytes (most slots shared by several) must each come back whole.
  it("SP-102: 2,000 short values (shared slots of the short-string table) are each quoted exactly", () => {
    for (let i = 0; i < 2000; i++) {
      const v = (`v${i}-` + "abcdefghijklmnopqrstuvwx").slice(0, 1 + (i % 24));
      const l = validLog();
      l.session.date = v;
      l.session.branch = `b${(i * 7919) % 2000}`; // decoded in the same log, fills other slots
      const f = run(JSON.stringify(l)).findings.filter((x) => x.id === "SP-102");
      expect(f.map((x) => x.message)).toEqual([`Schema: session.date: '${v}' does not match '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`]);
    }
  });
  it("TC-445: a repository schema that cannot be read => error 'cannot load', protocol rules still run", () => {
    const dir = ws(validLog());
    writeTree(dir, { ".agents/schemas/session-log.schema.json/x": "" }); // a directory where the file should be
    const r = runCli(["session-log", "--now", "2026-01-06T12:00:00Z", "-f", "json"], { cwd: dir });
    const f = JSON.parse(r.stdout).results[0].findings;
    expect(f.find((x: any) => x.ruleId === "SP-102").message).toMatch(/^Schema: cannot load \.agents\/schemas\/session-log\.schema\.json, schema layer skipped: EISDIR/);
  });
  it("a repository schema is used instead of the built-in one", () => {
    const l = validLog();
    delete l.nextSteps;
    const dir = ws(l);
    expect(cli(dir).code).toBe(1); // built-in schema requires nextSteps
    writeTree(dir, { ".agents/schemas/session-log.schema.json": JSON.stringify({ type: "object" }) });
    const r = runCli(["session-log", "--now", "2026-01-06T12:00:00Z", "-f", "json"], { cwd: dir });
    const got = JSON.parse(r.stdout).results[0].findings.map((x: any) => x.ruleId);
    expect(got).not.toContain("SP-102");
    expect(got).toContain("SP-118");
  });
});

describe.skipIf(!HAS_CORPUS)("real corpus (ai-agents-efa406e9a)", () => {
  const root = join(CORPUS, "ai-agents-efa406e9a");
  it("TC-432 / TC-498: every .json and .md log validates without an internal error (exit 0 or 1, never 2)", () => {
    const r = runCli(["session-log", "--now", "2026-02-11T00:00:00Z", "-f", "json"], { cwd: root });
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    const names = readdirSync(join(root, ".agents", "sessions")).filter((n) => /\.(json|md)$/i.test(n));
    expect(out.results).toHaveLength(names.length);
    expect(out.results.flatMap((x: any) => x.findings).filter((f: any) => f.ruleId === "AC-902")).toEqual([]);
    const json = out.results.filter((x: any) => x.file.endsWith(".json"));
    expect(json.length).toBe(names.filter((n) => n.endsWith(".json")).length);
    expect(json.every((x: any) => x.data?.mode === "full")).toBe(true); // not a git repository
  });
  it("TC-494 (corpus): in record mode most historical logs pass", () => {
    const r = runCli(["session-log", "--mode", "record", "--now", "2026-02-11T00:00:00Z", "-f", "json"], { cwd: root });
    const json = JSON.parse(r.stdout).results.filter((x: any) => x.file.endsWith(".json"));
    const pass = json.filter((x: any) => x.verdict === "pass").length;
    expect(pass).toBeGreaterThan(json.length * 0.8);
  });
});

if (!HAS_CORPUS) console.log("session-json: corpus not found, corpus tests skipped");

describe("structured fuzz", () => {
  it("property: logs with arbitrary values in every position the rules read never abort, in every mode", () => {
    const any = fc.jsonValue({ maxDepth: 3 });
    const itemArb = fc.oneof(any, fc.record({ level: fc.oneof(fc.constantFrom("MUST", "SHOULD", "MUST NOT", "MUST_NOT", "BLOCKED", ""), any), complete: any, Evidence: fc.oneof(fc.string(), any) }, { requiredKeys: [] }));
    const section = fc.dictionary(fc.constantFrom("handoffRead", "notOnMain", "branchVerified", "qaValidation", "changesCommitted", "startingCommitNoted", "handoffNotUpdated", "handoffPreserved", "x"), itemArb);
    const log = fc.record({
      session: fc.oneof(any, fc.record({ number: any, date: fc.oneof(fc.constantFrom("2026-01-05", "2099-12-31", "2026-02-30"), any), branch: any, startingCommit: fc.oneof(fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 7, maxLength: 12 }), any), objective: any }, { requiredKeys: [] })),
      protocolCompliance: fc.oneof(any, fc.record({ sessionStart: fc.oneof(section, any), sessionEnd: fc.oneof(section, any) }, { requiredKeys: [] })),
      endingCommit: fc.oneof(fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 7, maxLength: 12 }), any),
      nextSteps: any,
      episodeMetrics: any,
    }, { requiredKeys: [] });
    fc.assert(
      fc.property(log, fc.constantFrom("full", "creation", "record", "both") as fc.Arbitrary<"full" | "creation" | "record" | "both">, (l, mode) => {
        const r = run(l, { mode, facts: { "git.available": "1", "git.diff.abcdef1..abcdef2": "a.md" } });
        expect(r.status).toBe("checked");
      }),
      { numRuns: 400 },
    );
  });
});
