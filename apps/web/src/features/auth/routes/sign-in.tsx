import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { LoginCodeSent, LoginInput } from '@sente/contracts/auth';
import { ERROR_CODES } from '@sente/contracts/constants';
import { CODE_SENT_TEXT } from '@sente/contracts/messages';
import { useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { lazyRules } from '../../../lib/lazy-rules.ts';
import { notify } from '../../../lib/notify.ts';
import { session, useIsSignedIn } from '../../../lib/session.ts';
import { useLogin } from '../api/login.ts';
import { useLoginWithCode } from '../api/login-otp.ts';
import { AcceptInvitation } from '../components/accept-invitation.tsx';
import { CodeCountdown } from '../components/code-countdown.tsx';
import { CodeInput } from '../components/code-input.tsx';
import { InvitationNotice } from '../components/invitation-notice.tsx';
import { useCodeAttempt } from '../components/use-code-attempt.ts';
import { useCodeSentAt } from '../components/use-code-sent.ts';

/**
 * Sign in. `?email=` fills the address in (after verifying an account, or from an invitation e-mail);
 * `?invite=` names the invitation, which a signed-in user then joins (features/team).
 */
export function SignInRoute() {
  const signedIn = useIsSignedIn();
  const [params] = useSearchParams();
  const invite = params.get('invite');
  const [step, setStep] = useState<{ credentials: LoginInput; sent: LoginCodeSent } | null>(null);
  if (signedIn) return invite ? <AcceptInvitation invite={invite} /> : <Navigate to="/dashboard" replace />;
  return step ? (
    <CodeStep credentials={step.credentials} sent={step.sent} onBack={() => setStep(null)} joining={invite !== null} />
  ) : (
    <CredentialsStep
      onCodeSent={(credentials, sent) => setStep({ credentials, sent })}
      email={params.get('email') ?? ''}
      invite={invite}
    />
  );
}

/** The sign-in form's contract schema, loaded beside the page (lib/lazy-rules.ts). */
const loginRules = lazyRules(() => import('@sente/contracts/auth').then((m) => m.loginInput));

function CredentialsStep({
  onCodeSent,
  email,
  invite,
}: {
  onCodeSent: (credentials: LoginInput, sent: LoginCodeSent) => void;
  email: string;
  invite: string | null;
}) {
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm({ initialValues: { emailOrPhone: email, password: '' }, validate: loginRules.validate });

  const submit = loginRules.submitting(
    form.onSubmit((values) =>
      login.mutate(values, {
        onSuccess: (data) => {
          session.setLastCodeSentAt(data.last_code_sent_at);
          onCodeSent(values, data);
        },
        onError: (error) => {
          notify.error(errorMessage(error));
          if (error instanceof ApiError && error.code === ERROR_CODES.accountNotVerified) {
            navigate(`/verify-account?email=${encodeURIComponent(values.emailOrPhone)}`);
          }
        },
      }),
    ),
  );

  return (
    <AuthLayout title="Sign in" subtitle="Welcome back. Sign in to your Sente dashboard.">
      <form onSubmit={submit} noValidate>
        <Stack>
          {invite && <InvitationNotice invite={invite} action="Sign in" />}
          <TextInput label="Email" type="email" autoComplete="username" {...form.getInputProps('emailOrPhone')} />
          <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
          <Group justify="space-between">
            <Checkbox label="Remember me" />
            <Anchor component={RouterLink} to="/reset-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending} fullWidth>
            Sign in
          </Button>
          <Text size="sm" ta="center">
            New to Sente?{' '}
            <Anchor
              component={RouterLink}
              to={invite ? `/signup?invite=${encodeURIComponent(invite)}&email=${encodeURIComponent(email)}` : '/signup'}
            >
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}

/** Where the code went, as the server's answer says: the e-mail, and the verified phone by SMS (decision 070). */
const sentTo = ({ email, sms_to }: LoginCodeSent) => CODE_SENT_TEXT.to(email, sms_to);

function CodeStep({
  credentials,
  sent,
  onBack,
  joining,
}: {
  credentials: LoginInput;
  sent: LoginCodeSent;
  onBack: () => void;
  joining: boolean;
}) {
  const [said, setSaid] = useState(() => sentTo(sent));
  const navigate = useNavigate();
  const login = useLogin();
  const loginWithCode = useLoginWithCode();
  const { sentAt, resent } = useCodeSentAt();
  // From an invitation, the signed-in route joins it first (SignInRoute), then goes to the dashboard.
  const { code, setCode, error, attempt, firstBox } = useCodeAttempt(async (value) => {
    await loginWithCode.mutateAsync({ emailOrPhone: credentials.emailOrPhone, code: value });
    if (!joining) navigate('/dashboard', { replace: true });
  });

  const resend = () =>
    login.mutate(credentials, {
      onSuccess: (data) => {
        resent(data.last_code_sent_at);
        setSaid(sentTo(data));
      },
      onError: (e) => notify.error(errorMessage(e)),
    });

  return (
    <AuthLayout title="Enter your code" subtitle={said}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void attempt(code);
        }}
        noValidate
      >
        <Stack>
          <CodeInput value={code} onChange={setCode} error={error} onComplete={attempt} firstBoxRef={firstBox} />
          <CodeCountdown sentAt={sentAt} onResend={resend} resending={login.isPending} />
          <Button type="submit" loading={loginWithCode.isPending} fullWidth>
            Verify
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
            Use a different account
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
