// The JSON report, defined once as zod schemas (exported from the package for consumers).
import { z } from "zod";
import type { Report } from "./report.js";

export const SeveritySchema = z.enum(["error", "warning", "info"]);

export const FindingSchema = z.object({
  ruleId: z.string(),
  severity: SeveritySchema,
  file: z.string(),
  line: z.number().int().min(0),
  column: z.number().int().min(0),
  messageId: z.string().optional(),
  data: z.record(z.string(), z.string()).optional(),
  message: z.string(),
});

export const VerdictSchema = z.enum(["pass", "fail", "skip"]);

export const FileResultSchema = z.object({
  file: z.string(),
  validator: z.string(),
  verdict: VerdictSchema,
  reason: z.string().optional(),
  findings: z.array(FindingSchema),
  data: z.record(z.string(), z.string()).optional(),
});

export const ReportSchema = z.object({
  tool: z.literal("agentcheck"),
  version: z.string(),
  results: z.array(FileResultSchema),
  summary: z.object({
    files: z.number().int().min(0),
    errors: z.number().int().min(0),
    warnings: z.number().int().min(0),
    durationMs: z.number().min(0),
  }),
});

// Compile-time check that the schema and the hand-written types agree in both directions.
type Inferred = z.infer<typeof ReportSchema>;
const _a: (r: Report) => Inferred = (r) => r;
const _b: (r: Inferred) => Report = (r) => r;
void _a;
void _b;
