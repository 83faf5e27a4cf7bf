import { WALLET_MESSAGES as M } from '@sente/contracts/wallet';
import { useState } from 'react';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { fieldErrors, fieldOfServerMessage, type PinFormErrors, type PinFormField } from './pin-form-errors.ts';

/**
 * The values and errors of a PIN form: submit checks them with the contract's schema (so the page and the server
 * say the same), sends them, and puts a refusal under its field, or in a toast when it is about no field.
 */
export function usePinForm<Values extends Partial<Record<PinFormField, string>>>(
  initial: Values,
  schema: z.ZodType<Values>,
  send: (values: Values) => Promise<unknown>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<PinFormErrors>({});
  const [busy, setBusy] = useState(false);

  const set = (field: PinFormField) => (value: string) => {
    // The boxes report a value they were given (an emptied confirmation) as a change: that keeps its message.
    if (value === values[field]) return;
    setValues((last) => ({ ...last, [field]: value }));
    setErrors((last) => ({ ...last, [field]: undefined }));
  };

  const submit = async () => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      // A mismatch empties the confirmation, so the next try types it afresh rather than editing hidden digits.
      if (found.new_pin_confirmation === M.pinsDoNotMatch) setValues((last) => ({ ...last, new_pin_confirmation: '' }));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await send(parsed.data);
    } catch (error) {
      const message = errorMessage(error);
      const field = fieldOfServerMessage(message);
      if (field && field in values) setErrors({ [field]: message });
      else notify.error(message);
    } finally {
      setBusy(false);
    }
  };

  return { values, errors, busy, set, submit };
}
