import { Button, Tabs } from '@mantine/core';
import { FIND_MESSAGES } from '@sente/contracts/filters';
import { WALLET_MESSAGES as M, TRANSFERS_WORKBOOK } from '@sente/contracts/transfers';
import { IconArrowsExchange } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DownloadButton } from '../../../components/download-button.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { useUrlFilter, withQuery } from '../../../components/use-url-filter.ts';
import { routePath } from '../../../lib/api-client.ts';
import { useCan } from '../../../lib/profile.ts';
import { TRANSFER_FILTER_KEYS, useSettlements } from '../api/settlements.ts';
import { BatchesView } from '../batches/components/batches-view.tsx';
import { AwaitingApprovalNotice } from '../components/awaiting-approval-notice.tsx';
import { PayoutRulesView } from '../components/payout-rules-view.tsx';
import { SettlementCards } from '../components/settlement-cards.tsx';
import { SettlementsTable } from '../components/settlements-table.tsx';
import { StatementView } from '../components/statement-view.tsx';
import { TransferModal } from '../components/transfer-modal.tsx';
import { TransfersFilter, transfersTotal } from '../components/transfers-filter.tsx';
import classes from './transfers.module.css';

const TABS = ['transfers', 'statement', 'batches', 'rules'] as const;
/**
 * Transfers (/settlements): money sent, settlements requested and payouts, with the transfers received,
 * in the active environment. `?transfer=1` opens the Transfers modal; `?option=payout` opens it with "Send to mobile
 * money" chosen (offered in the dropdown too, decision 064). The list narrowed by the filter in the URL, the Statement
 * tab (`?view=statement`), the wallet's lines with the balance after each, the Batches tab (`?view=batches`), the
 * payout batches paid from a sheet, and the Payout rules tab (`?view=rules`, decision 065), the account's caps on money
 * out, beside the movements they limit.
 */
export function TransfersRoute() {
  const canMove = useCan('moveMoney');
  const [params, setParams] = useSearchParams();
  const withPayout = params.get('option') === 'payout';
  const opened = params.has('transfer') || withPayout;
  const view = TABS.find((tab) => tab === params.get('view')) ?? 'transfers';
  const setView = (next: string | null) =>
    setParams((current) => {
      const nextParams = new URLSearchParams(current);
      if (next && next !== 'transfers') nextParams.set('view', next);
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
    <>
      <Tabs value={view} onChange={setView} keepMounted={false}>
        {/* On a phone the four tabs stay on one line and scroll sideways rather than wrap or shrink. */}
        <Tabs.List mb="lg" className={classes.tabList}>
          <Tabs.Tab value="transfers">Transfers</Tabs.Tab>
          <Tabs.Tab value="statement">Statement</Tabs.Tab>
          <Tabs.Tab value="batches">Batches</Tabs.Tab>
          <Tabs.Tab value="rules">Payout rules</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="transfers">
          <TransfersPanel transfersButton={transfersButton || undefined} />
        </Tabs.Panel>
        <Tabs.Panel value="statement">
          <StatementView />
        </Tabs.Panel>
        <Tabs.Panel value="batches">
          <BatchesView />
        </Tabs.Panel>
        <Tabs.Panel value="rules">
          <PayoutRulesView />
        </Tabs.Panel>
      </Tabs>
      {/* Outside the tabs: `?transfer=1` opens the modal whichever tab is shown. */}
      {canMove && <TransferModal opened={opened} onClose={() => setOpened(false)} withPayout={withPayout} />}
    </>
  );
}

/**
 * The Transfers tab: the list narrowed by the filter in the URL, under the movements awaiting the viewer's approval;
 * mounted only while shown, so are its queries.
 */
function TransfersPanel({ transfersButton }: { transfersButton: ReactNode }) {
  const filter = useUrlFilter(TRANSFER_FILTER_KEYS);
  const list = useSettlements(filter.query);
  return (
    <ListPage
      title="Transfers"
      intro="Money sent to other Sente accounts, to your bank and to mobile money, and transfers received."
      create={null}
      actions={
        <>
          <DownloadButton
            path={withQuery(routePath('GET /api/collections/smt_download'), filter.query)}
            fileName={TRANSFERS_WORKBOOK}
          />
          {transfersButton}
        </>
      }
      emptyAction={
        filter.active ? (
          <Button variant="light" onClick={filter.clear}>
            Clear filters
          </Button>
        ) : (
          transfersButton
        )
      }
      emptyMessage={filter.active ? FIND_MESSAGES.noMatchingTransfers : M.noSettlementsYet}
      list={list}
      filters={
        <>
          <AwaitingApprovalNotice />
          {(filter.active || list.items.length > 0) && (
            <TransfersFilter
              filter={filter}
              total={!list.isPending && !list.error ? transfersTotal(list.totalItems, list.totalCapped) : null}
            />
          )}
        </>
      }
      tableFrom="md"
      table={(rows) => <SettlementsTable rows={rows} />}
      cards={(rows) => <SettlementCards rows={rows} />}
    />
  );
}
