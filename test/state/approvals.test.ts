// Issue 40 item 5 (approvals): an agent in a gated session asks, a person grants or denies. The store
// is the real NoteStore in a temporary folder; concurrency goes through its locks.
import { describe, it, expect } from "vitest";
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { NoteStore } from "../../dist/state/store.js";
import {
  requestApproval, grantApproval, denyApproval, getApproval, listApprovals, APPROVAL_EVENTS,
} from "../../dist/state/approvals.js";
import { tmpDir } from "../helpers.js";

const T = new Date("2026-12-01T10:00:00Z");
const store = () => new NoteStore(tmpDir("approvals-"));
const ask = (notes: NoteStore, sessionId = "2026-12-01-session-01", mode: "coding" | "disabled" = "coding") =>
  requestApproval(notes, { sessionId, action: { kind: "mode", mode }, reason: "plan approved by the user", now: T });

describe("approvals (issue 40 item 5)", () => {
  it("approval/requested: a request is a pending approval with an id, stored as a note", async () => {
    const notes = store();
    const a = await ask(notes);
    expect(a).toMatchObject({ status: "pending", sessionId: "2026-12-01-session-01", action: { kind: "mode", mode: "coding" }, requestedBy: "agent", version: 1 });
    expect(a.id).toMatch(/^20261201-100000-[0-9a-f]{6}$/);
    expect(existsSync(join(notes.root, "approvals", `approval-${a.id}.md`))).toBe(true);
    expect(getApproval(notes, a.id)).toEqual(a);
    expect(APPROVAL_EVENTS.requested).toBe("approval/requested");
  });

  it("the same request twice in one session is one pending approval; another mode or session is another", async () => {
    const notes = store();
    const a = await ask(notes);
    expect((await ask(notes)).id).toBe(a.id);
    const b = await ask(notes, "2026-12-01-session-01", "disabled");
    const c = await ask(notes, "2026-12-01-session-02");
    expect(new Set([a.id, b.id, c.id]).size).toBe(3);
    expect(listApprovals(notes, { sessionId: "2026-12-01-session-01" }).map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
  });

  it("concurrent identical requests end as one pending approval", async () => {
    const notes = store();
    const all = await Promise.all([ask(notes), ask(notes), ask(notes)]);
    expect(new Set(all.map((a) => a.id)).size).toBe(1);
    expect(listApprovals(notes, { status: "pending" })).toHaveLength(1);
  });

  it("grant: pending → granted with who and when, version raised; a second grant or a deny is CONFLICT", async () => {
    const notes = store();
    const a = await ask(notes);
    const g = await grantApproval(notes, a.id, { by: "person:alice", note: "ok", now: T });
    expect(g).toMatchObject({ status: "granted", resolvedBy: "person:alice", note: "ok", version: 2, resolvedAt: T.toISOString() });
    await expect(grantApproval(notes, a.id, { by: "person:bob" })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(denyApproval(notes, a.id, { by: "person:bob" })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(getApproval(notes, a.id).status).toBe("granted");
    // once resolved, the same request opens a new approval
    expect((await ask(notes)).id).not.toBe(a.id);
  });

  it("deny; expectedVersion mismatch is CONFLICT; unknown id NOT_FOUND; bad id INVALID_INPUT", async () => {
    const notes = store();
    const a = await ask(notes);
    await expect(denyApproval(notes, a.id, { by: "p", expectedVersion: 5 })).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await denyApproval(notes, a.id, { by: "p", expectedVersion: 1 })).status).toBe("denied");
    await expect(grantApproval(notes, "20990101-000000-abcdef", { by: "p" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(grantApproval(notes, "../x", { by: "p" })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(grantApproval(notes, a.id, { by: "" })).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });

  it("only a mode change is an action; a bad session id or action is INVALID_INPUT", async () => {
    const notes = store();
    await expect(requestApproval(notes, { sessionId: "A/B", action: { kind: "mode", mode: "coding" } })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(requestApproval(notes, { sessionId: "s", action: { kind: "mode", mode: "root" as never } })).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });

  it("a note that is no approval record is skipped by the list and CORRUPT when read", async () => {
    const notes = store();
    const a = await ask(notes);
    mkdirSync(join(notes.root, "approvals"), { recursive: true });
    writeFileSync(join(notes.root, "approvals", "approval-20260101-000000-000000.md"), "```json\n{\"id\":\"x\"}\n```\n");
    expect(listApprovals(notes).map((x) => x.id)).toEqual([a.id]);
    expect(() => getApproval(notes, "20260101-000000-000000")).toThrow(expect.objectContaining({ code: "CORRUPT" }));
    expect(readFileSync(join(notes.root, "approvals", `approval-${a.id}.md`), "utf8")).toContain("type: session-approval");
  });
});
