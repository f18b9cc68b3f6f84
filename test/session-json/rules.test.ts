// JSON session-log rules driven through the WASM core with facts (spec §11.15, §11.16).
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BUILTIN_SESSION_SCHEMA } from "../../dist/validators/session-json-schema.js";
import { CORPUS, HAS_CORPUS } from "../helpers.js";
import { run, validLog, item, ids, errors, of, clone, START_KEYS, END_KEYS, type Json, type F } from "./util.js";

const noise = (fs: F[]) => fs.filter((f) => f.severity !== "info");
const CORPUS_SCHEMA = join(CORPUS, "ai-agents-efa406e9a", ".agents", "schemas", "session-log.schema.json");

/** The VSJ-era complete log: 10 start MUST items, end items with legacy handoffNotUpdated. */
function vsjLog(): Json {
  const l = validLog();
  const end = l.protocolCompliance.sessionEnd;
  delete end.handoffPreserved;
  end.handoffNotUpdated = { level: "MUST NOT", Complete: false, Evidence: "HANDOFF.md unchanged" };
  return l;
}

describe("§11.15 JSON validator (VSJ cases)", () => {
  it("TC-352: complete log (legacy handoffNotUpdated MUST NOT false) passes", () => {
    const r = run(vsjLog());
    expect(noise(r.findings)).toEqual([]);
  });
  it.each([
    ["TC-353", "session"],
    ["TC-354", "protocolCompliance"],
  ])("%s: no %s => schema error", (_tc, key) => {
    const l = validLog();
    delete l[key];
    const r = run(l);
    expect(of(r.findings, "SP-102").map((f) => f.message)).toContain(`Schema: (root): '${key}' is a required property`);
  });
  it.each([
    ["TC-355", "sessionStart"],
    ["TC-356", "sessionEnd"],
  ])("%s: no %s => schema error", (_tc, key) => {
    const l = validLog();
    delete l.protocolCompliance[key];
    const r = run(l);
    expect(errors(r.findings).map((f) => f.message)).toEqual([`Schema: protocolCompliance: '${key}' is a required property`]);
  });
  it("TC-357: session.number missing => error", () => {
    const l = validLog();
    delete l.session.number;
    expect(of(run(l).findings, "SP-102")[0].message).toBe("Schema: session: 'number' is a required property");
  });
  it("TC-358: empty branch passes (port follows the schema, §8 #21)", () => {
    const l = validLog();
    l.session.branch = "";
    expect(errors(run(l).findings)).toEqual([]);
  });
  it("TC-359 / TC-360: a start or end MUST item incomplete => error", () => {
    const l = validLog();
    l.protocolCompliance.sessionStart.handoffRead.complete = false;
    l.protocolCompliance.sessionEnd.markdownLintRun.complete = false;
    const msgs = of(run(l).findings, "SP-108").map((f) => f.message);
    expect(msgs).toEqual(["Incomplete MUST: sessionStart.handoffRead", "Incomplete MUST: sessionEnd.markdownLintRun"]);
  });
  it("TC-361 / TC-372 / TC-398: handoffNotUpdated MUST NOT complete => MUST NOT violated", () => {
    const l = vsjLog();
    l.protocolCompliance.sessionEnd.handoffNotUpdated.Complete = true;
    const f = of(run(l).findings, "SP-110");
    expect(f).toHaveLength(1);
    expect(f[0].message).toMatch(/^MUST NOT violated: sessionEnd\.handoffNotUpdated .*HANDOFF\.md was modified/);
  });
  it("TC-362 / TC-363: startingCommit abc12 and xyz1234 => invalid SHA", () => {
    for (const sha of ["abc12", "xyz1234"]) {
      const l = validLog();
      l.session.startingCommit = sha;
      expect(of(run(l).findings, "SP-104")[0].message).toContain(`Invalid commit SHA format: ${sha}`);
    }
  });
  it("TC-364 / TC-365: 7-hex and 40-hex starting commits pass", () => {
    for (const sha of ["abcdef1", "a".repeat(40)]) {
      const l = validLog();
      l.session.startingCommit = sha;
      expect(errors(run(l).findings)).toEqual([]);
    }
  });
  it("TC-366: branch my-custom-branch => warning only", () => {
    const l = validLog();
    l.session.branch = "my-custom-branch";
    const r = run(l);
    expect(errors(r.findings)).toEqual([]);
    expect(ids(r.findings)).toContain("SP-105");
  });
  it("TC-367 / TC-426: malformed JSON => SP-100 with line and column", () => {
    const r = run('{\n  "session": {\n    "number": 1,\n  }\n}');
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ id: "SP-100", severity: "error", line: 4, column: 3 });
    expect(r.findings[0].message).toContain("line 4, column 3");
    expect(r.findings[0].message).toContain("trailing commas");
  });
  it("TC-369 / TC-455: items mixing complete/evidence and Complete/Evidence pass", () => {
    const l = validLog();
    l.protocolCompliance.sessionStart.handoffRead = { level: "MUST", Complete: true, Evidence: "read it" };
    expect(noise(run(l).findings)).toEqual([]);
  });
});

describe("§11.16 schema layer (SP-101, SP-102, SP-103)", () => {
  it("TC-370 / TC-375: session required fields", () => {
    expect(BUILTIN_SESSION_SCHEMA.properties.session.required).toEqual(["number", "date", "branch", "startingCommit", "objective"]);
    if (HAS_CORPUS) {
      const s = JSON.parse(readFileSync(CORPUS_SCHEMA, "utf8"));
      expect(s.properties.session.required).toEqual(["number", "date", "branch", "startingCommit", "objective"]);
    }
  });
  it("TC-371 / TC-381: a missing session field is reported by the schema only (no SP-103)", () => {
    for (const f of ["number", "date", "branch", "startingCommit", "objective"]) {
      const l = validLog();
      delete l.session[f];
      const r = run(l);
      const presence = errors(r.findings).filter((x) => x.id === "SP-102" || x.id === "SP-103");
      expect(presence.map((x) => x.message)).toEqual([`Schema: session: '${f}' is a required property`]);
    }
  });
  it("TC-373 / TC-374 / TC-418 / TC-419 / TC-462: missing sections named once each", () => {
    const l = validLog();
    delete l.protocolCompliance.sessionStart;
    delete l.protocolCompliance.sessionEnd;
    const msgs = run(l).findings.map((f) => f.message);
    expect(msgs.filter((m) => m.includes("'sessionStart'"))).toHaveLength(1);
    expect(msgs.filter((m) => m.includes("'sessionEnd'"))).toHaveLength(1);
    expect(msgs.filter((m) => m.includes("Missing"))).toEqual([]);
  });
  it("TC-380: errors => invalid, warnings only => valid", () => {
    expect(errors(run(validLog()).findings)).toEqual([]);
    const w = validLog();
    w.session.branch = "my-branch";
    expect(errors(run(w).findings)).toEqual([]);
    const e = validLog();
    e.session.startingCommit = "xyz";
    expect(errors(run(e).findings).length).toBeGreaterThan(0);
  });
  it("TC-422 / TC-423: log without session / protocolCompliance is invalid", () => {
    for (const k of ["session", "protocolCompliance"]) {
      const l = validLog();
      delete l[k];
      expect(errors(run(l).findings).length).toBeGreaterThan(0);
    }
  });
  it("TC-420 / TC-421 / TC-424 / TC-436 / TC-383 / TC-391 / TC-394: valid log => no errors or warnings", () => {
    const r = run(validLog());
    expect(noise(r.findings)).toEqual([]);
    expect(r.data.mode).toBe("full");
  });
  it("TC-433: session {} and empty sections => at least 5 errors", () => {
    const r = run({ session: {}, protocolCompliance: { sessionStart: {}, sessionEnd: {} } });
    expect(errors(r.findings).length).toBeGreaterThanOrEqual(5);
  });
  it("TC-434 / TC-438: session fields null => type errors", () => {
    const l = validLog();
    for (const k of Object.keys(l.session)) l.session[k] = null;
    const msgs = of(run(l).findings, "SP-102").map((f) => f.message);
    expect(msgs).toContain("Schema: session.number: null is not of type 'integer'");
    expect(msgs.length).toBe(5);
  });
  it("TC-435: extra root and session fields are allowed", () => {
    const l = validLog();
    Object.assign(l, { schema: "x", decisions: [], outcome: "done" });
    l.session.extraField = 1;
    expect(noise(run(l).findings)).toEqual([]);
  });
  it("TC-437 / TC-443: number '3343-branch-context-merge' => schema error at session.number", () => {
    const l = validLog();
    l.session.number = "3343-branch-context-merge";
    expect(of(run(l).findings, "SP-102")[0].message).toBe("Schema: session.number: '3343-branch-context-merge' is not of type 'integer'");
  });
  it("TC-439: number 0 => minimum error", () => {
    const l = validLog();
    l.session.number = 0;
    expect(of(run(l).findings, "SP-102")[0].message).toBe("Schema: session.number: 0 is less than the minimum of 1");
  });
  it("TC-440: date 'July 25, 2026' => pattern error", () => {
    const l = validLog();
    l.session.date = "July 25, 2026";
    expect(of(run(l).findings, "SP-102")[0].message).toContain("session.date: 'July 25, 2026' does not match");
  });
  it("TC-441 / TC-463: a declared object given the wrong type => schema error, no protocol crash", () => {
    for (const bad of ["flat", null, 7, []]) {
      const l = validLog();
      l.protocolCompliance.sessionEnd = bad;
      const r = run(l);
      expect(of(r.findings, "SP-102").map((f) => f.message)).toEqual([
        `Schema: protocolCompliance.sessionEnd: ${bad === null ? "null" : typeof bad === "string" ? "'flat'" : Array.isArray(bad) ? "[]" : "7"} is not of type 'object'`,
      ]);
    }
  });
  it("TC-442: number 'x' and date 'nope' => both reported", () => {
    const l = validLog();
    l.session.number = "x";
    l.session.date = "nope";
    expect(of(run(l).findings, "SP-102")).toHaveLength(2);
  });
  it("TC-444: missing session => 'session' is a required property exactly once", () => {
    const l = validLog();
    delete l.session;
    const msgs = run(l).findings.map((f) => f.message).filter((m) => m.includes("'session' is a required property"));
    expect(msgs).toHaveLength(1);
  });
  it("TC-445 / TC-446: unloadable schema => error, protocol rules still run, SP-103 takes over presence", () => {
    const l = validLog();
    l.protocolCompliance.sessionStart.handoffRead.complete = false;
    delete l.session.objective;
    const r = run(l, { schema: null, facts: { "session.schema.error": "EACCES: permission denied", "session.schema.path": "s.json" } });
    expect(of(r.findings, "SP-102")[0].message).toBe("Schema: cannot load s.json, schema layer skipped: EACCES: permission denied");
    expect(ids(r.findings)).toContain("SP-108");
    expect(of(r.findings, "SP-103").map((f) => f.message)).toEqual(["Missing: session.objective"]);
  });
  it("TC-445: no schema supplied at all => visible skip, never a silent pass", () => {
    const r = run(validLog(), { schema: null });
    expect(of(r.findings, "SP-102")[0].message).toContain("schema layer skipped");
  });
  it.each([
    ['{"type":"nope"}', "(root).type"],
    ['{"properties":[]}', "(root).properties"],
    ['{"required":"session"}', "(root).required"],
    ['{"properties":{"a":{"pattern":"(["}}}', "(root).properties.a.pattern"],
    ['{"$ref":"#/definitions/none"}', "(root).$ref"],
    ["[1]", "(root)"],
    ["{not json", "invalid JSON"],
  ])("TC-447: invalid schema %s => 'not a valid schema', no crash", (schema, where) => {
    const r = run(validLog(), { schema, facts: { "session.schema.path": "x.schema.json" } });
    const m = of(r.findings, "SP-102");
    expect(m).toHaveLength(1);
    expect(m[0].message).toContain("schema layer skipped");
    expect(m[0].message).toContain(where);
  });
  it.skipIf(!HAS_CORPUS)("TC-448 / TC-450: the committed (corpus) schema parses and is valid", () => {
    const r = run(validLog(), { schema: readFileSync(CORPUS_SCHEMA, "utf8") });
    expect(noise(r.findings)).toEqual([]);
  });
  it("TC-449: errors sorted by path, array indices numerically", () => {
    const l = validLog();
    l.workLog = Array.from({ length: 12 }, (_, i) => (i === 2 || i === 10 ? "text" : {}));
    l.nextSteps = [1];
    const msgs = of(run(l).findings, "SP-102").map((f) => f.message);
    expect(msgs).toEqual([
      "Schema: nextSteps.0: 1 is not of type 'string'",
      "Schema: workLog.2: 'text' is not of type 'object'",
      "Schema: workLog.10: 'text' is not of type 'object'",
    ]);
  });
  it("TC-451 / TC-452 / TC-453: date-time format needs a valid timestamp with an offset", () => {
    const check = (ts: string) => {
      const l = validLog();
      l.developmentPhase = { history: [{ timestamp: ts }] };
      return of(run(l).findings, "SP-102").map((f) => f.message);
    };
    expect(check("not-a-date")[0]).toContain("developmentPhase.history.0.timestamp: 'not-a-date' is not a valid 'date-time'");
    expect(check("2026-07-25T10:00:00Z")).toEqual([]);
    expect(check("2026-07-25T10:00:00.5+02:00")).toEqual([]);
    expect(check("2026-07-25T10:00:00")).toHaveLength(1);
    expect(check("2026-02-30T10:00:00Z")).toHaveLength(1);
  });
  it("TC-454: incomplete MUST still reported alongside schema checks", () => {
    const l = validLog();
    l.protocolCompliance.sessionEnd.validationPassed.complete = false;
    l.session.number = "x";
    const r = run(l);
    expect(ids(r.findings)).toEqual(expect.arrayContaining(["SP-102", "SP-108"]));
  });
  it("TC-457 / TC-458: non-object roots => one type error, no protocol messages", () => {
    for (const [text, shown] of [["[1,2,3]", "[...]"], ['"a string"', "'a string'"], ["7", "7"], ["true", "true"]]) {
      const r = run(text);
      expect(r.findings).toHaveLength(1);
      expect(r.findings[0].id).toBe("SP-101");
      expect(r.findings[0].message).toBe(`Schema: (root): ${shown} is not of type 'object'; a session log is a JSON object`);
    }
  });
  it("TC-460: content null reaches the type check, not a parse error", () => {
    expect(ids(run("null").findings)).toEqual(["SP-101"]);
  });
  it("TC-461: draft-07 semantics: the built-in schema declares draft-07, is valid, and $ref ignores siblings", () => {
    expect(BUILTIN_SESSION_SCHEMA.$schema).toBe("http://json-schema.org/draft-07/schema#");
    expect(of(run(validLog()).findings, "SP-102")).toEqual([]);
    const schema = JSON.stringify({ definitions: { s: { type: "string" } }, properties: { a: { $ref: "#/definitions/s", minLength: 5 } } });
    expect(of(run({ a: "ab" }, { schema }).findings, "SP-102")).toEqual([]);
    expect(of(run({ a: 1 }, { schema }).findings, "SP-102")[0].message).toBe("Schema: a: 1 is not of type 'string'");
  });
  it("unsupported schema keywords are named in a warning, not silently passed", () => {
    const schema = JSON.stringify({ type: "object", properties: { nextSteps: { uniqueItems: true } } });
    const f = of(run(validLog(), { schema }).findings, "SP-102");
    expect(f).toHaveLength(1);
    expect(f[0].severity).toBe("warning");
    expect(f[0].message).toContain("uniqueItems");
  });
  it("schema findings point at the offending value (line and column)", () => {
    const text = '{\n  "session": {\n    "number": "x"\n  }\n}';
    const f = of(run(text).findings, "SP-102").find((x) => x.message.includes("session.number"))!;
    expect([f.line, f.column]).toEqual([3, 15]);
  });
  it("duplicate keys: the last value wins (as in Python)", () => {
    const l = validLog();
    const text = JSON.stringify(l).replace('"number":42', '"number":"bad","number":42');
    expect(errors(run(text).findings)).toEqual([]);
    const text2 = JSON.stringify(l).replace('"number":42', '"number":42,"number":"bad"');
    expect(of(run(text2).findings, "SP-102")[0].message).toContain("session.number: 'bad'");
  });
});

describe("schema keywords (interpreter)", () => {
  const errs = (schema: object, value: unknown) =>
    of(run({ v: value }, { schema: JSON.stringify({ properties: { v: schema } }) }).findings, "SP-102").map((f) => f.message.replace("Schema: v: ", ""));
  it("numeric limits, inclusive and exclusive", () => {
    expect(errs({ minimum: 1 }, 1)).toEqual([]);
    expect(errs({ maximum: 10 }, 11)).toEqual(["11 is greater than the maximum of 10"]);
    expect(errs({ exclusiveMinimum: 1 }, 1)).toEqual(["1 is less than or equal to the minimum of 1"]);
    expect(errs({ exclusiveMaximum: 5 }, 5)).toEqual(["5 is greater than or equal to the maximum of 5"]);
    expect(errs({ maximum: 5 }, 5)).toEqual([]);
    expect(errs({ type: "integer" }, 2.0)).toEqual([]);
    expect(errs({ type: "integer" }, 2.5)).toEqual(["2.5 is not of type 'integer'"]);
    expect(errs({ type: ["string", "null"] }, true)).toEqual(["true is not of type 'string', 'null'"]);
  });
  it("strings, arrays, enum, const, combinators, additionalProperties", () => {
    expect(errs({ maxLength: 2 }, "\ud83d\ude00\ud83d\ude00")).toEqual([]); // code points, not UTF-16 units
    expect(errs({ minLength: 1 }, "")).toEqual(["'' must not be empty"]);
    expect(errs({ minItems: 2 }, [1])).toEqual(["[...] has 1 items, minItems is 2"]);
    expect(errs({ items: [{ type: "string" }, { type: "number" }] }, ["a", 2, "x"])).toEqual([]);
    expect(errs({ enum: ["a", 1, null] }, 1.0)).toEqual([]);
    expect(errs({ const: { a: [1] } }, { a: [1] })).toEqual([]);
    expect(errs({ oneOf: [{ type: "number" }, { type: "integer" }] }, 3)).toEqual(["3 is valid under more than one of the given schemas"]);
    expect(errs({ not: { type: "string" } }, "x")).toEqual(["'x' must not match the 'not' schema"]);
    expect(errs({ allOf: [{ minimum: 2 }, { maximum: 1 }] }, 3)).toEqual(["3 is greater than the maximum of 1"]);
    expect(errs({ properties: { a: {} }, additionalProperties: false }, { a: 1, b: 2, c: 3 })).toEqual(["additional properties are not allowed ('b', 'c' unexpected)"]);
    expect(errs({ patternProperties: { "^x": { type: "string" } }, additionalProperties: { type: "number" } }, { xa: "s", b: 1, c: "no" }))
      .toEqual(["Schema: v.c: 'no' is not of type 'number'"]);
  });
});
