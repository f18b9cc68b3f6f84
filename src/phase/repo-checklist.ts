// The start and end checklists of the repository's own protocol (issue 40 item 3): the MUST and SHOULD
// rows of the Session Start / Session End tables of .agents/SESSION-PROTOCOL.md, parsed by the core
// (the session-protocol validator's PROTOCOL document: the same table parser the session-log rules
// SP-031/SP-035 compare logs with); the built-in checklist (model.ts newChecklists) when the file is
// absent, unreadable or has no such rows. A step of the built-in list keeps the gate or evidence type
// that ticks it; the repository's own steps are listed as written and ticked by no gate.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_READ_LIMIT, readOrThrow } from "../fsread.js";
import { PROTOCOL_FILE } from "../config-paths.js";
import { executeValidator } from "../engine.js";
import { KIND } from "../wasm/abi.js";
import { decodeList } from "../wasm/list.js";
import { newChecklists, type ChecklistItem } from "./model.js";
import { EVIDENCE_KINDS, type EvidenceKind, type StepSpec } from "../state/observed.js";

export interface Checklists {
  start: ChecklistItem[];
  end: ChecklistItem[];
  /** Where the steps come from: the protocol file's path, or "built-in". */
  source: string;
}

/** The MUST / SHOULD steps of a protocol document, as the core parses them (pure: bytes in, steps out). */
export function parseProtocolChecklists(bytes: Uint8Array, file = PROTOCOL_FILE): { start: ChecklistItem[]; end: ChecklistItem[] } {
  const out = executeValidator("session-protocol", [{ file, kind: KIND.PROTOCOL, bytes }], {});
  const data = out.results[0]?.data ?? {};
  const template = newChecklists();
  const items = (value: string | undefined, tpl: ChecklistItem[]): ChecklistItem[] => {
    const flat = value === undefined ? [] : decodeList(value);
    const list: ChecklistItem[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) {
      const it: ChecklistItem = { req: flat[i] === "SHOULD" ? "SHOULD" : "MUST", step: flat[i + 1], done: false, evidence: "" };
      const t = tpl.find((x) => x.step === it.step);
      if (t?.gate) it.gate = t.gate;
      if (t?.evidenceType) it.evidenceType = t.evidenceType;
      list.push(it);
    }
    return list;
  };
  return { start: items(data["checklist.start"], template.start), end: items(data["checklist.end"], template.end) };
}

/** The evidence that ticks each start step of a protocol document, as the core reads its wording (step-evidence.ts). */
export function parseStartEvidence(bytes: Uint8Array, file = PROTOCOL_FILE): { kind: EvidenceKind; arg: string }[] {
  const out = executeValidator("session-protocol", [{ file, kind: KIND.PROTOCOL, bytes }], {});
  const data = out.results[0]?.data ?? {};
  const ev = data["checklist.startEvidence"] === undefined ? [] : decodeList(data["checklist.startEvidence"]);
  const list: { kind: EvidenceKind; arg: string }[] = [];
  for (let i = 0; i + 1 < ev.length; i += 2) list.push({ kind: (EVIDENCE_KINDS as readonly string[]).includes(ev[i]) ? (ev[i] as EvidenceKind) : "record", arg: ev[i + 1] });
  return list;
}

/**
 * The start steps the repository's own protocol requires (issue 40 item 2): its MUST start rows, each
 * keyed `step<n>` (n: the row's place in the start checklist, from 1) with the evidence that ticks it;
 * undefined without such rows (the built-in steps apply).
 */
export function repoStartSpecs(root: string): StepSpec[] | undefined {
  const abs = join(root, PROTOCOL_FILE);
  if (!existsSync(abs)) return undefined;
  let bytes: Uint8Array;
  try {
    bytes = readOrThrow(abs, { maxBytes: DEFAULT_READ_LIMIT, root });
  } catch {
    return undefined; // unreadable (a link out of the repository, too large): the built-in steps, as repoChecklists
  }
  const { start } = parseProtocolChecklists(bytes);
  const ev = parseStartEvidence(bytes);
  const out: StepSpec[] = [];
  start.forEach((it, i) => {
    if (it.req === "MUST") out.push({ key: `step${i + 1}`, kind: ev[i]?.kind ?? "record", arg: ev[i]?.arg ?? "", text: it.step });
  });
  return out.length > 0 ? out : undefined;
}

/** The repository's checklists when its protocol file has start or end steps, else the built-in ones. */
export function repoChecklists(root: string): Checklists {
  const abs = join(root, PROTOCOL_FILE);
  if (existsSync(abs)) {
    try {
      const parsed = parseProtocolChecklists(readOrThrow(abs, { maxBytes: DEFAULT_READ_LIMIT, root }));
      if (parsed.start.length + parsed.end.length > 0) return { ...parsed, source: PROTOCOL_FILE };
    } catch {
      /* unreadable (a link out of the repository, too large): the built-in checklist */
    }
  }
  return { ...newChecklists(), source: "built-in" };
}
