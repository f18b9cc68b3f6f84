// The pre-pr check ids, lean (no check code): the configuration validator (src/config-validate.ts)
// refuses an unknown id under prePr.checks at every entry point, the hook gate included, without
// loading the checks. src/prepr/checks.ts declares each check with one of these ids (CheckDef.id is
// a CheckId) and test/pre-pr/check-ids.test.ts proves every id here has its check.
export const CHECK_IDS = ["PP-001", "PP-002", "PP-003", "PP-004", "PP-005", "PP-006", "PP-007", "PP-008", "PP-009", "PP-010", "PP-011", "PP-012", "PP-013", "PP-014", "PP-015", "PP-016", "PP-017", "PP-018", "PP-019", "PP-020"] as const;
export type CheckId = (typeof CHECK_IDS)[number];
