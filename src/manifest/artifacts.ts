// The artifact files of a session folder (specs/session-formats.md §1), without the zod schema that
// names them too (src/manifest/schema.ts): the manifest validator reads these names on every
// `check`, which must not load zod.
export const ARTIFACTS = { spec: "spec.md", plan: "plan.json", plan_readable: "plan.md" } as const;
