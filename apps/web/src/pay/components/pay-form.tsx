import { PAYMENT_MESSAGES as M, type PayAnswer, type PayRequest, type PublicLink, SIMULATOR } from '@sente/contracts/payments';
import { PAYER_TEXT_LIMITS } from '@sente/contracts/text-limits';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { NetworkError, newIdempotencyKey, PayApiError, startPayment } from '../api.ts';
import { formatCardNumber } from '../card.ts';
import {
  asksAmount,
  buildPayRequest,
  channelAfterPhoneChange,
  extraFieldName,
  type FormErrors,
  type PayFormValues,
  payButtonLabel,
  placeServerMessages,
  validatePayForm,
} from '../form.ts';
import { PAGE_TEXT } from '../messages.ts';
import { tidyAmountInput } from '../money.ts';
import alert from './alert.module.css';
import buttons from './buttons.module.css';
import { CardFields } from './card-fields.tsx';
import { ChannelPicker } from './channel-picker.tsx';
import { ExtraFieldInput } from './extra-field-input.tsx';
import { TextField } from './fields.tsx';
import classes from './pay-form.module.css';
import spinner from './spinner.module.css';

export type StartedPayment = PayAnswer & { request: PayRequest };

function emailHint(link: PublicLink, values: PayFormValues): string {
  if (link.kind === 'digital_item') return PAGE_TEXT.emailHintDownload;
  return values.channel === 'CARD' ? PAGE_TEXT.emailHintCard : PAGE_TEXT.emailHintOptional;
}

type Props = {
  link: PublicLink;
  values: PayFormValues;
  onChange: (values: PayFormValues) => void;
  onStarted: (payment: StartedPayment) => void;
  onUnavailable: () => void;
  /** Back from a cancelled payment to try another number: the number field takes the focus, its text selected. */
  focusPhone?: boolean;
};

/** The payer's details, the channel and the link's extra inputs; checked here first, then by the server. */
export function PayForm({ link, values, onChange, onStarted, onUnavailable, focusPhone = false }: Props) {
  const [errors, setErrors] = useState<FormErrors>({});
  const [alerts, setAlerts] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [checked, setChecked] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  // One key per payment attempt, kept until the server answers, so a retry after a dropped connection cannot pay twice.
  const idempotencyKey = useRef<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const alertBox = useRef<HTMLDivElement>(null);
  const test = link.environment === 'test';

  useEffect(() => {
    if (!focusPhone) return;
    const phone = form.current?.querySelector<HTMLInputElement>('#phone');
    phone?.focus();
    phone?.select();
  }, [focusPhone]);

  useEffect(() => {
    if (focusRequest === 0) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? alertBox.current)?.focus();
  }, [focusRequest]);

  const update = (patch: Partial<PayFormValues>) => {
    const next = { ...values, ...patch };
    if (patch.phone !== undefined) next.channel = channelAfterPhoneChange(values.channel, next.phone);
    onChange(next);
    if (checked) setErrors(validatePayForm(link, next));
  };

  const showServerRefusal = (error: PayApiError) => {
    const placed = placeServerMessages(link, {
      messages: error.errors.length ? error.errors : [error.message],
      fields: error.fields,
    });
    setErrors(placed.fields);
    setAlerts(placed.general);
    setFocusRequest((n) => n + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = validatePayForm(link, values);
    setChecked(true);
    setErrors(found);
    setAlerts([]);
    if (Object.keys(found).length > 0) {
      setFocusRequest((n) => n + 1);
      return;
    }
    idempotencyKey.current ??= newIdempotencyKey();
    const request = buildPayRequest(link, values);
    setSubmitting(true);
    try {
      const started = await startPayment(link.ref, request, idempotencyKey.current);
      idempotencyKey.current = null;
      onStarted({ ...started, request });
    } catch (error) {
      if (error instanceof PayApiError && error.status < 500) {
        // A refusal: no payment was made, so the next attempt is a new one.
        idempotencyKey.current = null;
        if (error.message === M.linkUnavailable) onUnavailable();
        else showServerRefusal(error);
      } else {
        setAlerts([error instanceof NetworkError || !(error instanceof PayApiError) ? PAGE_TEXT.offline : error.message]);
        setFocusRequest((n) => n + 1);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const mobileMoney = values.channel !== 'CARD';
  return (
    <form ref={form} className={classes.form} onSubmit={submit} noValidate aria-label="Payment details">
      {asksAmount(link) && (
        <TextField
          id="amount"
          label="Amount (UGX)"
          prefix="UGX"
          value={values.amount}
          onChange={(amount) => update({ amount })}
          onBlur={() => onChange({ ...values, amount: tidyAmountInput(values.amount) })}
          error={errors.amount}
          inputMode="numeric"
          autoComplete="off"
        />
      )}
      {link.extra_fields.map((field, index) => (
        <ExtraFieldInput
          // Fields have no id of their own; the link's order is fixed while the page is open.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          id={extraFieldName(index)}
          field={field}
          value={values.extra[index] ?? ''}
          error={errors[extraFieldName(index)]}
          onChange={(answer) => update({ extra: values.extra.map((old, i) => (i === index ? answer : old)) })}
        />
      ))}
      <TextField
        id="names"
        label="Your name"
        value={values.names}
        onChange={(names) => update({ names })}
        error={errors.names}
        autoComplete="name"
        maxLength={PAYER_TEXT_LIMITS.names.max}
      />
      <ChannelPicker value={values.channel} error={errors.channel} onChange={(channel) => update({ channel })} />
      {mobileMoney && (
        <TextField
          id="phone"
          label="Mobile money number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={(phone) => update({ phone })}
          error={errors.phone}
          hint={
            test
              ? `Test mode: any valid number succeeds; one ending in ${SIMULATOR.failSuffix} fails, one ending in ${SIMULATOR.stayPendingSuffix} stays pending until it expires.`
              : 'e.g. 0772 123 456. You approve the payment on this phone.'
          }
        />
      )}
      <TextField
        id="email"
        label="E-mail"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={values.email}
        onChange={(email) => update({ email })}
        error={errors.email}
        hint={emailHint(link, values)}
      />
      {values.channel === 'CARD' && (
        <>
          {test && (
            <p className={classes.testHint}>
              Test mode: card {formatCardNumber(SIMULATOR.successCard)} succeeds, {formatCardNumber(SIMULATOR.declinedCard)} is
              declined. Any expiry date and security code.
            </p>
          )}
          <CardFields values={values} errors={errors} onChange={update} />
        </>
      )}
      <div ref={alertBox} tabIndex={-1} className={classes.alerts}>
        {alerts.map((message) => (
          <div key={message} role="alert" className={alert.alert}>
            <p>{message}</p>
            {message === M.priceChanged && (
              <button type="button" className={`${buttons.button} ${buttons.secondary}`} onClick={() => window.location.reload()}>
                Reload the page
              </button>
            )}
          </div>
        ))}
      </div>
      <button
        type="submit"
        className={`${buttons.button} ${buttons.primary}`}
        disabled={submitting}
        aria-busy={submitting || undefined}
      >
        {submitting && <span className={`${spinner.spinner} ${spinner.small}`} aria-hidden="true" />}
        {payButtonLabel(link, values.amount)}
      </button>
    </form>
  );
}
