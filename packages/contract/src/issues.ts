import type { core } from 'zod';
import { MSG } from './messages.js';

/** One field's message from a zod issue; `code` tells a missing value (`invalid_type`) from a malformed one. */
export interface FieldIssue {
  field: string;
  message: string;
  code: string;
}

/** Flattens zod issues to one entry per field (dotted path); unknown keys each get 'Este campo no está permitido.'. */
export function fieldIssues(issues: readonly core.$ZodIssue[]): FieldIssue[] {
  const out: FieldIssue[] = [];
  for (const issue of issues) {
    const base = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ field: [...base, key].join('.'), message: MSG.unknownField, code: issue.code });
    } else if (issue.code === 'invalid_union' && issue.errors[0]) {
      // A body that may take one of several shapes: report it against the first (the most permissive).
      out.push(...fieldIssues(issue.errors[0]).map((i) => ({ ...i, field: [...base, i.field].filter(Boolean).join('.') })));
    } else {
      out.push({ field: base.join('.'), message: issue.message, code: issue.code });
    }
  }
  return out;
}

/** The error body's `fields`: the first message of each named field. */
export function fieldsFromIssues(issues: readonly core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { field, message } of fieldIssues(issues)) {
    if (field !== '' && !(field in fields)) fields[field] = message;
  }
  return fields;
}
