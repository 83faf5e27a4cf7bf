import type { Currency, Environment } from '@sente/contracts/constants';
import type { PaymentChannel } from '@sente/contracts/payments';
import type { ColumnType, Generated } from 'kysely';

/** Successful collections per account, environment, Kampala day, channel and currency (decision 017). */
export interface CollectionDailyTotalsTable {
  account_id: string;
  environment: Environment;
  /** 'YYYY-MM-DD' in Africa/Kampala; select it as text (a pg date would be read as a local midnight). */
  day: string;
  channel: PaymentChannel;
  currency: Currency;
  amount: ColumnType<string, number | string | undefined, number | string>;
  count: Generated<number>;
}
