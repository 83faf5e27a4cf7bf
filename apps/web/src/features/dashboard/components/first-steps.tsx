import { Anchor, Card, CloseButton, Group, List, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import type { Account } from '@sente/contracts/accounts';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../lib/profile.ts';
import { type FirstStepCounts, useFirstStepCounts } from '../api/get-first-steps.ts';
import classes from './first-steps.module.css';
import { takeFocusRequest, useFirstStepsPutAway } from './first-steps-store.ts';
import { PROFILE_CHECKS } from './profile-completion.ts';

type Step = { id: string; label: string; to?: string; hint: string; done: boolean };

/**
 * The six steps from a new account to live payments, each ticked from what the account already has; business details
 * and approval with the Profile completion ring's own checks.
 */
function stepsOf(account: Account, counts: FirstStepCounts): Step[] {
  const live = account.api_keys.active_environment === 'production';
  return [
    {
      id: 'link',
      label: 'Create a link',
      to: '/new-payment-link',
      hint: 'A payment link, a donation link or a digital item: the page your customers pay on.',
      done: counts.links > 0,
    },
    {
      id: 'test-payment',
      label: 'Make a test payment',
      to: '/payment-links',
      hint: "Open your link's public page and pay it in test mode, with 0772 123 456 for example: no real money moves.",
      done: live || counts.testPayments > 0,
    },
    {
      id: 'business',
      label: 'Add your business details',
      to: '/business-details',
      hint: 'Your registered name, contacts, address and certificate of incorporation.',
      done: PROFILE_CHECKS.business(account),
    },
    {
      id: 'bank',
      label: 'Add your bank details',
      to: '/business-details?tab=bank',
      hint: 'Where Request Transfer pays your wallet out.',
      done: account.bank_details.length > 0,
    },
    {
      id: 'approved',
      label: 'Get approved for live payments',
      hint: 'We check your business details and documents, then approve your account: we e-mail you when it is done.',
      done: PROFILE_CHECKS.approved(account),
    },
    {
      id: 'live',
      label: 'Go live',
      hint: PROFILE_CHECKS.approved(account)
        ? 'Your account is approved: turn Test mode off at the top of the screen to take real payments.'
        : 'Once we approve your account, turn Test mode off at the top of the screen to take real payments.',
      done: live,
    },
  ];
}

/**
 * The Overview's first steps for a new merchant: create a link, make a test payment, business details, bank details,
 * go live, each ticked from data the app already has (the profile and the lists' counters). Shown to those who may
 * do them all (owners and administrators); put away on this browser once every step is done or the merchant closes it,
 * and shown again from the Profile completion card.
 */
export function FirstSteps({ account }: { account: Account }) {
  const canSetUp = useCan('manageAccount');
  const { putAway, setPutAway } = useFirstStepsPutAway(account.id);
  const hidden = putAway !== null;
  const counts = useFirstStepCounts(canSetUp && !hidden);
  const steps = counts.data ? stepsOf(account, counts.data) : null;
  const allDone = steps?.every((step) => step.done) ?? false;
  const shown = canSetUp && !hidden && steps !== null && !allDone;
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (allDone) setPutAway('done');
  }, [allDone, setPutAway]);

  // Brought back from the Profile completion card: the focus follows to the panel, above that card.
  useEffect(() => {
    if (shown && takeFocusRequest()) heading.current?.focus();
  }, [shown]);

  if (!shown) return null;
  const done = steps.filter((step) => step.done).length;

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="first-steps">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={2} size="h5" id="first-steps" ref={heading} tabIndex={-1}>
              First steps
            </Title>
            <Text size="sm" c="gray.7">
              {done} of {steps.length} done: from your first link to live payments.
            </Text>
          </div>
          <CloseButton aria-label="Hide first steps" title="Hide first steps" onClick={() => setPutAway('dismissed')} />
        </Group>
        <List spacing="sm" listStyleType="none" className={classes.list}>
          {steps.map((step) => (
            <List.Item
              key={step.id}
              data-done={step.done || undefined}
              icon={
                <ThemeIcon size={22} radius="xl" color={step.done ? 'sente.7' : 'gray.3'} aria-hidden>
                  {step.done && <IconCheck size={14} />}
                </ThemeIcon>
              }
            >
              <Text size="sm" fw={600} td={step.done ? 'line-through' : undefined}>
                {step.to && !step.done ? (
                  <Anchor component={Link} to={step.to} inherit c="sente.8">
                    {step.label}
                  </Anchor>
                ) : (
                  step.label
                )}
                <VisuallyHidden component="span">{step.done ? ' (done)' : ' (to do)'}</VisuallyHidden>
              </Text>
              {!step.done && (
                <Text size="sm" c="gray.7">
                  {step.hint}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}
