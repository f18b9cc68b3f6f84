// Checks that every relative link in README.md, CONTRIBUTING.md and docs/*.md resolves: the file
// exists and, for `#anchor` links into markdown, a heading with that GitHub slug exists.
// Usage: node scripts/check-doc-links.mjs (exit 1 and one line per broken link).
import { readFileSync, existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const files = ["README.md", "CONTRIBUTING.md"].filter((f) => existsSync(join(root, f)))
  .concat(readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`));

const stripFences = (md) => md.replace(/^```[\s\S]*?^```/gm, "");
const slug = (h) => h.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
function anchors(file) {
  const set = new Set();
  const seen = new Map();
  for (const m of stripFences(readFileSync(file, "utf8")).matchAll(/^#{1,6} (.*)$/gm)) {
    const base = slug(m[1].replace(/`/g, ""));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    set.add(n ? `${base}-${n}` : base);
  }
  return set;
}

export function brokenLinks() {
  const broken = [];
  for (const f of files) {
    const abs = join(root, f);
    const text = stripFences(readFileSync(abs, "utf8")).replace(/`[^`\n]*`/g, "");
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1];
      if (/^[a-z]+:/i.test(target)) continue; // http:, https:, mailto:
      const [path, anchor] = target.split("#");
      const dest = path ? join(dirname(abs), path) : abs;
      if (!existsSync(dest)) { broken.push(`${f}: ${target} (no such file)`); continue; }
      if (anchor && statSync(dest).isFile() && dest.endsWith(".md") && !anchors(dest).has(anchor))
        broken.push(`${f}: ${target} (no heading #${anchor} in ${relative(root, dest)})`);
    }
  }
  return broken;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const b = brokenLinks();
  for (const l of b) console.error(l);
  console.log(`${files.length} files checked, ${b.length} broken links`);
  process.exit(b.length ? 1 : 0);
}
