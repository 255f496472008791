import { parseWithZod } from '@conform-to/zod/v4';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { $ZodIssue } from 'zod/v4/core';
import { issueMessage, type FormIssue } from './issues';

/** Field name → its translated label, for messages such as 'First name is required.'. */
export type FieldLabels = Record<string, string>;

/**
 * Validates a form with its zod schema and words every problem in the shopper's language. The same
 * function runs in the browser (as the shopper types) and in the route action (again, on the server).
 */
export function parseForm<Schema extends z.ZodType>(formData: FormData, schema: Schema, t: TFunction, labels: FieldLabels) {
  return parseWithZod(formData, {
    schema,
    formatError: (issues: $ZodIssue[]): string[] => {
      const messages = issues.map((issue: $ZodIssue) => {
        const field = issue.path.join('.');
        const baseField = String(issue.path[0] ?? '');
        const empty = formData.getAll(field).every((value) => value === '');
        return issueMessage(issue as unknown as FormIssue, t, labels[field] ?? labels[baseField] ?? field, baseField, empty);
      });
      return [...new Set(messages)];
    },
  });
}
