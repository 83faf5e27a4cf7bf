import { describe, expect, it } from 'vitest';
import { DEVELOPER_MESSAGES as M, WEBHOOK_URL_MAX_LENGTH, webhookUrlsInput } from './developers.ts';
import { issueMessages } from './validation.ts';

const messagesOf = (input: unknown) => {
  const result = webhookUrlsInput.safeParse(input);
  return result.success ? [] : issueMessages(result.error);
};

describe('webhookUrlsInput', () => {
  it('reads absent, null and blank as no URL, and keeps a URL as the parser writes it', () => {
    expect(webhookUrlsInput.parse({})).toEqual({ collection_url: null, payment_url: null });
    expect(webhookUrlsInput.parse({ collection_url: null, payment_url: '   ' })).toEqual({
      collection_url: null,
      payment_url: null,
    });
    expect(
      webhookUrlsInput.parse({ collection_url: ' HTTPS://Hooks.Example.com ', payment_url: 'http://hooks.example.com/p?x=1' }),
    ).toEqual({
      collection_url: 'https://hooks.example.com/',
      payment_url: 'http://hooks.example.com/p?x=1',
    });
  });

  it("names the field in each message, in the page's order", () => {
    expect(messagesOf({ payment_url: 'ftp://x', collection_url: 7 })).toEqual([
      M.urlInvalid('Collections'),
      M.urlInvalid('Payments'),
    ]);
  });

  it('refuses what a webhook cannot be sent to', () => {
    const cases: [string, string][] = [
      ['hooks.example.com', M.urlInvalid('Collections')],
      ['mailto:dev@example.com', M.urlInvalid('Collections')],
      ['https://', M.urlInvalid('Collections')],
      ['https://hooks.example.com/a b', M.urlInvalid('Collections')],
      ['https://hooks.example\t.com/', M.urlInvalid('Collections')],
      ['https://dev:pw@hooks.example.com/', M.urlCredentials('Collections')],
      ['https://dev@hooks.example.com/', M.urlCredentials('Collections')],
      [`https://hooks.example.com/${'a'.repeat(WEBHOOK_URL_MAX_LENGTH)}`, M.urlTooLong('Collections')],
    ];
    for (const [value, message] of cases) expect(messagesOf({ collection_url: value }), value).toEqual([message]);
  });
});
