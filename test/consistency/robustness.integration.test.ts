// Bad input for consistency and traceability: findings or a clear error, never a crash, and
// scanners that stay linear on adversarial text (the huge inputs below would not finish if any
// scan were quadratic).
import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runValidator } from "../../dist/wasm/loader.js";
import { KIND } from "../../dist/wasm/abi.js";
import { decodeList, encodeList } from "../../dist/wasm/list.js";
import { validateConsistency, validateTraceability } from "../../dist/index.js";
import { co, tr, fm } from "./helpers.js";
import { tmpDir, runCli } from "../helpers.js";

const enc = new TextEncoder();
const P = ".agents/planning/";

describe("bad input: traceability", () => {
  it("unterminated front matter: a visible skip, no finding, no crash", () => {
    const r = tr({ "requirements/REQ-1.md": "---\ntype: requirement\nid: REQ-1\nstatus: draft\n" });
    expect(r.stats.requirements).toBe(0);
    expect(r.results.find((x) => x.file.endsWith("REQ-1.md"))?.reason).toBe("no front matter: not a spec");
  });
  it("front matter that is not key/value: no crash; TR-009 reports it under the recommended profile", () => {
    const files = { "requirements/REQ-1.md": "---\n[1, 2, 3]\n- just a list\n---\n", "design/DESIGN-1.md": "---\n{ id: DESIGN-1 }\n---\n" };
    expect(tr(files).stats).toEqual({ requirements: 0, designs: 0, tasks: 0, validChains: 0 });
    const rec = tr(files, { profile: "recommended" });
    expect(rec.rules("TR-009").length).toBeGreaterThanOrEqual(2);
  });
  it("ids in odd case are compared exactly; TR-009 flags them", () => {
    const files = {
      "requirements/REQ-1.md": fm("requirement", "req-001", "draft", null),
      "design/DESIGN-1.md": fm("design", "Design-1", "draft", ["REQ-001", "req-001"]),
      "tasks/TASK-1.md": fm("task", "TASK-1", "done", ["design-1", "DESIGN-1"]),
    };
    const r = tr(files);
    expect(r.rules("TR-006")).toEqual(["DESIGN 'Design-1' references non-existent REQ 'REQ-001'"]);
    expect(r.rules("TR-005")).toEqual(["TASK 'TASK-1' references non-existent DESIGN 'DESIGN-1'"]);
    const rec = tr(files, { profile: "recommended" });
    expect(rec.rules("TR-009").some((m) => m.includes("id 'req-001' invalid (REQ-NNN)"))).toBe(true);
  });
  it("cyclic related chains terminate and report what they break", () => {
    const r = tr({
      "requirements/REQ-1.md": fm("requirement", "REQ-1", "draft", ["DESIGN-1", "REQ-1"]),
      "design/DESIGN-1.md": fm("design", "DESIGN-1", "draft", ["DESIGN-1", "REQ-1", "TASK-1"]),
      "tasks/TASK-1.md": fm("task", "TASK-1", "done", ["TASK-1", "DESIGN-1"]),
      "tasks/TASK-2.md": fm("task", "TASK-2", "done", ["TASK-3"]),
      "tasks/TASK-3.md": fm("task", "TASK-3", "done", ["TASK-2"]),
    });
    expect(r.stats.validChains).toBe(1);
    expect(r.rules("TR-002").sort()).toEqual(["TASK 'TASK-2' has no DESIGN reference (untraced task)", "TASK 'TASK-3' has no DESIGN reference (untraced task)"]);
  });
  it("invalid UTF-8 and NUL bytes are AC-002 with the offset of the first bad byte (issue 11 replaces D-6's lossy decoding)", () => {
    const root = tmpDir();
    mkdirSync(join(root, ".agents/specs/requirements"), { recursive: true });
    writeFileSync(join(root, ".agents/specs/requirements/REQ-1.md"), Buffer.concat([Buffer.from("---\nid: REQ-1\ntitle: "), Buffer.from([0xff, 0xfe, 0x00]), Buffer.from("\n---\n")]));
    const out = validateTraceability({ root, maxFileBytes: 1 << 20 });
    const f = out.results.flatMap((r) => r.findings).find((x) => x.ruleId === "AC-002");
    expect(f?.severity).toBe("error");
    expect(f?.message).toContain("offset 21");
  });
  it("a specs path that is a file: exit 2 with a message", () => {
    const root = tmpDir();
    writeFileSync(join(root, "specs"), "x");
    const r = runCli(["traceability", "--specs", "specs"], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Specs path not found");
  });
  it("files over --max-file-size are refused with AC-900", () => {
    const r = tr({ "requirements/REQ-1.md": fm("requirement", "REQ-1", "draft", null) + "x".repeat(5000) }, {});
    expect(r.stats.requirements).toBe(1);
    const root = tmpDir();
    mkdirSync(join(root, "s/requirements"), { recursive: true });
    writeFileSync(join(root, "s/requirements/REQ-1.md"), "x".repeat(5000));
    const cli = runCli(["traceability", "--specs", "s", "--max-file-size", "100", "-f", "json"], { cwd: root });
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain("AC-900");
  });
});

describe("bad input: consistency", () => {
  it("a link to a directory exists; a link into a file path is broken", () => {
    const root = tmpDir();
    mkdirSync(join(root, ".agents/planning/dir"), { recursive: true });
    const f = co({ [`${P}prd-x.md`]: "[d](dir) [f](prd-x.md/nothing)", [`${P}tasks-x.md`]: "" }, { root, feature: "x" }).f;
    expect(f.issues("CrossReferences")).toEqual(["Broken reference: prd-x.md/nothing"]);
  });
  it("links in code spans and fences: checked in the default profile, ignored by FX-1", () => {
    const text = "`[a](x.md)` and ``[b](`y.md`)``\n\n~~~\n[c](z.md)\n~~~\n```js\n[d](w.md)\n```\n[e](real.md)\n";
    expect(co({ [`${P}prd-x.md`]: text, [`${P}tasks-x.md`]: "" }, { feature: "x" }).f.issues("CrossReferences").length).toBe(5);
    expect(co({ [`${P}prd-x.md`]: text, [`${P}tasks-x.md`]: "" }, { feature: "x", profile: "recommended" }).f.issues("CrossReferences")).toEqual(["Broken reference: real.md"]);
  });
  it("a planning folder that is a file: no features, no crash", () => {
    const root = tmpDir();
    mkdirSync(join(root, ".agents"), { recursive: true });
    writeFileSync(join(root, ".agents/planning"), "not a folder");
    expect(validateConsistency({ root, maxFileBytes: 1 << 20 }).features).toEqual([]);
  });
  it("feature names with glob characters are literal (D-4)", () => {
    const r = co({ [`${P}prd-a.md`]: "", [`${P}prd-[a].md`]: "" }, { feature: "[a]" });
    expect(r.f.artifacts.prd).toBe(`${P}prd-[a].md`);
    expect(co({ [`${P}prd-abc.md`]: "" }, { feature: "*" }).f.artifacts.prd).toBeNull();
  });
});

describe("5,000-document tree", () => {
  it("consistency --all and traceability finish with the expected counts", () => {
    const root = tmpDir();
    const dirs = [".agents/planning", ".agents/specs/requirements", ".agents/specs/design", ".agents/specs/tasks"];
    for (const d of dirs) mkdirSync(join(root, d), { recursive: true });
    for (let i = 0; i < 1000; i++) {
      const n = String(i).padStart(4, "0");
      writeFileSync(join(root, `.agents/planning/prd-f${n}.md`), `## Requirements\n- [ ] r\n[t](tasks-f${n}.md)\n`);
      writeFileSync(join(root, `.agents/planning/tasks-f${n}.md`), i % 2 ? "- [ ] t\n" : "nothing\n");
      writeFileSync(join(root, `.agents/specs/requirements/REQ-${n}.md`), fm("requirement", `REQ-${n}`, "draft", null));
      writeFileSync(join(root, `.agents/specs/design/DESIGN-${n}.md`), fm("design", `DESIGN-${n}`, "draft", [`REQ-${n}`]));
      writeFileSync(join(root, `.agents/specs/tasks/TASK-${n}.md`), fm("task", `TASK-${n}`, "done", i % 3 ? [`DESIGN-${n}`] : []));
    }
    const c = validateConsistency({ root, maxFileBytes: 1 << 20 });
    expect(c.features.length).toBe(1000);
    expect(c.features.filter((f) => !f.passed).length).toBe(500);
    const t = validateTraceability({ root, maxFileBytes: 1 << 20 });
    expect(t.stats).toEqual({ requirements: 1000, designs: 1000, tasks: 1000, validChains: 666 });
    expect(t.results.flatMap((r) => r.findings).filter((f) => f.ruleId === "TR-002").length).toBe(334);
  });
});

describe("adversarial text stays linear and never aborts", () => {
  const N = 400_000;
  const big = [
    "[".repeat(N), "](".repeat(N / 2), "[a](".repeat(N / 4), "\n".repeat(N), " \n".repeat(N / 2), "1".repeat(N),
    "\n1".repeat(N / 2), "- ".repeat(N / 2), "`".repeat(N), "```\n".repeat(N / 4), "related:\n".repeat(N / 9),
    "---\n" + "related:\n  - ".repeat(N / 14) + "\n---\n", "## P0 Priority: ".repeat(N / 16), "EPIC-".repeat(N / 5),
  ];
  it("every scanner over 400 KB of repetitive input, both profiles", () => {
    for (const text of big) {
      for (const fx of ["0", "127"]) {
        const docs = [
          { name: "fx", kind: KIND.FACT, bytes: enc.encode(fx) },
          { name: "checkpoint", kind: KIND.FACT, bytes: enc.encode("2") },
          { name: "feature", kind: KIND.FACT, bytes: enc.encode("x") },
          { name: ".agents/planning/prd-x.md", kind: KIND.PLANNING_DOC, flags: 0, bytes: enc.encode(text) },
          { name: ".agents/planning/tasks-x.md", kind: KIND.PLANNING_DOC, flags: 0, bytes: enc.encode(text) },
          { name: ".agents/roadmap/EPIC-001-x.md", kind: KIND.PLANNING_DOC, flags: 1, bytes: enc.encode("### Success Criteria\n" + text) },
        ];
        expect(runValidator("consistency", docs).status).toBe(0);
        const specs = [
          { name: "fx", kind: KIND.FACT, bytes: enc.encode(fx) },
          { name: "requirements/REQ-1.md", kind: KIND.SPEC_DOC, flags: 0, bytes: enc.encode("---\nid: REQ-1\n" + text + "\n---\n") },
          { name: "design/DESIGN-1.md", kind: KIND.SPEC_DOC, flags: 1, bytes: enc.encode(text) },
        ];
        expect(runValidator("traceability", specs).status).toBe(0);
      }
    }
  });

  const piece = fc.constantFrom("[", "]", "(", ")", "`", "```", "~~~", "\n", " ", "-", "*", "#", "##", "###", "- [ ] ", "- [x] ", "1. ", "P0", "Priority:",
    "related:", "id:", "type:", "status:", "---", "REQ-1", "DESIGN-1", "TASK-1", "http://", "#a", "x.md", "../", "/", "%20", "<", ">", "\"t\"", "é", "\u00a0", "\ud83d\ude00");
  const mdText = fc.array(piece, { maxLength: 80 }).map((a) => a.join(""));
  it("property: random markdown-ish documents never abort either validator", () => {
    fc.assert(
      fc.property(fc.array(mdText, { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 127 }), fc.boolean(), (texts, fx, links) => {
        const names = ["prd-x.md", "tasks-x.md", "plan-x.md", "EPIC-001-x.md"];
        const docs = texts.map((t, i) => ({ name: `.agents/${i === 3 ? "roadmap" : "planning"}/${names[i]}`, kind: KIND.PLANNING_DOC, flags: i === 3 ? 1 : 0, bytes: enc.encode(t) }));
        const facts = [{ name: "fx", kind: KIND.FACT, bytes: enc.encode(String(fx)) }, { name: "checkpoint", kind: KIND.FACT, bytes: enc.encode("2") }];
        if (links) facts.push({ name: "linkState", kind: KIND.FACT, bytes: enc.encode("") });
        expect(runValidator("consistency", [...facts, ...docs]).status).toBe(0);
        const specs = texts.map((t, i) => ({ name: `${["requirements/REQ", "design/DESIGN", "tasks/TASK", "tasks/TASK"][i]}-${i}.md`, kind: KIND.SPEC_DOC, flags: [0, 1, 2, 2][i], bytes: enc.encode("---\n" + t + "\n---\n") }));
        expect(runValidator("traceability", [facts[0], ...specs]).status).toBe(0);
      }),
      { numRuns: 400 },
    );
  });

  // the host (src/validators/consistency.ts passes) keeps the checks' result without link facts when
  // it answers "exists" to every target the core asked for: the core must take an unanswered target
  // as it takes one answered "exists" (CO-008/CO-009 the only readers of the answers)
  const linkPiece = fc.constantFrom("[a](x.md)", "[b](../roadmap/EPIC-001-x.md)", "[c](./sub/y.md#h)", "[d](../../z.md)", "[e](/abs.md)", "[f](%20s.md)", "[g](<q.md>)");
  const linked = fc.array(fc.oneof(piece, linkPiece), { maxLength: 60 }).map((a) => a.join(""));
  it("property: CO-008/CO-009 — with every link answered 'exists', the same result as with no answers", () => {
    fc.assert(
      fc.property(fc.array(linked, { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 127 }), (texts, fx) => {
        const names = ["prd-x.md", "tasks-x.md", "plan-x.md", "EPIC-001-x.md"];
        const docs = texts.map((t, i) => ({ name: `.agents/${i === 3 ? "roadmap" : "planning"}/${names[i]}`, kind: KIND.PLANNING_DOC, flags: i === 3 ? 1 : 0, bytes: enc.encode(t) }));
        const facts = [{ name: "fx", kind: KIND.FACT, bytes: enc.encode(String(fx)) }, { name: "checkpoint", kind: KIND.FACT, bytes: enc.encode("2") }];
        const bare = runValidator("consistency", [...docs, ...facts]);
        const q = bare.data.find((d) => d.docIndex < 0 && d.key === "linkQueries")?.value;
        if (q === undefined) return;
        const answers = decodeList(q).flatMap((t) => [t, "e"]);
        const answered = runValidator("consistency", [...docs, ...facts, { name: "linkState", kind: KIND.FACT, bytes: enc.encode(encodeList(answers)) }]);
        // the answers are one more document (a fact), the last: its status left out
        const strip = (r: typeof bare) => ({ ...r, docStatus: r.docStatus.slice(0, docs.length + facts.length), data: r.data.filter((d) => d.docIndex >= 0 || d.key !== "linkQueries") });
        expect(strip(answered)).toEqual(strip(bare));
      }),
      { numRuns: 300 },
    );
  });
});
