import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { placeServerErrors } from '../../../lib/server-errors.ts';

type Options<Input, Field extends string> = {
  /** The id of the link being edited, or null when creating (a form creates when nothing was loaded). */
  existingId: string | null;
  create: UseMutationResult<unknown, Error, Input>;
  update: UseMutationResult<unknown, Error, { id: string; input: Input }>;
  /** Where the merchant returns after a save. */
  listPath: string;
  /** The form's fields, by the names the body gives them: where the server's refusals are shown. */
  formFields: readonly Field[];
  setFieldErrors: (errors: Partial<Record<Field, string>>) => void;
};

/**
 * Saving a link or item form: create or update, back to the list on success; on failure each server
 * message goes beside its field and the rest are returned as `otherErrors` for the form to show.
 */
export function useSaveLink<Input, Field extends string>(options: Options<Input, Field>) {
  const { existingId, create, update, listPath, formFields, setFieldErrors } = options;
  const navigate = useNavigate();
  const [otherErrors, setOtherErrors] = useState<string[]>([]);

  const save = (input: Input) => {
    setOtherErrors([]);
    const onSuccess = () => navigate(listPath);
    const onError = (error: Error) => {
      if (!(error instanceof ApiError)) return;
      const { fields, other } = placeServerErrors(error, formFields);
      setFieldErrors(fields);
      setOtherErrors(other);
    };
    if (existingId) update.mutate({ id: existingId, input }, { onSuccess, onError });
    else create.mutate(input, { onSuccess, onError });
  };

  return { save, otherErrors, saving: create.isPending || update.isPending };
}
