import type { LinkVisibility } from '@sente/contracts/links';

/** A donation link or digital item is Public (advertised on the landing page) or Private. */
export const VISIBILITY_LABELS: Record<LinkVisibility, string> = { public: 'Public', private: 'Private' };
