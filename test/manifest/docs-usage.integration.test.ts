// Issue 36 item 8 (mismatches): every form of `manifest checkpoint` that docs/manifests.md shows runs as
// written (the page said `manifest checkpoint ID start`, which the CLI refuses: missing argument).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { makeRepo, ROOT, runCli } from "../helpers.js";

/** The `manifest checkpoint ...` commands of the page's table, in code spans. */
function documentedCheckpointForms(): string[] {
  const page = readFileSync(join(ROOT, "docs", "manifests.md"), "utf8");
  const row = page.split("\n").find((l) => l.startsWith("| `manifest checkpoint"));
  if (!row) throw new Error("docs/manifests.md: no `manifest checkpoint` row");
  const cell = row.split(/(?<!\\)\|/)[1];
  return [...cell.matchAll(/`([^`]+)`/g)].flatMap((m) => {
    // `ID start\|complete\|total N` inside one span reads as the alternatives `start`, `complete`,
    // `total N`: each alternative is the rest of the command
    const words = m[1].replace(/\\\|/g, "|").split(" ");
    const alt = words.findIndex((w) => w.includes("|"));
    if (alt < 0) return [words.join(" ")];
    const head = words.slice(0, alt).join(" ");
    return words.slice(alt).join(" ").split("|").map((tail) => `${head} ${tail}`);
  });
}

describe("docs/manifests.md usage runs as written (issue 36)", () => {
  it("manifest checkpoint: each documented form (ID, N filled in) exits 0", () => {
    const dir = makeRepo({ "README.md": "# r\n" });
    expect(runCli(["manifest", "create", "--topic", "t", "--id", "m1", "--checkpoints", "2"], { cwd: dir }).code).toBe(0);
    const forms = documentedCheckpointForms();
    expect(forms.length).toBeGreaterThanOrEqual(3);
    for (const form of forms) {
      const args = form.split(" ").map((w) => (w === "ID" ? "m1" : w === "N" ? "2" : w));
      const r = runCli(args, { cwd: dir });
      expect(r.code, `${form}: ${r.stderr}`).toBe(0);
    }
  });
});
