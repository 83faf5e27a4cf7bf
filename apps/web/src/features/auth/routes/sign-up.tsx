import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { signUpForm } from '@sente/contracts/auth';
import { TEXT_LIMITS } from '@sente/contracts/text-limits';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { placeServerErrors } from '../../../lib/server-errors.ts';
import { session } from '../../../lib/session.ts';
import { useSignUp } from '../api/sign-up.ts';
import { InvitationNotice } from '../components/invitation-notice.tsx';

const initialValues = { firstname: '', lastname: '', email: '', password: '', terms: false };
const SERVER_FIELDS = ['firstname', 'lastname', 'email', 'password'] as const;

/**
 * Sign up: the form's own errors appear as toasts at the bottom-left, each once; a refusal by the server that
 * names a field (decision 048: an address already signed up) is said under that field, the rest as toasts. From an invitation e-mail (`?invite=&email=`)
 * the address is filled in and the invitation named; verifying that address joins the account (modules/team).
 */
export function SignUpRoute() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [params] = useSearchParams();
  const invite = params.get('invite');
  const form = useForm({
    initialValues: { ...initialValues, email: params.get('email') ?? '' },
    validate: zod4Resolver(signUpForm),
  });

  // The spec shows sign-up's errors as toasts only, each message once, so none stays under its field.
  const refuse = (errors: Record<string, unknown>) => {
    form.clearErrors();
    notify.clear();
    for (const message of new Set(Object.values(errors))) notify.signUpError(String(message));
  };

  const submit = form.onSubmit((values) => {
    notify.clear();
    const { terms: _terms, ...input } = signUpForm.parse(values);
    signUp.mutate(input, {
      onSuccess: (data) => {
        session.setLastCodeSentAt(data.last_code_sent_at);
        navigate(`/verify-account?email=${encodeURIComponent(data.email)}`);
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || error.errors.length === 0) return notify.signUpError(errorMessage(error));
        const { fields, other } = placeServerErrors(error, SERVER_FIELDS);
        form.setErrors(fields);
        for (const message of other) notify.signUpError(message);
      },
    });
  }, refuse);

  return (
    <AuthLayout title="Create your account" subtitle="Start collecting payments with mobile money in minutes.">
      <form onSubmit={submit} noValidate>
        <Stack>
          {invite && <InvitationNotice invite={invite} action="Sign up" />}
          <Group grow align="flex-start">
            <TextInput
              label="First name"
              autoComplete="given-name"
              maxLength={TEXT_LIMITS.firstName.max}
              {...form.getInputProps('firstname')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              maxLength={TEXT_LIMITS.lastName.max}
              {...form.getInputProps('lastname')}
            />
          </Group>
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description="At least 8 characters, with a capital letter, a number and a special character"
            {...form.getInputProps('password')}
          />
          <Checkbox
            label={
              <>
                I accept the{' '}
                <Anchor component={RouterLink} to="/terms" target="_blank" inherit>
                  terms and conditions
                </Anchor>
              </>
            }
            {...form.getInputProps('terms', { type: 'checkbox' })}
          />
          <Button type="submit" loading={signUp.isPending} fullWidth>
            Continue
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={RouterLink} to={invite ? `/?${params.toString()}` : '/'}>
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
