import { Button, Tabs } from '@mantine/core';
import { WALLET_MESSAGES as M } from '@sente/contracts/wallet';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { DownloadButton } from '../../../components/download-button.tsx';
import { LinkListPage } from '../../../components/link-list-page.tsx';
import { useCan } from '../../../lib/profile.ts';
import { useSettlements } from '../api/settlements.ts';
import { SettlementCards } from '../components/settlement-cards.tsx';
import { SettlementsTable } from '../components/settlements-table.tsx';
import { StatementView } from '../components/statement-view.tsx';
import { TransferModal } from '../components/transfer-modal.tsx';

/**
 * Spec §2 Transfers (/settlements): money sent, settlements requested and payouts, with the transfers received,
 * in the active environment. `?transfer=1` opens the Transfers modal; `?option=payout` also offers the
 * mobile-money payout the spec keeps out of the dropdown. The Statement tab (`?view=statement`, issue 31) lists the
 * wallet's lines with the balance after each.
 */
export function SettlementsRoute() {
  const canMove = useCan('moveMoney');
  const [params, setParams] = useSearchParams();
  const withPayout = params.get('option') === 'payout';
  const opened = params.has('transfer') || withPayout;
  const view = params.get('view') === 'statement' ? 'statement' : 'transfers';
  const setView = (next: string | null) =>
    setParams((current) => {
      const nextParams = new URLSearchParams(current);
      if (next === 'statement') nextParams.set('view', 'statement');
      else nextParams.delete('view');
      return nextParams;
    });
  const setOpened = (open: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (open) next.set('transfer', '1');
      else {
        next.delete('transfer');
        next.delete('option');
      }
      return next;
    });

  const transfersButton = canMove && (
    <Button leftSection={<IconArrowsExchange size={16} aria-hidden />} onClick={() => setOpened(true)}>
      Transfers
    </Button>
  );
  return (
    <Tabs value={view} onChange={setView} keepMounted={false}>
      <Tabs.List mb="lg">
        <Tabs.Tab value="transfers">Transfers</Tabs.Tab>
        <Tabs.Tab value="statement">Statement</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="transfers">
        <LinkListPage
          title="Transfers"
          intro="Money sent to other Sente accounts, to your bank and to mobile money, and transfers received."
          create={null}
          actions={
            <>
              <DownloadButton path="/api/collections/smt_download" fileName="Settlements.xlsx" />
              {transfersButton}
            </>
          }
          emptyAction={transfersButton || undefined}
          emptyMessage={M.noSettlementsYet}
          list={useSettlements()}
          tableFrom="md"
          table={(rows) => <SettlementsTable rows={rows} />}
          cards={(rows) => <SettlementCards rows={rows} />}
        >
          {canMove && <TransferModal opened={opened} onClose={() => setOpened(false)} withPayout={withPayout} />}
        </LinkListPage>
      </Tabs.Panel>
      <Tabs.Panel value="statement">
        <StatementView />
      </Tabs.Panel>
    </Tabs>
  );
}
