import type { UseFormReturnType } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { useSaveLink } from './use-save-link.ts';

type Target<Input> = {
  /** The id of the link being edited, or null when creating. */
  existingId: string | null;
  /** Where the merchant returns after a save. */
  listPath: string;
  create: UseMutationResult<unknown, Error, Input>;
  update: UseMutationResult<unknown, Error, { id: string; input: Input }>;
};

/**
 * Saving a link form built with `useForm`: every value of the form is a field the server's refusals may name.
 * Returns what `LinkFormFrame` needs: the submit handler, the refusals no field shows, and whether it is saving.
 */
export function useLinkFormSave<Values extends Record<string, unknown>, Input>(
  form: UseFormReturnType<Values>,
  toInput: (values: Values) => Input,
  target: Target<Input>,
) {
  const { save, otherErrors, saving } = useSaveLink({
    ...target,
    formFields: Object.keys(form.values) as (keyof Values & string)[],
    setFieldErrors: form.setErrors,
  });
  return { onSubmit: form.onSubmit((values) => save(toInput(values))), otherErrors, saving };
}
