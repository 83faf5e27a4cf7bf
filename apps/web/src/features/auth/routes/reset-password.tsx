import { Anchor, Button, PasswordInput, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { emailOrPhoneInput, newPasswordForm } from '@sente/contracts/auth';
import { OTP_LENGTH } from '@sente/contracts/constants';
import { CODE_SENT_TEXT, MESSAGES } from '@sente/contracts/messages';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { CodeCountdown } from '../components/code-countdown.tsx';
import { CodeInput } from '../components/code-input.tsx';
import { useCodeSentAt } from '../components/use-code-sent.ts';

type Stage = 0 | 1 | 2;

/** The three-stage password reset: email, then code (at least 6 characters), then the new password twice. */
export function ResetPasswordRoute() {
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>(0);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const { sentAt, resent } = useCodeSentAt();
  const requestCode = useRequestPasswordReset();
  const changePassword = useChangePassword();
  const emailForm = useForm({ initialValues: { email_or_phone: '' }, validate: zod4Resolver(emailOrPhoneInput) });
  const passwordForm = useForm({ initialValues: { password: '', confirmPassword: '' }, validate: zod4Resolver(newPasswordForm) });

  const sendCode = (address: string) =>
    requestCode.mutate(
      { email_or_phone: address },
      {
        onSuccess: () => {
          resent(null);
          setEmail(address);
          setStage(1);
        },
        onError: (e) => notify.error(errorMessage(e)),
      },
    );

  const submitCode = () => {
    if (code.length < OTP_LENGTH) return setCodeError(MESSAGES.invalidOtp);
    setCodeError(null);
    setStage(2);
  };

  const submitPassword = passwordForm.onSubmit(({ password }) =>
    changePassword.mutate(
      { email_or_phone: email, code, password },
      {
        onSuccess: () => {
          notify.success(MESSAGES.passwordHasBeenReset);
          navigate('/', { replace: true });
        },
        onError: (e) => {
          notify.error(errorMessage(e));
          setCode('');
          setStage(1);
        },
      },
    ),
  );

  return (
    <AuthLayout title="Reset password" subtitle="We will e-mail you a code to set a new password.">
      <Stepper active={stage} size="xs" allowNextStepsSelect={false}>
        <Stepper.Step label="Email" />
        <Stepper.Step label="Code" />
        <Stepper.Step label="New password" />
      </Stepper>
      {stage === 0 && (
        <form onSubmit={emailForm.onSubmit(({ email_or_phone }) => sendCode(email_or_phone))} noValidate>
          <Stack>
            <TextInput label="Email" type="email" autoComplete="email" {...emailForm.getInputProps('email_or_phone')} />
            <Button type="submit" loading={requestCode.isPending} fullWidth>
              Send code
            </Button>
          </Stack>
        </form>
      )}
      {stage === 1 && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submitCode();
          }}
          noValidate
        >
          <Stack>
            <Text size="sm">
              Enter the code we sent to {email}. {CODE_SENT_TEXT.resetBySmsToo}
            </Text>
            <CodeInput value={code} onChange={setCode} error={codeError} />
            <CodeCountdown sentAt={sentAt} onResend={() => sendCode(email)} resending={requestCode.isPending} />
            <Button type="submit" fullWidth>
              Continue
            </Button>
          </Stack>
        </form>
      )}
      {stage === 2 && (
        <form onSubmit={submitPassword} noValidate>
          <Stack>
            <PasswordInput label="New password" autoComplete="new-password" {...passwordForm.getInputProps('password')} />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              {...passwordForm.getInputProps('confirmPassword')}
            />
            <Button type="submit" loading={changePassword.isPending} fullWidth>
              Reset password
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        Remembered it?{' '}
        <Anchor component={RouterLink} to="/">
          Back to sign in
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
