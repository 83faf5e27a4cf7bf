import type { LinkKind } from '@sente/contracts/links';
import { PAYMENT_MESSAGES as M, type PublicLink, type PublicPayment } from '@sente/contracts/payments';
import { useEffect, useState } from 'react';
import { fetchPublicLink, NetworkError, PayApiError } from './api.ts';
import buttons from './components/buttons.module.css';
import { LinkSummary } from './components/link-summary.tsx';
import { LoadingScreen, MessageScreen } from './components/message-screen.tsx';
import { PageFrame } from './components/page-frame.tsx';
import { PayForm, type StartedPayment } from './components/pay-form.tsx';
import { FailureScreen, SuccessScreen } from './components/result-screens.tsx';
import { WaitingScreen, type WayOut } from './components/waiting-screen.tsx';
import { emptyValues, type PayFormValues } from './form.ts';
import { PAGE_TEXT } from './messages.ts';
import classes from './pay-app.module.css';
import { payPath } from './route.ts';
import type { PaymentOutcome } from './use-payment-status.ts';

type Load =
  | { state: 'loading' }
  | { state: 'not-found' }
  | { state: 'error'; message: string }
  | { state: 'ready'; link: PublicLink };

type Step =
  | { name: 'form'; focusPhone?: boolean }
  | { name: 'unavailable'; afterSubmit: boolean }
  | { name: 'waiting'; started: StartedPayment }
  | { name: 'success'; payment: PublicPayment; email: string | undefined }
  | { name: 'failed'; message: string | undefined }
  | { name: 'cancelled' };

function loadError(error: unknown): Load {
  if (error instanceof PayApiError && error.status === 404) return { state: 'not-found' };
  if (error instanceof PayApiError) return { state: 'error', message: error.message };
  if (error instanceof NetworkError) return { state: 'error', message: PAGE_TEXT.offline };
  return { state: 'error', message: String(error) };
}

function pageTitle(load: Load): string {
  if (load.state === 'ready') return `Pay ${load.link.merchant.name} · ${load.link.title}`;
  if (load.state === 'not-found') return `${PAGE_TEXT.notFoundTitle} · Sente`;
  return 'Sente';
}

/** One customer page: loads the link, then form, waiting, success or failure, keeping what was typed for a retry. */
export function PayApp({ route }: { route: { kind: LinkKind; ref: string } | null }) {
  const ref = route?.ref ?? null;
  const [load, setLoad] = useState<Load>(ref === null ? { state: 'not-found' } : { state: 'loading' });
  const [loadAttempt, setLoadAttempt] = useState(0);
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [values, setValues] = useState<PayFormValues | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: loadAttempt is the Try again button's way to load again
  useEffect(() => {
    if (ref === null) return;
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    fetchPublicLink(ref, controller.signal).then(
      (link) => {
        setLoad({ state: 'ready', link });
        setValues(emptyValues(link));
        setStep(link.disabled ? { name: 'unavailable', afterSubmit: false } : { name: 'form' });
        // Refs are unique across kinds: a /pay/ address of a donation link shows the donation, under its own address.
        const canonical = payPath(link.kind, link.ref);
        if (window.location.pathname !== canonical) window.history.replaceState(null, '', canonical + window.location.search);
      },
      (error) => {
        if (!controller.signal.aborted) setLoad(loadError(error));
      },
    );
    return () => controller.abort();
  }, [ref, loadAttempt]);

  useEffect(() => {
    document.title = pageTitle(load);
  }, [load]);

  const go = (next: Step, message: string) => {
    setStep(next);
    setAnnouncement(message);
  };

  const onStarted = (started: StartedPayment) =>
    go({ name: 'waiting', started }, started.request.channel === 'CARD' ? M.cardProcessing : M.awaitingApproval);

  const onDone = (outcome: PaymentOutcome) => {
    const email = step.name === 'waiting' ? step.started.request.email : undefined;
    if (outcome.status === 'successful') go({ name: 'success', payment: outcome.payment, email }, M.paymentSuccessful);
    else
      go(
        { name: 'failed', message: outcome.message },
        `${PAGE_TEXT.failedTitle}. ${outcome.message ?? PAGE_TEXT.failedFallback}`,
      );
  };

  const onCancelled = (wayOut: WayOut) => {
    if (wayOut === 'another-number') go({ name: 'form', focusPhone: true }, PAGE_TEXT.anotherNumber);
    else go({ name: 'cancelled' }, `${PAGE_TEXT.cancelledTitle}. ${M.cancelled}`);
  };

  const link = load.state === 'ready' ? load.link : null;
  return (
    <PageFrame link={link} status={announcement}>
      {load.state === 'loading' && <LoadingScreen />}
      {load.state === 'not-found' && <MessageScreen title={PAGE_TEXT.notFoundTitle} message={M.linkNotFound} />}
      {load.state === 'error' && (
        <MessageScreen title={PAGE_TEXT.loadFailed} message={load.message}>
          <button type="button" className={`${buttons.button} ${buttons.primary}`} onClick={() => setLoadAttempt((n) => n + 1)}>
            Try again
          </button>
        </MessageScreen>
      )}
      {link && values && (
        <>
          {step.name === 'form' ? (
            <>
              <LinkSummary link={link} />
              <PayForm
                link={link}
                values={values}
                onChange={setValues}
                onStarted={onStarted}
                onUnavailable={() => go({ name: 'unavailable', afterSubmit: true }, M.linkUnavailable)}
                focusPhone={step.focusPhone ?? false}
              />
            </>
          ) : (
            <h1 className={classes.title}>{link.title}</h1>
          )}
          {step.name === 'unavailable' && (
            <MessageScreen
              level={2}
              title={PAGE_TEXT.unavailableTitle}
              message={M.linkUnavailable}
              takeFocus={step.afterSubmit}
            />
          )}
          {step.name === 'waiting' && <WaitingScreen started={step.started} onDone={onDone} onCancelled={onCancelled} />}
          {step.name === 'success' && (
            <SuccessScreen payment={step.payment} email={step.email} merchant={link.merchant.name} title={link.title} />
          )}
          {step.name === 'failed' && <FailureScreen message={step.message} onRetry={() => go({ name: 'form' }, '')} />}
          {step.name === 'cancelled' && (
            <FailureScreen
              title={PAGE_TEXT.cancelledTitle}
              message={M.cancelled}
              retryLabel={PAGE_TEXT.startAgain}
              onRetry={() => go({ name: 'form' }, '')}
            />
          )}
        </>
      )}
    </PageFrame>
  );
}
