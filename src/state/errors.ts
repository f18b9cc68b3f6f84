// Typed errors of the session-state store and their CLI exit codes (spec §6.1, §8).

export const ERROR_EXIT = {
  INTERNAL: 1,
  USAGE: 2,
  NOT_FOUND: 3,
  NO_CURRENT_SESSION: 3,
  CORRUPT: 4,
  SCHEMA_INVALID: 5,
  INVALID_INPUT: 6,
  POLICY_VIOLATION: 6,
  ALREADY_EXISTS: 6,
  CONFLICT: 7,
  LOCK_TIMEOUT: 8,
  IO_ERROR: 8,
} as const;

export type StateErrorCode = keyof typeof ERROR_EXIT;

export interface Issue {
  path: string;
  message: string;
}

export class StateError extends Error {
  readonly code: StateErrorCode;
  readonly details?: Record<string, unknown>;
  constructor(code: StateErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "StateError";
    this.code = code;
    this.details = details;
  }
  get exitCode(): number {
    return ERROR_EXIT[this.code];
  }
  toJSON(): { code: StateErrorCode; message: string; details?: Record<string, unknown> } {
    return this.details ? { code: this.code, message: this.message, details: this.details } : { code: this.code, message: this.message };
  }
}

export function isStateError(e: unknown): e is StateError {
  return e instanceof StateError;
}
