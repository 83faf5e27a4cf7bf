/**
 * The message Mantine shows under a field: the element its aria-describedby names with the `-error`
 * suffix (a field's description is another). Null when the field shows no error.
 */
export function errorOf(field: HTMLElement): string | null {
  const ids = field.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  const id = ids.find((candidate) => candidate.endsWith('-error'));
  return (id && document.getElementById(id)?.textContent) || null;
}
