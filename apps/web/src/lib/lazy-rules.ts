import type { FormErrors } from '@mantine/form';
import type { FormEvent } from 'react';
import type { z } from 'zod';

type Check = (values: Record<string, unknown>) => FormErrors;

/**
 * The contract schema of a form on the pages a visitor opens first (sign-in, sign-up, password reset), loaded after
 * the page shows (decision 050): zod and its resolver are 26 KB gzipped, more than the rest of the
 * sign-in page's own code. The form is built the one way (@mantine/form with the contract's schema): `validate` checks
 * with the schema, and `submitting` waits for it before a submit, so every submit is checked by it. The load starts
 * when the page's module runs, so it is there long before a person has typed and pressed the button. Were it to
 * fail (the connection dropped), the submit goes on unchecked and the server's refusal names the fields.
 */
export function lazyRules(load: () => Promise<z.ZodType>) {
  let check: Check | null = null;
  let loading: Promise<void> | null = null;
  const ready = () =>
    (loading ??= Promise.all([import('mantine-form-zod-resolver'), load()])
      .then(([{ zod4Resolver }, schema]) => {
        check = zod4Resolver(schema) as Check;
      })
      .catch(() => {
        loading = null;
      }));
  void ready();
  return {
    validate: (values: object): FormErrors => (check ? check(values as Record<string, unknown>) : {}),
    /** A form's submit handler, run once the schema is here. */
    submitting:
      (submit: () => void) =>
      (event?: FormEvent): void => {
        event?.preventDefault();
        void ready().then(submit);
      },
  };
}
