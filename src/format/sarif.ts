// SARIF 2.1.0 for GitHub code scanning: one run, rule descriptors from the rule metadata declared
// in assembly/ (ruleTable()), stable partialFingerprints, results capped at GitHub's per-run limit.
import { modeNote } from "./mode-note.js";
import { FIRST_GROUP, nextGroup } from "./json.js";
import { sha256Hex } from "../sha256.js";
import { findingRank, type Finding, type FileResult, type Report, type Severity } from "../report.js";

export interface SarifRuleInfo {
  id: string;
  validator: string;
  severity: Severity;
  title: string;
  description: string;
}

export const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
export const INFORMATION_URI = "https://www.npmjs.com/package/agentcheck";
/** GitHub accepts at most 25,000 results per run. */
export const MAX_RESULTS = 25_000;
/** Fingerprint key: bump the suffix if the fingerprint recipe ever changes. */
export const FINGERPRINT_KEY = "agentcheckFindingHash/v1";

const LEVEL: Record<Severity, string> = { error: "error", warning: "warning", info: "note" };

/** "Session log file name" -> "SessionLogFileName" (SARIF reportingDescriptor.name). */
function pascal(title: string): string {
  const words = title.replace(/[^A-Za-z0-9]+/g, " ").trim().split(" ").filter(Boolean);
  const name = words.map((w) => w[0].toUpperCase() + w.slice(1)).join("");
  return name || "Rule";
}

/**
 * A repository path as a relative URI reference, segment by segment: what encodeURI escapes (spaces,
 * '%', non-ASCII, brackets), and also '#' and '?' (which would start a fragment or a query), and ':'
 * in the first segment (which would read as a scheme); the '/' between segments is kept.
 */
export function pathUri(path: string): string {
  return path
    .split("/")
    .map((seg, i) => encodeURI(seg).replace(i === 0 ? /[#?:]/g : /[#?]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join("/");
}

function hash(s: string): string {
  return sha256Hex(s).slice(0, 32);
}

function descriptor(r: SarifRuleInfo) {
  return {
    id: r.id,
    name: pascal(r.title),
    shortDescription: { text: r.title },
    fullDescription: { text: r.description },
    help: {
      text: `${r.title}: ${r.description}`,
      markdown: `**${r.id} — ${r.title}** (${r.validator})\n\n${r.description}`,
    },
    defaultConfiguration: { level: LEVEL[r.severity] },
    properties: { tags: [r.validator] },
  };
}

/** Describe a rule id that the rule table does not know (e.g. an external linter's rule). */
function syntheticRule(f: Finding, validator: string): SarifRuleInfo {
  return {
    id: f.ruleId,
    validator,
    severity: f.severity,
    title: f.ruleId,
    description: `Reported by the ${validator} validator (rule ${f.ruleId}).`,
  };
}

export function formatSarif(report: Report, opts: { rules: SarifRuleInfo[]; internalErrors?: string[] }): string {
  return [...formatSarifChunks(report, opts)].join("");
}

/** formatSarif's document in pieces (the results a few hundred at a time). */
export function* formatSarifChunks(report: Report, opts: { rules: SarifRuleInfo[]; internalErrors?: string[] }): Generator<string> {
  const known = new Map(opts.rules.map((r) => [r.id, r] as const));
  const extra = new Map<string, SarifRuleInfo>();
  for (const r of report.results) {
    for (const f of r.findings) {
      if (!known.has(f.ruleId) && !extra.has(f.ruleId)) extra.set(f.ruleId, syntheticRule(f, r.validator));
    }
  }
  const rules = [...opts.rules, ...[...extra.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))];
  const index = new Map(rules.map((r, i) => [r.id, i] as const));

  // every finding with its fingerprint, in report order (occurrence counters count every finding,
  // so a fingerprint does not depend on what a cap leaves out)
  const all: { f: Finding; r: FileResult; base: string; n: number; rank: number }[] = [];
  const seen = new Map<string, number>();
  for (const r of report.results) {
    for (const f of r.findings) {
      // Stable across runs and line shifts: rule, file and message; an occurrence counter keeps
      // identical findings in the same file apart.
      const base = `${f.ruleId}\u0000${f.file}\u0000${f.message}`;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      all.push({ f, r, base, n, rank: findingRank(f) });
    }
  }
  const total = all.length;
  // over the cap, internal errors and unread files (AC-9xx) are kept first, then errors, warnings,
  // notes; what is kept is written in report order
  let kept = all;
  if (total > MAX_RESULTS) {
    const order = all.map((_, i) => i).sort((x, y) => all[x].rank - all[y].rank || x - y);
    const keep = new Set(order.slice(0, MAX_RESULTS));
    kept = all.filter((_, i) => keep.has(i));
  }
  const results: unknown[] = kept.map(({ f, r, base, n }) => {
    const region: Record<string, number> = { startLine: Math.max(1, f.line) };
    if (f.line > 0 && f.column > 0) region.startColumn = f.column;
    return {
      ruleId: f.ruleId,
      ruleIndex: index.get(f.ruleId),
      level: LEVEL[f.severity],
      message: { text: f.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: pathUri(f.file), uriBaseId: "%SRCROOT%" },
            region,
          },
        },
      ],
      partialFingerprints: { [FINGERPRINT_KEY]: `${hash(base)}:${n}` },
      properties: { validator: r.validator, ...(f.line === 0 ? { wholeFile: true } : {}), ...(modeNote(r) ? { mode: r.data?.mode } : {}) },
    };
  });

  const notifications: unknown[] = [];
  // an internal error (the rule core failed: exit 2) makes the run unsuccessful, one error entry each
  const internal = opts.internalErrors ?? [];
  for (const e of internal) notifications.push({ level: "error", message: { text: `internal error: ${e}` } });
  for (const r of report.results) {
    if (r.verdict !== "skip") continue;
    notifications.push({
      level: "note",
      message: { text: `${r.validator}: ${r.file}: skipped: ${r.reason ?? "skipped"}` },
      locations: [{ physicalLocation: { artifactLocation: { uri: pathUri(r.file), uriBaseId: "%SRCROOT%" } } }],
    });
  }
  if (total > results.length) {
    notifications.push({
      level: "warning",
      message: { text: `${total - results.length} of ${total} results were left out: GitHub accepts at most ${MAX_RESULTS} results per run (internal errors and errors are kept before warnings and notes).` },
    });
  }

  const doc = {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "agentcheck",
            version: report.version,
            semanticVersion: report.version,
            informationUri: INFORMATION_URI,
            rules: rules.map(descriptor),
          },
        },
        automationDetails: { id: "agentcheck/" },
        originalUriBaseIds: { "%SRCROOT%": { description: { text: "The repository root." } } },
        invocations: [
          {
            executionSuccessful: internal.length === 0,
            ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}),
          },
        ],
        results: RESULTS_SLOT,
      },
    ],
  };
  yield* sarifText(doc, results);
}

/** Where the results go in the document's text (a string JSON.stringify writes as it is). */
const RESULTS_SLOT = "\u0000results";

/**
 * JSON.stringify(doc, null, 2) with `results` put in its slot, written a group of results at a time
 * (the results array sits at depth 4: its items are indented by eight).
 */
function* sarifText(doc: unknown, results: unknown[]): Generator<string> {
  const text = JSON.stringify(doc, null, 2) + "\n";
  const slot = JSON.stringify(RESULTS_SLOT);
  const at = text.indexOf(slot);
  yield text.slice(0, at);
  if (results.length === 0) yield "[]";
  else {
    yield "[";
    for (let i = 0, n = FIRST_GROUP; i < results.length; ) {
      // as in formatJsonChunks: items stringified inside {"r": [...]} are indented by four; four more
      // here; groups of about PIECE_CHARS characters (nextGroup)
      const items = results.slice(i, i + n);
      const wrapped = JSON.stringify({ r: items }, null, 2);
      yield `${i === 0 ? "" : ","}\n        ${wrapped.slice(15, wrapped.length - 6).replace(/\n/g, "\n    ")}`;
      i += items.length;
      n = nextGroup(wrapped.length, items.length);
    }
    yield "\n      ]";
  }
  yield text.slice(at + slot.length);
}
