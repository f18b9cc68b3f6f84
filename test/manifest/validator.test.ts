// Validator catalog (issue 16): one valid and one invalid manifest per invariant, by rule id. Runs the
// real WASM core through the host (validateManifests) on real files.
import { describe, it, expect } from "vitest";
import { validateManifests, listManifests, manifestJsonSchema } from "../../dist/index.js";
import { validManifest, writeSessions, SPEC_MD } from "./fixtures.js";

const ID = "2026-02-14_feature-dark-mode_a1b2c3";

function rulesOf(m: unknown, opts: Parameters<typeof writeSessions>[1] = {}, name = ID): string[] {
  const root = writeSessions({ [name]: m }, opts);
  const out = validateManifests({ root });
  expect(out.internalErrors).toEqual([]);
  expect(out.results.length).toBe(1);
  return [...new Set(out.results[0].findings.map((f: any) => f.ruleId))].sort() as string[];
}

const mut = (f: (m: any) => void) => {
  const m = validManifest();
  f(m);
  return m;
};

describe("manifest validator catalog", () => {
  it("valid manifest (build phase, checkpoints, commit, $schema, +01:00 offset): no findings", () => {
    expect(rulesOf(validManifest())).toEqual([]);
  });

  it("valid: a fresh manifest in phase spec and a completed one", () => {
    expect(rulesOf(mut((m) => {
      m.current_phase = "spec";
      Object.assign(m.phase_history, { spec_completed_at: null, plan_started_at: null, plan_completed_at: null, build_started_at: null });
      m.build_progress = { checkpoints_total: 0, checkpoints_completed: [], current_checkpoint: null };
      m.commits = [];
    }))).toEqual([]);
    expect(rulesOf(mut((m) => {
      m.current_phase = "complete";
      m.status = "complete";
      Object.assign(m.phase_history, { build_completed_at: "2026-02-14T11:50:00Z", docs_started_at: "2026-02-14T11:50:00Z", docs_completed_at: "2026-02-14T11:55:00Z" });
      m.build_progress = { checkpoints_total: 3, checkpoints_completed: [1, 2, 3], current_checkpoint: null };
    }))).toEqual([]);
  });

  it("SM-001 not JSON / not an object", () => {
    expect(rulesOf("{ not json")).toEqual(["SM-001"]);
    expect(rulesOf("[1, 2]")).toEqual(["SM-001"]);
  });

  it("SM-002 schema: unknown top-level key, wrong enum, bad timestamp, missing key, short sha", () => {
    expect(rulesOf(mut((m) => (m.version = 2)))).toEqual(["SM-002"]);
    expect(rulesOf(mut((m) => (m.session_type = "long")))).toEqual(["SM-002"]);
    expect(rulesOf(mut((m) => (m.created_at = "2026-02-14 10:00")))).toEqual(["SM-002"]);
    expect(rulesOf(mut((m) => delete m.git))).toEqual(["SM-002"]);
    expect(rulesOf(mut((m) => (m.commits[0].sha = "abc")))).toEqual(["SM-002"]);
    expect(rulesOf(mut((m) => (m.build_progress.extra = 1)))).toEqual(["SM-002"]);
    const root = writeSessions({ [ID]: mut((m) => (m.version = 2)) });
    const f = validateManifests({ root }).results[0].findings[0];
    expect(f.message).toContain("'version' unexpected");
    expect(f.line).toBe(1);
  });

  it("SM-003 session_id differs from the folder name", () => {
    expect(rulesOf(validManifest("2026-02-14_other_ffffff"))).toEqual(["SM-003"]);
  });

  it("SM-004 phase history inconsistent with current_phase", () => {
    expect(rulesOf(mut((m) => (m.phase_history.plan_completed_at = null)))).toEqual(["SM-004"]); // passed phase not completed
    expect(rulesOf(mut((m) => (m.phase_history.build_started_at = null)))).toEqual(["SM-004"]); // current not started
    expect(rulesOf(mut((m) => (m.phase_history.docs_started_at = "2026-02-14T12:00:00Z")))).toEqual(["SM-004"]); // later phase started
  });

  it("SM-005 phase timestamps out of order", () => {
    expect(rulesOf(mut((m) => (m.phase_history.plan_started_at = "2026-02-14T10:29:59Z")))).toEqual(["SM-005"]);
    // offsets are applied: 10:20+01:00 is 09:20Z, before created_at
    expect(rulesOf(mut((m) => (m.phase_history.spec_started_at = "2026-02-14T10:20:00+01:00")))).toEqual(["SM-005"]);
    expect(rulesOf(mut((m) => (m.updated_at = "2026-02-14T11:00:00Z")))).toEqual(["SM-005"]); // before build_started_at
  });

  it("SM-006 updated_at before created_at", () => {
    expect(rulesOf(mut((m) => {
      m.current_phase = "spec";
      Object.assign(m.phase_history, { spec_started_at: null, spec_completed_at: null, plan_started_at: null, plan_completed_at: null, build_started_at: null });
      m.phase_history.spec_started_at = "2026-02-14T09:00:00Z";
      m.created_at = "2026-02-14T08:00:00Z";
      m.updated_at = "2026-02-14T07:00:00Z";
    }))).toEqual(["SM-005", "SM-006"]);
    expect(rulesOf(mut((m) => {
      m.current_phase = "spec";
      m.status = "paused";
      Object.assign(m.phase_history, { spec_completed_at: null, plan_started_at: null, plan_completed_at: null, build_started_at: null, spec_started_at: "2026-02-14T10:00:00Z" });
      m.created_at = "2026-02-14T10:00:00Z";
      m.updated_at = "2026-02-14T10:00:00Z"; // equal is fine
    }))).toEqual([]);
  });

  it("SM-007 completed checkpoints duplicated or out of range", () => {
    expect(rulesOf(mut((m) => (m.build_progress.checkpoints_completed = [1, 1])))).toEqual(["SM-007"]);
    expect(rulesOf(mut((m) => (m.build_progress.checkpoints_completed = [1, 4])))).toEqual(["SM-007"]);
  });

  it("SM-008 current checkpoint completed or out of range", () => {
    expect(rulesOf(mut((m) => (m.build_progress.current_checkpoint = 2)))).toEqual(["SM-008"]);
    expect(rulesOf(mut((m) => (m.build_progress.current_checkpoint = 7)))).toEqual(["SM-008"]);
  });

  it("SM-009 commit names a checkpoint that does not exist", () => {
    expect(rulesOf(mut((m) => (m.commits[0].checkpoint = 4)))).toEqual(["SM-009"]);
    expect(rulesOf(mut((m) => (m.commits[0].checkpoint = null)))).toEqual([]);
  });

  it("SM-010 status complete without phase complete, and phase complete without status", () => {
    expect(rulesOf(mut((m) => (m.status = "complete")))).toEqual(["SM-010"]);
    expect(rulesOf(mut((m) => {
      m.current_phase = "complete";
      Object.assign(m.phase_history, { build_completed_at: "2026-02-14T11:50:00Z", docs_started_at: "2026-02-14T11:50:00Z", docs_completed_at: "2026-02-14T11:55:00Z" });
    }))).toEqual(["SM-010"]);
  });

  it("SM-011 artifact files missing", () => {
    expect(rulesOf(validManifest(), { plan: false })).toEqual(["SM-011"]);
    expect(rulesOf(validManifest(), { spec: null, planMd: false })).toEqual(["SM-011"]);
  });

  it("SM-012 spec.md without Goals / Open Questions / Key Decisions", () => {
    expect(rulesOf(validManifest(), { spec: "# T\n\n## Goals\n\n## Key Decisions\n" })).toEqual(["SM-012"]);
    expect(rulesOf(validManifest(), { spec: SPEC_MD.replace("## Goals", "### goals") })).toEqual([]); // any heading level, any case
  });

  it("read API: listManifests gives valid manifests parsed and invalid ones with findings", () => {
    const root = writeSessions({ [ID]: validManifest(), "2026-01-01_x_000000": mut((m) => (m.status = "complete")) });
    const l = listManifests(root);
    expect(l.map((e: any) => [e.name, e.valid])).toEqual([["2026-01-01_x_000000", false], [ID, true]]);
    expect(l[1].manifest.topic).toBe("Dark mode");
    expect(l[0].manifest).toBeUndefined();
    expect(l[0].findings.map((f: any) => f.ruleId)).toContain("SM-003");
  });

  it("the JSON Schema is generated from zod: strict objects, draft-07, no calendar regex", () => {
    const js: any = manifestJsonSchema();
    expect(js.$schema).toBe("http://json-schema.org/draft-07/schema#");
    expect(js.additionalProperties).toBe(false);
    expect(js.properties.phase_history.additionalProperties).toBe(false);
    expect(js.properties.created_at).toEqual({ type: "string", format: "date-time" });
    expect(js.required).not.toContain("overrides");
  });
});

describe("manifest validator in `agentcheck check`", () => {
  it("check --staged validates only the sessions with staged files, from the git index", async () => {
    const { makeRepo, git, runCli } = await import("../helpers.js");
    const { writeFileSync, readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const repo = makeRepo();
    writeSessions({ [ID]: validManifest(), "2026-01-01_x_000000": validManifest("2026-01-01_x_000000") }, { root: repo });
    git(repo, "add", "-A");
    git(repo, "commit", "-q", "-m", "sessions");
    // stage an invalid manifest, then make the working tree valid again: the index content is checked
    const p = join(repo, "agents", "sessions", ID, "state.json");
    const good = readFileSync(p, "utf8");
    writeFileSync(p, good.replace('"status": "active"', '"status": "complete"'));
    git(repo, "add", p);
    writeFileSync(p, good);
    const r = runCli(["check", "--staged", "--only", "manifest", "--format", "json"], { cwd: repo });
    expect(r.code, r.stdout + r.stderr).toBe(1);
    const res = JSON.parse(r.stdout).results.filter((x: any) => x.validator === "manifest");
    expect(res.map((x: any) => [x.file, x.verdict])).toEqual([[`agents/sessions/${ID}/state.json`, "fail"]]);
    expect(res[0].findings.map((f: any) => f.ruleId)).toEqual(["SM-010"]);
  }, 60_000);
});

describe("SM-002: the schema the manifest validator hands the core is the zod schema's rendering", () => {
  it("SM-002: src/wasm/generated/manifest-schema.ts (built by scripts/gen-state-schema.mjs) equals manifestJsonSchemaText()", async () => {
    const { MANIFEST_SCHEMA } = await import("../../dist/wasm/generated/manifest-schema.js");
    const { manifestJsonSchemaText } = await import("../../dist/manifest/schema.js");
    expect(MANIFEST_SCHEMA).toBe(manifestJsonSchemaText());
    expect(JSON.parse(MANIFEST_SCHEMA)).toEqual(manifestJsonSchema());
  });
});
