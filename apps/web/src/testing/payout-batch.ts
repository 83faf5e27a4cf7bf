import type { BatchCounts, BatchRow, PayoutBatch } from '@sente/contracts/payout-batches';

const NO_COUNTS: BatchCounts = {
  rows: 0,
  errors: 0,
  warnings: 0,
  names_pending: 0,
  names_blocking: 0,
  mismatches: 0,
  mismatches_accepted: 0,
  queued: 0,
  sent: 0,
  paid: 0,
  failed: 0,
};

/**
 * A draft of three rows, every row checked and every name matching, made by the test user (testing/test-user.ts), who
 * may edit and submit it, as GET /api/payout-batches/:id answers it; tests change what they are about.
 */
export const payoutBatch = ({
  counts,
  ...overrides
}: Partial<Omit<PayoutBatch, 'counts'>> & { counts?: Partial<BatchCounts> } = {}): PayoutBatch => ({
  id: 'ba7c0000-0000-4000-8000-000000000001',
  reference: 'Teachers November',
  status: 'draft',
  source: 'dashboard',
  file_name: 'teachers.csv',
  created_at: '2026-11-20T07:00:00.000Z',
  submitted_at: null,
  expires_at: null,
  approved_at: null,
  finished_at: null,
  maker: { id: 'a2b4c6d8-1e3f-4a5b-8c7d-9e0f1a2b3c4d', name: 'Ada Nakato' },
  approver: null,
  rejection_reason: null,
  total_amount: 150_000,
  total_charges: 1_500,
  charge_per_row: 500,
  paid_amount: 0,
  returned_amount: 0,
  max_amount: 5_000_000,
  counts: { ...NO_COUNTS, rows: 3, ...counts },
  wallet_balance: 1_000_000,
  can: { edit: true, submit: true, approve: false, reject: false, retry: false },
  events: [
    { at: '2026-11-20T07:00:00.000Z', actor: 'Ada Nakato', action: 'uploaded', row: null, detail: 'teachers.csv, 3 rows' },
  ],
  retry_of: null,
  retries: [],
  ...overrides,
});

/** The words of a masked registered name, none marked: a test of the marks gives its own. */
const unmarked = (masked: string | null | undefined) =>
  masked ? masked.split(' ').map((text) => ({ text, differs: false })) : null;

/** A row of the batch whose name matches, not yet sent; tests change what they are about. */
export const batchRow = (overrides: Partial<BatchRow> = {}): BatchRow => ({
  id: `row-${overrides.row ?? 1}`,
  row: 1,
  phone: '0772123456',
  amount: '50000',
  name: 'John Okello',
  reference: 'T-001',
  narrative: 'November salary',
  issues: [],
  name_check: 'match',
  registered_name: 'J*** OKELLO',
  registered_name_words: unmarked('registered_name' in overrides ? overrides.registered_name : 'J*** OKELLO'),
  name_accepted_by: null,
  status: 'draft',
  transfer_id: null,
  provider_reference: null,
  failure_reason: null,
  ...overrides,
});

/** A page of a cursor list holding `items` only. */
export const onePage = <T>(items: T[]) => ({
  items,
  lastCursor: null,
  nextCursor: null,
  totalItems: items.length,
  totalPages: 1,
});
