// basic-memory-compatible note files (spec §3.2, §3.3): YAML front matter + one fenced JSON block.
// Reading is tolerant: front matter optional, first ```json fence, else the whole body as JSON.
import { StateError } from "./errors.js";

export type NoteType = "session-state" | "session-pointer" | "session-agent" | "session-history" | "session-approval" | "session-summary";

/** basic-memory's permalink rule applied to a note path (no extension): ASCII, camel-case split, lower-case, hyphens. */
export function permalinkOf(notePath: string): string {
  return notePath
    .replace(/\.md$/i, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split("/")
    .map((seg) =>
      seg
        .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
        .toLowerCase()
        .replace(/[\s_]+/g, "-")
        .replace(/[^a-z0-9.-]+/g, "-")
        .replace(/-+/g, "-")
        .replace(/^-|-$/g, ""),
    )
    .join("/");
}

/** Note paths (no `.md`) of the store, relative to the notes root. */
export const notePaths = {
  pointer: "sessions/current-session",
  state: (id: string) => `sessions/session-${id}`,
  agent: (id: string, agent: string) => `sessions/session-${id}-agent-${agent}`,
  history: (id: string, version: number) => `sessions/session-${id}-history-v${version}`,
  /** A pending or resolved approval (src/state/approvals.ts). */
  approval: (approvalId: string) => `approvals/approval-${approvalId}`,
  /** The end-of-session summary (the Inngest session-protocol-end function): a folder of its own, no state note's name. */
  summary: (id: string) => `summaries/session-${id}`,
};

export function renderNote(notePath: string, type: NoteType, heading: string | null, body: string, json: boolean): string {
  const title = notePath.slice(notePath.lastIndexOf("/") + 1);
  const tags = type === "session-state" ? ["session", "session-state"] : ["session", type];
  const fm = ["---", `title: ${title}`, `type: ${type}`, `permalink: ${permalinkOf(notePath)}`, "tags:", ...tags.map((t) => `- ${t}`), "---"];
  const content = json ? "```json\n" + body.replace(/\n?$/, "\n") + "```\n" : body.replace(/\n?$/, "\n");
  return `${fm.join("\n")}\n\n${heading ? `# ${heading}\n\n` : ""}${content}`;
}

export function renderJsonNote(notePath: string, type: NoteType, heading: string, value: unknown): string {
  return renderNote(notePath, type, heading, JSON.stringify(value, null, 2), true);
}

/** Body of a note with its front matter (if any) removed. */
export function stripFrontMatter(text: string): string {
  let t = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (t.includes("\r")) t = t.replace(/\r\n?/g, "\n");
  if (t.startsWith("---\n")) {
    const end = t.indexOf("\n---", 3);
    if (end >= 0) {
      const after = t.indexOf("\n", end + 4);
      const closing = t.slice(end + 4, after < 0 ? undefined : after);
      if (closing.trim() === "") return after < 0 ? "" : t.slice(after + 1);
    }
  }
  return t;
}

/** The JSON value a note carries. Throws CORRUPT when there is none or it does not parse. */
export function parseJsonNote(text: string, what: string): unknown {
  return parseJsonNoteText(text, what).value;
}

/** parseJsonNote, with the JSON text the value was parsed from (the fenced block, or the body). */
export function parseJsonNoteText(text: string, what: string): { value: unknown; json: string } {
  const body = stripFrontMatter(text);
  let json: string | undefined;
  const fence = /^[ \t]{0,3}```[ \t]*json[ \t]*\n/m.exec(body);
  if (fence) {
    const start = fence.index + fence[0].length;
    // JSON text cannot contain a raw newline inside a string, so the first line starting with ```
    // after the opening fence closes the block (indented fences via the regex).
    let end = body.indexOf("\n```", start - 1);
    if (end >= 0) {
      end += 1;
      const lineEnd = body.indexOf("\n", end);
      if (body.slice(end + 3, lineEnd < 0 ? undefined : lineEnd).trim() !== "") end = -1;
    }
    if (end < 0) {
      const close = /^[ \t]{0,3}```[ \t]*$/m.exec(body.slice(start));
      if (!close) throw new StateError("CORRUPT", `${what}: the json block is not closed`);
      end = start + close.index;
    }
    json = body.slice(start, end);
  } else {
    json = body;
  }
  if (json.trim() === "") throw new StateError("CORRUPT", `${what}: no JSON content`);
  try {
    return { value: JSON.parse(json), json };
  } catch (e) {
    throw new StateError("CORRUPT", `${what}: invalid JSON (${(e as Error).message})`);
  }
}

/** First non-empty line of a pointer note body (the current session id), or "" when there is none. */
export function parsePointer(text: string): string {
  const body = stripFrontMatter(text);
  for (const line of body.split("\n")) {
    const l = line.trim();
    if (l !== "" && !l.startsWith("#")) return l;
  }
  return "";
}
