import { describe, expect, it } from 'vitest';
import { escapeHtml, reasonText, sanitizeReason } from './rich-text.ts';

describe('a transfer reason', () => {
  it.each([
    ['inline formatting', 'Stock for <b>April</b> and <i>May</i>', 'Stock for <b>April</b> and <i>May</i>'],
    ['an image with a handler', 'Rent <img src=x onerror="alert(1)">', 'Rent'],
    ['a script and its content', 'Rent<script>alert(1)</script>', 'Rent'],
    ['attributes on an allowed tag', '<b onclick="steal()" style="color:red">Rent</b>', '<b>Rent</b>'],
    ['a link', '<a href="https://evil.example.com">Claim your refund</a>', 'Claim your refund'],
    ['an unclosed tag', 'Rent <b>April', 'Rent <b>April</b>'],
    ['text that looks like markup', 'a < b & c > d', 'a &lt; b &amp; c &gt; d'],
  ])('keeps only the allow-list: %s', (_, given, stored) => {
    expect(sanitizeReason(given)).toBe(stored);
  });

  it('is empty when it was nothing but markup', () => {
    expect(sanitizeReason('<script>alert(1)</script><img src=x>')).toBe('');
  });

  it('reads as plain words where it is not HTML', () => {
    expect(reasonText('Stock for <b>April</b><br>and a &lt; b &amp; c')).toBe('Stock for April and a < b & c');
  });
});

describe('plain text in HTML', () => {
  it('shows as typed and never as markup', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'Okello'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Okello&#39;',
    );
  });
});
