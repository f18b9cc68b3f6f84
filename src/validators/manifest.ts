// Manifest validator host: finds agents/sessions/*/state.json under a workspace, hands each manifest
// (plus its spec.md and which artifact files exist) to the WASM `manifest` rules (SM-001..SM-012).
// Also the read API other commands use (list/parse manifests with their validity).
import type { RuleSettings } from "../run-settings.js";
import { join } from "node:path";
import { MANIFEST_SESSIONS_DIR } from "../config-paths.js";
import { KIND } from "../wasm/abi.js";
import { DEFAULT_MAX_FILE_BYTES, executeValidator, problemResult, readArtifact, type ContentDoc, type ValidatorOutput } from "../engine.js";
import { DiskSource, type FileSource } from "../source.js";
import { NOTE_MAX_BYTES } from "../fsread.js";
import type { Finding } from "../report.js";
import { ARTIFACTS } from "../manifest/artifacts.js";
import type { SessionManifest } from "../manifest/schema.js";
import { MANIFEST_SCHEMA } from "../wasm/generated/manifest-schema.js";
import { FLAGS } from "../wasm/contract.js";

const FLAG = { spec: FLAGS.manifest.HAS_SPEC, plan: FLAGS.manifest.HAS_PLAN, plan_readable: FLAGS.manifest.PLAN_READABLE } as const;

export interface ManifestCheckOptions {
  /** Workspace (working directory) root holding agents/sessions/. */
  root: string;
  source?: FileSource;
  maxFileBytes?: number;
  /** Only these session folder names (default: every folder with a state.json). */
  sessions?: string[];
  /** The run's rule options and severities (default: every rule's declared ones). */
  rules?: RuleSettings;
}

export { discoverSessions } from "../manifest/discover.js";
import { discoverSessions } from "../manifest/discover.js";
import { pushAll } from "../arrays.js";

function sessionDocs(source: FileSource, name: string, maxBytes: number): { docs: ContentDoc[]; problem?: Finding } {
  const dir = `${MANIFEST_SESSIONS_DIR}/${name}`;
  const file = `${dir}/state.json`;
  const read = (rel: string, limit = maxBytes): Uint8Array | Finding => {
    const r = readArtifact(source, rel, limit);
    return r.problem ?? r.bytes!;
  };
  // the manifest store reads at most NOTE_MAX_BYTES: a larger state.json is one `manifest show` and
  // every change refuse, so check reports it (AC-900) instead of calling it valid
  const bytes = read(file, Math.min(maxBytes, NOTE_MAX_BYTES));
  if (!(bytes instanceof Uint8Array)) return { docs: [], problem: bytes };
  let flags = 0;
  for (const k of Object.keys(FLAG) as (keyof typeof FLAG)[]) if (source.type(`${dir}/${ARTIFACTS[k]}`) === "file") flags |= FLAG[k];
  const docs: ContentDoc[] = [{ file, kind: KIND.MANIFEST, flags, bytes }];
  if (flags & FLAG.spec) {
    const spec = read(`${dir}/spec.md`);
    if (spec instanceof Uint8Array) docs.push({ file: `${dir}/spec.md`, kind: KIND.MANIFEST_SPEC, bytes: spec });
  }
  return { docs };
}

/** Run the manifest rules over the session folders of a workspace. */
export function validateManifests(opts: ManifestCheckOptions): ValidatorOutput {
  const source = opts.source ?? new DiskSource(opts.root);
  const max = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const names = opts.sessions ?? discoverSessions(source);
  const docs: ContentDoc[] = [];
  const problems: Finding[] = [];
  for (const n of names) {
    const s = sessionDocs(source, n, max);
    if (s.problem) problems.push(s.problem);
    pushAll(docs, s.docs);
  }
  const out = docs.length
    ? executeValidator("manifest", docs, { "manifest.schema": MANIFEST_SCHEMA }, { separable: false, rules: opts.rules })
    : { results: [], global: {}, internalErrors: [] };
  for (const p of problems) out.results.push(problemResult("manifest", p));
  out.results.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return out;
}

/** Write-time check of a manifest about to be stored (no folder/artifact rules): its findings. */
export function checkManifestContent(m: unknown, sessionId: string): Finding[] {
  const file = `${MANIFEST_SESSIONS_DIR}/${sessionId}/state.json`;
  const out = executeValidator("manifest", [{ file, kind: KIND.MANIFEST, bytes: new TextEncoder().encode(JSON.stringify(m, null, 2)) }], {
    "manifest.schema": MANIFEST_SCHEMA,
    "manifest.scope": "content",
  });
  return out.results.flatMap((r) => r.findings);
}

export interface ManifestEntry {
  /** Session folder name (= session_id of a valid manifest). */
  name: string;
  /** Absolute path of the session folder. */
  dir: string;
  /** Workspace-relative path of state.json. */
  file: string;
  /** The parsed manifest when it is valid. */
  manifest?: SessionManifest;
  valid: boolean;
  /** Error findings (empty when valid). */
  findings: Finding[];
}

/**
 * Read API: every session manifest of a workspace with its validity (all SM rules). Invalid manifests
 * carry their findings and no `manifest`.
 */
export function listManifests(root: string, opts: { sessions?: string[] } = {}): ManifestEntry[] {
  const out = validateManifests({ root, sessions: opts.sessions });
  const source = new DiskSource(root);
  return out.results.map((r) => {
    const name = r.file.split("/").slice(-2, -1)[0] ?? "";
    const errors = r.findings.filter((f) => f.severity === "error");
    const e: ManifestEntry = { name, dir: join(root, MANIFEST_SESSIONS_DIR, name), file: r.file, valid: errors.length === 0 && r.verdict !== "fail", findings: errors };
    if (e.valid) e.manifest = JSON.parse(new TextDecoder().decode(source.read(r.file))) as SessionManifest;
    return e;
  });
}

/** One session folder's manifest (see listManifests). */
export function readManifestEntry(root: string, sessionId: string): ManifestEntry | undefined {
  return listManifests(root, { sessions: [sessionId] })[0];
}
