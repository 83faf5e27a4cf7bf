import { describe, expect, it } from 'vitest';
import { containsPattern, isCalendarDay, kampalaDayEnd, kampalaDayStart, searchedPhone } from './filters.ts';
import { collectionsFilterQuery } from './payments-input.ts';

describe('the find filters', () => {
  it('reads a phone however it is written, and nothing else as one', () => {
    for (const written of ['0772 123 456', '256772123456', '+256 772 123456', '772123456', '0772-123-456']) {
      expect([written, searchedPhone(written)]).toEqual([written, '256772123456']);
    }
    for (const text of ['Okello', '7', '77212345', 'SNT7K2M9QX', '0612345678']) expect(searchedPhone(text)).toBeNull();
  });

  it('bounds a Kampala day from 00:00 EAT (21:00 UTC the day before) to the next 00:00', () => {
    expect(kampalaDayStart('2026-11-21').toISOString()).toBe('2026-11-20T21:00:00.000Z');
    expect(kampalaDayEnd('2026-11-21').toISOString()).toBe('2026-11-21T21:00:00.000Z');
    expect(kampalaDayStart('2026-01-01').toISOString()).toBe('2025-12-31T21:00:00.000Z');
    expect([isCalendarDay('2028-02-29'), isCalendarDay('2026-02-29'), isCalendarDay('2026-1-01')]).toEqual([true, false, false]);
  });

  it("takes ilike's wildcards as themselves", () => {
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });

  it('trims the search, reads an empty one as none, and keeps the days as written', () => {
    expect(collectionsFilterQuery.parse({ q: '  Okello  ', link: ' ', from: '2026-11-20', to: '2026-11-20' })).toEqual({
      q: 'Okello',
      from: '2026-11-20',
      to: '2026-11-20',
    });
    expect(collectionsFilterQuery.parse({ q: '   ' })).toEqual({});
  });
});
