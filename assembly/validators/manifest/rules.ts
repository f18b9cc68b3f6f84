// Rules of the manifest validator (state.json v2 per-session manifests).
import { defineRule, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";

export const SM001 = defineRule("SM-001", SEV_ERROR);
function SM001_doc(): RuleDoc {
  return {
    id: "SM-001",
    validator: "manifest",
    title: "Manifest parses",
    description: "state.json is a JSON object.",
    messages: {
      manifestIsNotJson: "Manifest is not JSON: {{error}}",
      manifestMustBeA: "Manifest must be a JSON object",
    },
  };
}
export const SM002 = defineRule("SM-002", SEV_ERROR);
function SM002_doc(): RuleDoc {
  return {
    id: "SM-002",
    validator: "manifest",
    title: "Manifest matches the schema",
    description: "Conforms to the JSON Schema generated from the zod v2 schema (unknown keys refused); every violation, by path.",
    messages: {
      schemaKeywordSNot: "Schema: keyword(s) not checked: {{join}}",
      schema: "Schema: {{path}}: {{message}}",
      schema2: "Schema: {{schemaProblem}}",
    },
  };
}
export const SM003 = defineRule("SM-003", SEV_ERROR);
function SM003_doc(): RuleDoc {
  return {
    id: "SM-003",
    validator: "manifest",
    title: "Session id is the folder name",
    description: "session_id equals the name of its agents/sessions/ folder.",
    messages: {
      sessionIdIsNot: "session_id '{{id}}' is not the folder name '{{folder}}'",
    },
  };
}
export const SM004 = defineRule("SM-004", SEV_ERROR);
function SM004_doc(): RuleDoc {
  return {
    id: "SM-004",
    validator: "manifest",
    title: "Phase history fits the current phase",
    description: "Phases before current_phase started and completed, the current one started, later ones untouched.",
    messages: {
      phaseHistoryIsNull: "phase_history.{{sk}} is null but the session is past '{{name}}' (current_phase '{{cur}}')",
      phaseHistoryIsNull2: "phase_history.{{ck}} is null but the session is past '{{name}}' (current_phase '{{cur}}')",
      phaseHistoryIsNull3: "phase_history.{{sk}} is null but '{{name}}' is the current phase",
      phaseHistoryIsSet: "phase_history.{{sk}} is set but '{{name}}' comes after the current phase '{{cur}}'",
      phaseHistoryIsSet2: "phase_history.{{ck}} is set but '{{name}}' comes after the current phase '{{cur}}'",
    },
  };
}
export const SM005 = defineRule("SM-005", SEV_ERROR);
function SM005_doc(): RuleDoc {
  return {
    id: "SM-005",
    validator: "manifest",
    title: "Phase timestamps in order",
    description: "created_at <= spec started <= spec completed <= plan started <= ... <= updated_at.",
    messages: {
      phaseHistoryIsBefore: "phase_history.{{k}} is before {{prevName}}",
      updatedAtIsBefore: "updated_at is before {{prevName}}",
    },
  };
}
export const SM006 = defineRule("SM-006", SEV_ERROR);
function SM006_doc(): RuleDoc {
  return {
    id: "SM-006",
    validator: "manifest",
    title: "updated_at not before created_at",
    description: "updated_at >= created_at.",
    messages: {
      updatedAtIsBefore: "updated_at is before created_at",
    },
  };
}
export const SM007 = defineRule("SM-007", SEV_ERROR);
function SM007_doc(): RuleDoc {
  return {
    id: "SM-007",
    validator: "manifest",
    title: "Completed checkpoints valid",
    description: "checkpoints_completed distinct, each within 1..checkpoints_total.",
    messages: {
      checkpointIsOutside: "checkpoint {{n}} is outside 1..{{total}}",
      checkpointIsListedTwice: "checkpoint {{n}} is listed twice",
    },
  };
}
export const SM008 = defineRule("SM-008", SEV_ERROR);
function SM008_doc(): RuleDoc {
  return {
    id: "SM-008",
    validator: "manifest",
    title: "Current checkpoint valid",
    description: "current_checkpoint within 1..checkpoints_total and not completed.",
    messages: {
      currentCheckpointIsOutside: "current_checkpoint {{n}} is outside 1..{{total}}",
      currentCheckpointIsAlready: "current_checkpoint {{n}} is already completed",
    },
  };
}
export const SM009 = defineRule("SM-009", SEV_ERROR);
function SM009_doc(): RuleDoc {
  return {
    id: "SM-009",
    validator: "manifest",
    title: "Commit checkpoints exist",
    description: "A commit's checkpoint is within 1..checkpoints_total.",
    messages: {
      commitsNamesCheckpointOutside: "commits.{{j}} ({{str}}) names checkpoint {{n}}, outside 1..{{total}}",
    },
  };
}
export const SM010 = defineRule("SM-010", SEV_ERROR);
function SM010_doc(): RuleDoc {
  return {
    id: "SM-010",
    validator: "manifest",
    title: "Status agrees with phase",
    description: "status complete if and only if current_phase complete.",
    messages: {
      statusDisagreesWithCurrent: "status '{{status}}' disagrees with current_phase '{{cur}}' (complete goes with complete)",
    },
  };
}
export const SM011 = defineRule("SM-011", SEV_ERROR);
function SM011_doc(): RuleDoc {
  return {
    id: "SM-011",
    validator: "manifest",
    title: "Artifact files present",
    description: "spec.md, plan.json and plan.md exist in the session folder.",
    messages: {
      artifactIsMissingFrom: "Artifact {{ARTIFACTS}} is missing from the session folder",
    },
  };
}
export const SM012 = defineRule("SM-012", SEV_ERROR);
function SM012_doc(): RuleDoc {
  return {
    id: "SM-012",
    validator: "manifest",
    title: "spec.md sections",
    description: "spec.md has Goals, Open Questions and Key Decisions headings.",
    messages: {
      specMdWasNot: "spec.md was not supplied, sections not checked",
      specMdHasNo: "spec.md has no '{{title}}' section",
    },
  };
}

export const PHASES: string[] = ["spec", "plan", "build", "docs", "complete"];
/** Phases with started/completed timestamps in phase_history. */
export const STEP_PHASES: string[] = ["spec", "plan", "build", "docs"];
/** Document flags: which artifact files exist (spec.md, plan.json, plan.md). */
export const ARTIFACT_FLAGS: i32[] = [1, 2, 4];
