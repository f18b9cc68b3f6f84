// The core's English fragments (txt() in assembly/, assembly/lib/texts.ts): the module reports each as
// a text number and the host puts the English back (src/wasm/instance.ts expandTexts) from the table
// generated from the assembly sources. These run the real built core and check the user-visible text
// of JSON parse errors and JSON-schema details (SP-100, SP-102, SM-001, SM-002, SS-002).
import { describe, expect, it } from "vitest";
import { executeValidator } from "../../dist/engine.js";
import { KIND } from "../../dist/wasm/abi.js";
import { expandTexts, MESSAGE_MAX } from "../../dist/wasm/instance.js";
import { readFileSync } from "node:fs";
import { TEXTS } from "../../dist/wasm/generated/texts.js";
import { manifestJsonSchemaText } from "../../dist/manifest/schema.js";
import { textsOf, collectTexts } from "../../scripts/lib/texts-source.mjs";

const enc = new TextEncoder();
const root = new URL("../..", import.meta.url).pathname;

function messages(validator: Parameters<typeof executeValidator>[0], kind: keyof typeof KIND, file: string, text: string, facts: Record<string, string> = {}) {
  const out = executeValidator(validator, [{ file, kind: KIND[kind], flags: 0, bytes: enc.encode(text) }], facts);
  expect(out.internalErrors).toEqual([]);
  return out.results.flatMap((r) => r.findings.map((f) => `${f.ruleId} ${f.message}`));
}

describe("txt(): English fragments rendered by the host", () => {
  it("the generated table is the sorted set of txt() literals in assembly/", () => {
    expect([...TEXTS]).toEqual(collectTexts(root));
    expect(TEXTS).toContain("Expecting value");
    expect(TEXTS).toContain(" is not of type ");
  });

  it("textsOf reads literals, ?: pairs and escapes; not the declaration", () => {
    expect(textsOf('export function txt(s: string): string { return s; }\nf(txt("a b"), txt(c ? "x \\\\u y" : "it\'s"), txt(g(1) ? "p" : "q"))')).toEqual(["a b", "x \\u y", "it's", "p", "q"]);
  });

  it("expandTexts puts back every token; other text is unchanged", () => {
    const i = TEXTS.indexOf("Expecting value");
    expect(expandTexts(`\u0002${i}\u0003 at x, \u0002${i}\u0003`)).toBe("Expecting value at x, Expecting value");
    expect(expandTexts("plain \u0002x\u0003 text")).toBe("plain \u0002x\u0003 text");
    expect(expandTexts(`\u0002${TEXTS.length + 5}\u0003`)).toBe(`\u0002${TEXTS.length + 5}\u0003`);
  });

  it("SP-100: the parser's error description in the session-log message", () => {
    const m = messages("session-log", "SESSION_JSON", ".agents/sessions/2026-01-01-session-1.json", '{\n  "a": [1, 2,]\n}\n');
    expect(m.find((x) => x.startsWith("SP-100"))).toBe(
      "SP-100 Invalid JSON in session log: Trailing comma before ']' at line 2, column 14 (near: \"a\": [1, 2,]). Common fixes: no trailing commas; double-quote names and strings; escape \\ and \" inside strings. Check with: python3 -m json.tool <file>",
    );
  });

  it("SM-001 / SM-002: parse error and schema problem of the manifest", () => {
    const file = "agents/sessions/s1/state.json";
    expect(messages("manifest", "MANIFEST", file, '{"a": 01}', { "manifest.schema": manifestJsonSchemaText() })).toContain(
      "SM-001 Manifest is not JSON: Leading zeros are not allowed in numbers",
    );
    expect(messages("manifest", "MANIFEST", file, "{}", { "manifest.schema": "{" })).toContain(
      "SM-002 Schema: the manifest schema is not JSON (Expecting property name enclosed in double quotes)",
    );
    expect(messages("manifest", "MANIFEST", file, "{}", { "manifest.schema": '{"type": 5}' })).toContain(
      "SM-002 Schema: the manifest schema is not usable: (root).type: invalid or unsupported value 5",
    );
  });

  it("SS-002: schema details, parse errors and invariants of the session state", () => {
    const file = ".agent-notes/sessions/session-s1.md";
    const schema = JSON.stringify({
      type: "object",
      required: ["v"],
      properties: { a: { type: "number", exclusiveMinimum: 3 }, b: { type: "number", maximum: 3 }, c: { anyOf: [{ type: "string" }, { type: "null" }] }, f: { format: "date-time" }, k: false, l: { type: "array", minItems: 3 } },
      additionalProperties: false,
    });
    expect(messages("session-state", "SESSION_STATE", file, '{"a": 3, "b": 4, "c": 1, "f": "2020", "k": 1, "l": [], "z": 0}', { "state.schema": schema })).toEqual([
      "SS-002 Session state invalid: (root): 'v' is a required property",
      "SS-002 Session state invalid: (root): additional properties are not allowed ('z' unexpected)",
      "SS-002 Session state invalid: a: 3 is less than or equal to the minimum of 3",
      "SS-002 Session state invalid: b: 4 is greater than the maximum of 3",
      "SS-002 Session state invalid: c: 1 is not valid under any of the given schemas",
      "SS-002 Session state invalid: f: '2020' is not a valid 'date-time' (RFC 3339, with Z or a UTC offset)",
      "SS-002 Session state invalid: k: no value is allowed here (false schema)",
      "SS-002 Session state invalid: l: [] has 0 items, minItems is 3",
    ]);
    expect(messages("session-state", "SESSION_STATE", file, "[".repeat(600) + "]".repeat(600), { "state.schema": "{}" })).toEqual([
      "SS-002 Session state corrupt: the state is not JSON (Nesting deeper than 128 levels)",
    ]);
    expect(messages("session-state", "SESSION_STATE", file, '{"sessionId": "s2"}', { "state.schema": "{}", "state.id": "s1" })).toEqual([
      "SS-002 Session state invalid: modeHistory: modeHistory must not be empty",
      "SS-002 Session state invalid: sessionId: does not match the note name (session-s1)",
    ]);
  });

  it("SS-002: a long detail is cut where the English would be cut (the host cuts values holding texts)", () => {
    expect(readFileSync(new URL("../../assembly/lib/text.ts", import.meta.url), "utf8")).toContain(`export const MESSAGE_MAX: i32 = ${MESSAGE_MAX};`);
    const keys = Array.from({ length: 200 }, (_, i) => `key${String(i).padStart(4, "0")}`);
    const english = `additional properties are not allowed ('${keys.join("', '")}' unexpected)`;
    expect(english.length).toBeGreaterThan(MESSAGE_MAX);
    const cut = `${english.slice(0, MESSAGE_MAX)}… (${english.length - MESSAGE_MAX} more characters)`;
    const state = JSON.stringify(Object.fromEntries(keys.map((k, i) => [k, i])));
    expect(messages("session-state", "SESSION_STATE", ".agent-notes/sessions/session-s1.md", state, { "state.schema": '{"type": "object", "additionalProperties": false}' })).toEqual([
      `SS-002 Session state invalid: (root): ${cut}`,
    ]);
  });
});
