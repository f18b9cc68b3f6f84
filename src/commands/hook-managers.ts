// `agentcheck hooks install --manager lefthook|husky`: the hook manager's own file gets the line that
// runs `check --staged` (docs/integrations.md "lefthook", "husky"). Nothing of the user's is rewritten:
// an existing .husky/pre-commit gets the line appended; an existing lefthook configuration is never
// edited (its comments, anchors and order would not survive a YAML rewrite): without agentcheck in
// it the command stops with exit 2 and prints the job to add. A symbolic link is never written through.
import { join } from "node:path";
import { CONFIG_MAX_BYTES, isLink, lexists, readTextOrThrow } from "../fsread.js";
import { writeFileConfined } from "../fswrite.js";
import { editTextConfined } from "../fsedit.js";
import { UsageError } from "../report.js";
import { gitRaw, gitTopLevel } from "../git-run.js";
import { WITHOUT_CA_BUNDLE } from "./hook-env.js";

export const MANAGERS = ["lefthook", "husky"] as const;
export type Manager = (typeof MANAGERS)[number];

/** The command a manager's hook runs (the package's own binary, never a download; node without the CA bundle variable, ./hook-env.ts). */
export const STAGED_COMMAND = `${WITHOUT_CA_BUNDLE}npx --no-install agentcheck check --staged`;
/** The lefthook job, as docs/integrations.md shows it. */
export const LEFTHOOK_JOB = `pre-commit:\n  jobs:\n    - name: agentcheck\n      run: ${STAGED_COMMAND}\n      skip: [rebase]\n      timeout: 60s\n`;
/** File names lefthook reads its configuration from, in its order. */
const LEFTHOOK_FILES = ["lefthook.yml", ".lefthook.yml", "lefthook.yaml", ".lefthook.yaml", "lefthook.toml", ".lefthook.toml", "lefthook.json", ".lefthook.json"];
const RUNS_AGENTCHECK = /\bagentcheck(\.js)?["']?\s+check\s+--staged\b/;

function readOwn(root: string, rel: string): string {
  return readTextOrThrow(join(root, rel), { maxBytes: CONFIG_MAX_BYTES, root });
}

function refuseLink(root: string, rel: string): void {
  if (isLink(join(root, rel))) throw new UsageError(`${rel} is a symbolic link; it was left unchanged. Add '${STAGED_COMMAND}' to the file it points at yourself.`);
}

function installLefthook(root: string): string[] {
  const existing = LEFTHOOK_FILES.find((f) => lexists(join(root, f)));
  if (existing === undefined) {
    writeFileConfined(join(root, "lefthook.yml"), LEFTHOOK_JOB, { root });
    return ["wrote lefthook.yml (a pre-commit job running check --staged)", "run 'npx lefthook install' so git runs it"];
  }
  refuseLink(root, existing);
  if (RUNS_AGENTCHECK.test(readOwn(root, existing))) return [`${existing} already runs agentcheck check --staged; nothing to do`];
  throw new UsageError(`${existing} exists and does not run agentcheck; it was left unchanged (agentcheck does not rewrite a lefthook configuration). Add this job to it:\n\n${LEFTHOOK_JOB}`);
}

function installHusky(root: string): string[] {
  const rel = ".husky/pre-commit";
  const file = join(root, rel);
  const messages: string[] = [];
  if (!lexists(file)) {
    writeFileConfined(file, `${STAGED_COMMAND}\n`, { root });
    messages.push(`wrote ${rel}`);
  } else {
    refuseLink(root, rel);
    const text = readOwn(root, rel);
    if (RUNS_AGENTCHECK.test(text)) messages.push(`${rel} already runs agentcheck check --staged; nothing to do`);
    else {
      editTextConfined(file, (now) => `${now}${now.length > 0 && !now.endsWith("\n") ? "\n" : ""}${STAGED_COMMAND}\n`, { root });
      messages.push(`added '${STAGED_COMMAND}' to ${rel}`);
    }
  }
  const hooksPath = gitRaw(root, ["config", "--get", "core.hooksPath"]).stdout.toString("utf8").trim();
  if (!/^\.husky(\/_)?\/?$/.test(hooksPath)) messages.push("git does not use husky's hooks yet: run 'npx husky' (husky's \"prepare\" script does it on npm install)");
  return messages;
}

export function installManagerHook(cwd: string, manager: string): string[] {
  if (!(MANAGERS as readonly string[]).includes(manager)) throw new UsageError(`--manager: expected ${MANAGERS.join(" or ")}, got '${manager}'`);
  const root = gitTopLevel(cwd);
  if (root === undefined) throw new UsageError("not inside a git work tree");
  return manager === "lefthook" ? installLefthook(root) : installHusky(root);
}

export async function runManagerInstall(manager: string, force: boolean | undefined): Promise<number> {
  if (force) throw new UsageError("--force applies to the git hook agentcheck writes, not to --manager (a manager's file is never replaced)");
  for (const m of installManagerHook(process.cwd(), manager)) process.stderr.write(`agentcheck: ${m}\n`);
  return 0;
}
