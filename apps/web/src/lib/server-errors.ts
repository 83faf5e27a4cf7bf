/**
 * Splits the server's `errors` into field errors and the rest (shown above the save button). The
 * server's validation messages come from contracts, so a form maps each message back to its field.
 */
export function placeServerErrors<Field extends string>(errors: string[], fieldOfMessage: ReadonlyMap<string, Field>) {
  const fields: Partial<Record<Field, string>> = {};
  const other: string[] = [];
  for (const message of errors) {
    const field = fieldOfMessage.get(message);
    if (field && !fields[field]) fields[field] = message;
    else if (!field) other.push(message);
  }
  return { fields, other };
}
