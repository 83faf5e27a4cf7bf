import { Alert, Card, Stack, Tabs, Title } from '@mantine/core';
import { BUSINESS_MESSAGES } from '@sente/contracts/messages';
import { IconLock } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useCan, useProfile } from '../../../lib/profile.ts';
import { BankDetailsForm } from '../components/bank-details-form.tsx';
import { BusinessDetailsForm } from '../components/business-details-form.tsx';
import { ComplianceDocuments } from '../components/compliance-documents.tsx';
import { SmsReceiptsCard } from '../components/sms-receipts-card.tsx';

/**
 * Business details: two tabs and the Compliance Documents card. Every member sees them; only owners and
 * administrators may change them (docs/features.md#roles), so the others get them read-only with a note saying why.
 * Below them, the account's SMS receipts setting (decision 068).
 */
export function BusinessDetailsRoute() {
  const { data: user } = useProfile();
  // `?tab=bank` opens the Bank Details tab (the links from Transfers and Help that ask for a bank account).
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'bank' ? 'bank' : 'business';
  const canManage = useCan('manageAccount');
  const account = user?.current_account;
  // NOTE: the AuthGuard renders nothing below it until the profile has loaded.
  if (!account) return null;
  const readOnly = !canManage;

  return (
    <Stack gap="lg" maw={880}>
      <Title order={1} size="h2">
        Business Details
      </Title>
      {readOnly && (
        <Alert color="gray" icon={<IconLock size={18} aria-hidden />}>
          {BUSINESS_MESSAGES.readOnly}
        </Alert>
      )}
      <Card withBorder padding="lg" radius="md">
        <Tabs
          value={tab}
          onChange={(value) => setParams(value === 'bank' ? { tab: 'bank' } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="business">Business Details</Tabs.Tab>
            <Tabs.Tab value="bank">Bank Details</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="business">
            <BusinessDetailsForm
              key={account.id}
              details={account.business_details}
              accountName={account.account_name}
              readOnly={readOnly}
            />
          </Tabs.Panel>
          <Tabs.Panel value="bank">
            <BankDetailsForm key={account.id} bank={account.bank_details[0]} readOnly={readOnly} />
          </Tabs.Panel>
        </Tabs>
      </Card>
      <ComplianceDocuments key={account.id} readOnly={readOnly} />
      <SmsReceiptsCard key={`sms-${account.id}`} enabled={account.sms_receipts} readOnly={readOnly} />
    </Stack>
  );
}
