import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { OTP_LENGTH, OTP_RESEND_COOLDOWN_MS } from '@sente/contracts/constants';
import { MESSAGES } from '@sente/contracts/messages';
import { formatPhone } from '@sente/contracts/payments';
import { PHONE_MESSAGES, PHONE_TEXT as T } from '@sente/contracts/phone-verification';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { CodeInput } from '../../auth/index.ts';
import { sendPhoneCode, usePhoneVerified, verifyPhone } from '../api/verify-phone.ts';

/**
 * Beside the saved phone (decision 070): "Verified", or a button that texts a code to it and opens the modal that
 * takes the code. Nothing for a profile without a phone.
 */
export function PhoneVerification({ phone, verified }: { phone: string | null; verified: boolean }) {
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const phoneVerified = usePhoneVerified();
  if (!phone) return null;
  if (verified) {
    return <StatusBadge status="successful" label={T.verified} />;
  }

  /** Texts a code; the server's refusal (no Ugandan mobile, too soon) is shown as it says it. */
  const send = async () => {
    setSending(true);
    try {
      const answer = await sendPhoneCode();
      setSentAt(new Date(answer.data.last_code_sent_at).getTime());
      notify.success(answer.message ?? PHONE_MESSAGES.codeSent);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button variant="light" size="xs" onClick={() => void send()} loading={sending && sentAt === null}>
        {T.verify}
      </Button>
      {sentAt !== null && (
        <VerifyPhoneModal
          phone={phone}
          sentAt={sentAt}
          resending={sending}
          onResend={() => void send()}
          onClose={() => setSentAt(null)}
          onVerified={async () => {
            notify.success(PHONE_MESSAGES.verified);
            setSentAt(null);
            await phoneVerified();
          }}
        />
      )}
    </>
  );
}

type ModalProps = {
  phone: string;
  /** When the last code was texted, for the resend countdown. */
  sentAt: number;
  resending: boolean;
  onResend: () => void;
  onClose: () => void;
  onVerified: () => Promise<void>;
};

/** The texted code in six boxes; a refused code says why under them and empties them for the next try. */
export function VerifyPhoneModal({ phone, sentAt, resending, onResend, onClose, onVerified }: ModalProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const firstBox = useRef<HTMLInputElement>(null);

  const check = async (value: string) => {
    if (checking) return;
    if (value.length < OTP_LENGTH) {
      setError(value.length === 0 ? MESSAGES.otpRequired : MESSAGES.codeFormat);
      return;
    }
    setChecking(true);
    setError(null);
    try {
      await verifyPhone(value);
      await onVerified();
    } catch (refusal) {
      setError(refusal instanceof ApiError ? (refusal.fields.code ?? refusal.message) : errorMessage(refusal));
      setCode('');
      firstBox.current?.focus();
    } finally {
      setChecking(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void check(code);
  };

  return (
    <Modal opened onClose={onClose} title={T.modalTitle} centered>
      <form noValidate onSubmit={submit}>
        <Stack>
          <Text size="sm">
            {T.modalIntro} <strong>{formatPhone(phone)}</strong>.
          </Text>
          <CodeInput
            value={code}
            onChange={setCode}
            error={error}
            onComplete={(value) => void check(value)}
            firstBoxRef={firstBox}
          />
          <ResendCode sentAt={sentAt} onResend={onResend} resending={resending} />
          <Group justify="flex-end">
            <Button type="submit" loading={checking}>
              {T.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const secondsLeft = (sentAt: number) => Math.max(0, Math.ceil((sentAt + OTP_RESEND_COOLDOWN_MS - Date.now()) / 1000));

/** A new code may be asked for 50 seconds after the last (the server answers 429 sooner): until then, how long. */
function ResendCode({ sentAt, onResend, resending }: { sentAt: number; onResend: () => void; resending: boolean }) {
  const [left, setLeft] = useState(() => secondsLeft(sentAt));
  useEffect(() => {
    setLeft(secondsLeft(sentAt));
    const timer = setInterval(() => setLeft(secondsLeft(sentAt)), 500);
    return () => clearInterval(timer);
  }, [sentAt]);
  if (left > 0) {
    return (
      <Text size="sm" c="gray.7" role="timer" aria-live="off">
        {T.resendIn(left)}
      </Text>
    );
  }
  return (
    <Group>
      <Button variant="subtle" onClick={onResend} loading={resending}>
        {T.resend}
      </Button>
    </Group>
  );
}
