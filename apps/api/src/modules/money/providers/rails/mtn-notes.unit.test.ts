import { describe, expect, it } from 'vitest';
import { MTN_NOTE_MAX, plainName, requestToPayNotes } from './mtn-notes.ts';

describe("MTN's payerMessage and payeeNote", () => {
  it("carry the merchant's name and Sente's reference", () => {
    expect(requestToPayNotes('Kampala Books', 'SNTABCDEF123456')).toEqual({
      payerMessage: 'Kampala Books SNTABCDEF123456',
      payeeNote: 'Sente SNTABCDEF123456 Kampala Books',
    });
  });

  it('leave out what the network refuses, take accents off, and are never empty', () => {
    expect(plainName('Café & Bar <Ntinda>')).toBe('Cafe Bar Ntinda');
    expect(plainName("St. Mary's, Kisubi - P.5")).toBe("St. Mary's, Kisubi - P.5");
    expect(plainName('🙂&&')).toBe('Sente');
  });

  it('stay short however long the name', () => {
    const { payerMessage, payeeNote } = requestToPayNotes('A'.repeat(500), 'SNTABCDEF123456');
    expect(payerMessage.length).toBeLessThanOrEqual(MTN_NOTE_MAX);
    expect(payeeNote.length).toBeLessThanOrEqual(MTN_NOTE_MAX);
    expect(payerMessage).toMatch(/ SNTABCDEF123456$/);
  });
});
