import { Anchor, List, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { whatsappUrl } from '@sente/contracts/support';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../components/error-state.tsx';
import { useSupportContacts } from './support-contacts.ts';

type InfoModalProps = { opened: boolean; onClose: () => void };

/** What the dashboard keeps and why; the full policy is not published yet, and this says so. */
export function PrivacyModal({ opened, onClose }: InfoModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Privacy" size="lg">
      <Stack gap="sm">
        <Text size="sm">Sente keeps what you enter and what your customers send when they pay you:</Text>
        <List size="sm" spacing={4}>
          <List.Item>your name, email and phone, to sign you in and send you one-time codes;</List.Item>
          <List.Item>
            your business and bank details and compliance documents, to approve live payments and pay you out;
          </List.Item>
          <List.Item>your customers' names, phone numbers or emails and payment records, to show you your collections.</List.Item>
        </List>
        <Text size="sm">
          Your password and wallet PIN are stored only in hashed form. Team members see the data of the accounts they were invited
          to, and nothing else.
        </Text>
        <Text size="sm">The full privacy policy will be published here before live payments open.</Text>
      </Stack>
    </Modal>
  );
}

/** A link to a screen of the dashboard that also closes the modal it sits in. */
function ScreenLink({ to, onClose, children }: { to: string; onClose: () => void; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} onClick={onClose} inherit fw={600} c="sente.8">
      {children}
    </Anchor>
  );
}

/** How to reach support: a call, WhatsApp (wa.me, in a new tab) and e-mail, from the platform's settings. */
function ContactSupport({ opened }: { opened: boolean }) {
  const contacts = useSupportContacts(opened);
  return (
    <section aria-labelledby="contact-support">
      <Title order={3} size="h5" id="contact-support">
        Contact support
      </Title>
      {contacts.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading the support contacts" />
      ) : contacts.error ? (
        <ErrorState error={contacts.error} onRetry={() => void contacts.refetch()} />
      ) : (
        <List size="sm" spacing={4} listStyleType="none" p={0}>
          <List.Item>
            Call{' '}
            <Anchor
              href={`tel:${contacts.data.phone.replace(/[\s-]/g, '')}`}
              aria-label={`Call ${contacts.data.phone}`}
              inherit
              fw={600}
              c="sente.8"
            >
              {contacts.data.phone}
            </Anchor>
          </List.Item>
          <List.Item>
            WhatsApp{' '}
            <Anchor
              href={whatsappUrl(contacts.data.whatsapp)}
              target="_blank"
              rel="noopener"
              aria-label={`WhatsApp ${contacts.data.whatsapp} (new tab)`}
              inherit
              fw={600}
              c="sente.8"
            >
              {contacts.data.whatsapp}
            </Anchor>
          </List.Item>
          <List.Item>
            E-mail{' '}
            <Anchor
              href={`mailto:${contacts.data.email}`}
              aria-label={`E-mail ${contacts.data.email}`}
              inherit
              fw={600}
              c="sente.8"
            >
              {contacts.data.email}
            </Anchor>
          </List.Item>
        </List>
      )}
    </section>
  );
}

/**
 * Answers to the questions a new merchant asks first, each with a link to the screen it sends them to, and how to
 * reach support.
 */
export function HelpModal({ opened, onClose }: InfoModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Help and Support" size="lg">
      <Stack gap="md">
        <ContactSupport opened={opened} />
        <div>
          <Title order={3} size="h5">
            Test and live mode
          </Title>
          <Text size="sm">
            New accounts start in test mode: payments are simulated and no real money moves. Live mode opens once your account is
            approved, after you complete your business details and compliance documents on{' '}
            <ScreenLink to="/business-details" onClose={onClose}>
              Business Details
            </ScreenLink>
            .
          </Text>
        </div>
        <div>
          <Title order={3} size="h5">
            Getting paid to your bank
          </Title>
          <Text size="sm">
            A Request Transfer pays your wallet out to your bank account. Add the account first, on the Bank Details tab of{' '}
            <ScreenLink to="/business-details?tab=bank" onClose={onClose}>
              Business Details
            </ScreenLink>
            ; then choose Request Transfer under Transfers on the{' '}
            <ScreenLink to="/settlements" onClose={onClose}>
              Transfers
            </ScreenLink>{' '}
            screen.
          </Text>
        </div>
        <div>
          <Title order={3} size="h5">
            Several businesses
          </Title>
          <Text size="sm">
            Use Switch Account in the profile menu to move between your business accounts or to create a new one. Each account has
            its own links, collections, wallet and team.
          </Text>
        </div>
        <div>
          <Title order={3} size="h5">
            Your team
          </Title>
          <Text size="sm">
            An owner or administrator can invite team members on{' '}
            <ScreenLink to="/team" onClose={onClose}>
              Team
            </ScreenLink>{' '}
            and choose their role. What you can change depends on your role on the current account.
          </Text>
        </div>
      </Stack>
    </Modal>
  );
}
