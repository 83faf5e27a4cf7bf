import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { OTP_LENGTH } from '@sente/contracts/constants';
import { MESSAGES } from '@sente/contracts/messages';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useResendVerificationCode } from '../api/resend-verification-code.ts';
import { useVerifyAccount } from '../api/verify-account.ts';
import { CodeCountdown } from '../components/code-countdown.tsx';
import { CodeInput } from '../components/code-input.tsx';
import { useCodeAttempt } from '../components/use-code-attempt.ts';
import { codeError, useCodeSentAt } from '../components/use-code-sent.ts';

export function VerifyAccountRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const { sentAt, resent } = useCodeSentAt();
  const verify = useVerifyAccount();
  const resend = useResendVerificationCode();
  const { code, setCode, error, attempt, firstBox } = useCodeAttempt(async (value) => {
    await verify.mutateAsync({ email_or_phone: email, code: value });
    notify.success(MESSAGES.accountVerified);
    navigate(`/?email=${encodeURIComponent(email.trim())}`, { replace: true });
  });

  const submit = (value: string) => {
    if (!codeError(value) && !email.trim()) return notify.error(MESSAGES.emailRequired);
    void attempt(value);
  };

  const resendCode = () => {
    if (!email.trim()) return notify.error(MESSAGES.emailRequired);
    resend.mutate(
      { email_or_phone: email },
      {
        onSuccess: (data) => resent(data.last_code_sent_at),
        onError: (e) => notify.error(errorMessage(e)),
      },
    );
  };

  return (
    <AuthLayout
      title="Verify your account"
      subtitle={email ? `Enter the ${OTP_LENGTH}-digit code we sent to ${email}.` : 'Enter your email and the code we sent you.'}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit(code);
        }}
        noValidate
      >
        <Stack>
          {!params.get('email') && (
            <TextInput label="Email" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          )}
          {/* The sixth digit sends the code, as on sign-in, once the address is known. */}
          <CodeInput
            value={code}
            onChange={setCode}
            error={error}
            firstBoxRef={firstBox}
            {...(email.trim() ? { onComplete: submit } : {})}
          />
          <CodeCountdown sentAt={sentAt} onResend={resendCode} resending={resend.isPending} />
          <Button type="submit" loading={verify.isPending} fullWidth>
            Verify account
          </Button>
          <Text size="sm" ta="center">
            Already verified?{' '}
            <Anchor component={RouterLink} to="/">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
