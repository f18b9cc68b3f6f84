// Issue 36 item 6: `npm ci` of a clone leaves the repository untouched. lefthook (a devDependency only for
// test/integrations/hook-managers.integration.test.ts) has a postinstall that runs `lefthook install`
// in the clone: it writes an untracked lefthook.yml and .git/hooks/prepare-commit-msg. npm 11 reads the
// package.json `allowScripts` policy and skips a dependency's install scripts denied there (`false`);
// every dependency with an install script (package-lock.json `hasInstallScript`) must be decided there,
// or npm 11 warns about it on every install (and a future npm blocks it).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers.js";

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { allowScripts?: Record<string, boolean> };
const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as {
  packages: Record<string, { hasInstallScript?: boolean; version?: string }>;
};

/** Names of the locked packages with an install script (node_modules/a/node_modules/@s/b -> @s/b). */
function withInstallScripts(): string[] {
  const names = new Set<string>();
  for (const [path, p] of Object.entries(lock.packages)) {
    if (path === "" || !p.hasInstallScript) continue;
    names.add(path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));
  }
  return [...names].sort();
}

describe("install scripts of dependencies (issue 36 item 6)", () => {
  it("I36-6: lefthook's postinstall is denied in allowScripts (npm ci of a clone writes no lefthook.yml, installs no git hook)", () => {
    expect(pkg.allowScripts?.lefthook).toBe(false);
  });

  it("I36-6: every locked dependency with an install script is decided in allowScripts (no npm 11 install-scripts warning)", () => {
    const scripted = withInstallScripts();
    expect(scripted).toContain("lefthook"); // the lock is read as npm writes it
    const undecided = scripted.filter((n) => typeof pkg.allowScripts?.[n] !== "boolean");
    expect(undecided).toEqual([]);
  });

  it("I36-6: allowScripts names no package the lock does not hold (a stale entry hides nothing, but misleads review)", () => {
    const scripted = new Set(withInstallScripts());
    expect(Object.keys(pkg.allowScripts ?? {}).filter((n) => !scripted.has(n))).toEqual([]);
  });
});
