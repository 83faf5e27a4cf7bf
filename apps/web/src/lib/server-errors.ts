import type { ApiError } from './api-client.ts';

/**
 * Splits a refused save into field errors and the rest (shown above the save button), by the fields the server names
 * (`fields` of the error envelope, decision 048): a path's first part is the form's field (`extra_fields.0.label`
 * is `extra_fields`). A message no field of this form holds stays among the rest.
 */
export function placeServerErrors<Field extends string>(
  error: Pick<ApiError, 'errors' | 'fields'>,
  formFields: readonly Field[],
) {
  const fields: Partial<Record<Field, string>> = {};
  const placed = new Set<string>();
  for (const [path, message] of Object.entries(error.fields)) {
    const field = path.split('.')[0] as Field;
    if (!formFields.includes(field)) continue;
    fields[field] ??= message;
    placed.add(message);
  }
  return { fields, other: error.errors.filter((message) => !placed.has(message)) };
}
