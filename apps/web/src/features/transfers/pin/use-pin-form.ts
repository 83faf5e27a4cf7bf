import { useForm } from '@mantine/form';
import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { placeServerErrors } from '../../../lib/server-errors.ts';

export type PinFormField = 'old_pin' | 'code' | 'new_pin' | 'new_pin_confirmation';
type PinFormValues = Partial<Record<PinFormField, string>>;

/** One row of digit boxes of a PIN form: what it holds, its change, and its message. */
export type PinBoxesProps = { value: string; onChange: (value: string) => void; error: string | undefined };

/** First message of a field first, as the PIN's rules order them ('cannot be empty' before 'must be exactly 5 digits'). */
const FIRST = { errorPriority: 'first' } as const;

/**
 * A PIN form: submit checks it with the contract's schema (so the page and the server say the same), sends it, and
 * puts a refusal under the field the server names (`fields` of the error envelope), or in a toast when it names none
 * (a lock, a wait, a failure).
 */
export function usePinForm<Values extends PinFormValues>(
  initialValues: Values,
  schema: z.ZodType<Values>,
  send: (values: Values) => Promise<unknown>,
) {
  const form = useForm<PinFormValues>({ initialValues, validate: zod4Resolver(schema, FIRST) });
  const formFields = Object.keys(initialValues) as PinFormField[];

  const refuse = (error: unknown) => {
    const { fields, other } = error instanceof ApiError ? placeServerErrors(error, formFields) : { fields: {}, other: [] };
    if (Object.keys(fields).length === 0) {
      notify.error(errorMessage(error));
      return;
    }
    form.setErrors(fields);
    for (const message of other) notify.error(message);
  };

  const submit = form.onSubmit(
    async (values) => {
      try {
        await send(schema.parse(values));
      } catch (error) {
        refuse(error);
      }
    },
    (errors) => {
      if (errors.new_pin_confirmation !== M.pinsDoNotMatch) return;
      // A mismatch empties the confirmation, so the next try types it afresh rather than editing hidden digits.
      // Emptying a field clears the form's messages: they are put back after it.
      form.setValues({ new_pin_confirmation: '' });
      form.setErrors(errors);
    },
  );

  /** Typing in a row of boxes clears its message; the boxes also report a value they were given, which keeps it. */
  const boxes = (field: PinFormField): PinBoxesProps => ({
    value: form.values[field] ?? '',
    onChange: (value) => {
      if (value !== form.getValues()[field]) form.setFieldValue(field, value);
    },
    error: form.errors[field] as string | undefined,
  });

  return { boxes, busy: form.submitting, submit: () => submit() };
}
