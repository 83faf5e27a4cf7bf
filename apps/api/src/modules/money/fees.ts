/** One fee schedule, from the settings (FEE_*), documented in docs/settings.md. */
export type FeeSchedule = { collectionPercent: number; collectionFlat: number };

/** The fee kept from a successful collection: percent of the amount (rounded half up) plus the flat part, never above the amount. */
export function collectionFee(schedule: FeeSchedule, amount: number): number {
  const basisPoints = Math.round(schedule.collectionPercent * 100);
  const percentPart = Math.floor((amount * basisPoints + 5000) / 10000);
  return Math.min(amount, percentPart + schedule.collectionFlat);
}
