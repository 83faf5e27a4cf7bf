/**
 * One trim rule (validation.ts `requiredString`), and the /v1 document saying exactly what the server takes.
 * Every text field of a /v1 body is checked here against its own JSON Schema, as the OpenAPI document publishes it.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CUSTOMER_NAME_MAX_LENGTH,
  collectionRequest,
  PAYOUT_REASON_MAX_LENGTH,
  payoutRequest,
  REFERENCE_MAX_LENGTH,
} from './merchant-api.ts';
import { textLimit } from './text-limits.ts';
import { payoutInput } from './transfers-input.ts';
import { requiredString } from './validation.ts';

/** Values at the edges of the rule: blank, padded, at the limit, over it by its padding only, not one line. */
const edges = (max: number) => [
  '',
  ' ',
  '   ',
  'a',
  '  a  ',
  'x'.repeat(max),
  ` ${'x'.repeat(max)} `,
  ` ${'x'.repeat(max - 2)} `,
  'x'.repeat(max + 1),
  'a\tb',
  'a\nb',
  '\u00a0a\u00a0',
];

type FieldSchema = { maxLength?: number; minLength?: number; pattern?: string };

/** What a client reading the document would send: the field's JSON Schema decides. */
function documentTakes(field: FieldSchema, value: string): boolean {
  if (field.maxLength !== undefined && value.length > field.maxLength) return false;
  if (field.minLength !== undefined && value.length < field.minLength) return false;
  return field.pattern === undefined || new RegExp(field.pattern, 'u').test(value);
}

const BODIES = {
  collection: {
    schema: collectionRequest,
    valid: { amount: 1000, phone: '0772123456', channel: 'MTN_UG' },
    fields: { reference: REFERENCE_MAX_LENGTH, customer_name: CUSTOMER_NAME_MAX_LENGTH },
  },
  payout: { schema: payoutRequest, valid: { amount: 1000, phone: '0772123456' }, fields: { reason: PAYOUT_REASON_MAX_LENGTH } },
} as const;

describe('the /v1 document and the server agree on every text field', () => {
  for (const [body, { schema, valid, fields }] of Object.entries(BODIES)) {
    const properties = (z.toJSONSchema(schema, { io: 'input' }) as { properties: Record<string, FieldSchema> }).properties;
    for (const [name, max] of Object.entries(fields)) {
      it(`${body}.${name}: taken exactly when its schema takes it, and stored without its padding`, () => {
        const field = properties[name]!;
        expect(field.maxLength).toBe(max);
        for (const value of edges(max)) {
          const parsed = schema.safeParse({ ...valid, [name]: value });
          expect(parsed.success, JSON.stringify(value)).toBe(documentTakes(field, value));
        }
        const parsed = schema.parse({ ...valid, [name]: '  Order 7  ' }) as Record<string, unknown>;
        expect(Object.values(parsed)).toContain('Order 7');
      });
    }
  }
});

describe('the one trim rule of the dashboard', () => {
  it('counts a length as sent, refuses blank text and stores the value without its padding', () => {
    const title = requiredString('Enter a title', textLimit('Title', 5));
    expect(title.safeParse('   ').error?.issues.map((issue) => issue.message)).toEqual(['Enter a title']);
    expect(title.safeParse(' abcde ').error?.issues.map((issue) => issue.message)).toEqual([
      'Title must be at most 5 characters',
    ]);
    expect(title.parse(' abc ')).toBe('abc');
  });

  it('holds on a money form: a padded reason over 500 characters is too long, a padded one within is trimmed', () => {
    const payout = { amount: 1000, account: '0772123456', pin_token: 't' };
    expect(payoutInput.safeParse({ ...payout, narrative: ` ${'r'.repeat(500)} ` }).success).toBe(false);
    expect(payoutInput.parse({ ...payout, narrative: `  ${'r'.repeat(496)}  ` }).narrative).toBe('r'.repeat(496));
  });
});
