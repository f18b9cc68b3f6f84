// zod schema of the pre-pr JSON report (for consumers and tests; not loaded by the CLI).
import { z } from "zod";

export const PrePrFindingSchema = z.object({
  ruleId: z.string(),
  severity: z.enum(["error", "warning", "info"]),
  path: z.string(),
  line: z.number().int().min(0),
  column: z.number().int().min(0),
  message: z.string(),
});

export const PrePrReportSchema = z.object({
  tool: z.literal("agentcheck"),
  version: z.string(),
  command: z.literal("pre-pr"),
  mode: z.enum(["quick", "full"]),
  scope: z.object({
    kind: z.enum(["changed", "all"]),
    base: z.string().optional(),
    mergeBase: z.string().optional(),
    files: z.number().int().min(0),
  }),
  startedAt: z.string(),
  durationMs: z.number().min(0),
  counts: z.object({
    total: z.number().int(),
    passed: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
    warned: z.number().int(),
  }),
  checks: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.enum(["PASS", "WARN", "FAIL", "SKIP"]),
      durationMs: z.number().min(0),
      message: z.string(),
      reason: z.string().optional(),
      tool: z.object({ name: z.string(), path: z.string().optional(), exitCode: z.number().int().nullable().optional() }).optional(),
      details: z.array(z.string()).optional(),
      findings: z.array(PrePrFindingSchema),
    }),
  ),
  exitCode: z.number().int(),
});
export type PrePrReport = z.infer<typeof PrePrReportSchema>;

