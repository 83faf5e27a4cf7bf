import { describe, expect, it } from 'vitest';
import { mayText } from './quiet-hours.ts';

/** A time in Kampala (UTC+3) on a given day, as a Date. */
const kampala = (time: string) => new Date(`2026-11-29T${time}+03:00`);

describe('mayText: promotional texts only 08:00-20:00 Kampala time', () => {
  it.each([
    ['07:59:59', false],
    ['08:00:00', true],
    ['13:30:00', true],
    ['19:59:59', true],
    ['20:00:00', false],
    ['23:30:00', false],
    ['00:00:00', false],
    ['02:15:00', false],
  ])('a promotional text at %s: %s', (time, allowed) => {
    expect(mayText('promotional', kampala(time))).toBe(allowed);
  });

  it('a transactional text goes at any hour', () => {
    for (const time of ['00:00:00', '03:00:00', '07:59:59', '20:00:00', '23:59:59']) {
      expect(mayText('transactional', kampala(time))).toBe(true);
    }
  });

  it('reads the hour in Kampala, whatever the UTC date: 05:00 UTC is 08:00 there, 17:00 UTC is 20:00', () => {
    expect(mayText('promotional', new Date('2026-11-29T04:59:00Z'))).toBe(false);
    expect(mayText('promotional', new Date('2026-11-29T05:00:00Z'))).toBe(true);
    expect(mayText('promotional', new Date('2026-11-29T16:59:00Z'))).toBe(true);
    expect(mayText('promotional', new Date('2026-11-29T17:00:00Z'))).toBe(false);
    expect(mayText('promotional', new Date('2026-11-28T22:00:00Z'))).toBe(false);
  });
});
