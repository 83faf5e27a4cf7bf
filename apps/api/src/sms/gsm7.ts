// The GSM 03.38 default alphabet (3GPP TS 23.038 §6.2.1) and its extension table, whose characters take two septets.
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';

/** One SMS: 160 septets of GSM-7. A longer text is sent, and paid for, as several. */
export const ONE_SMS = 160;

/** Characters a phone would otherwise receive as UCS-2 (70 to a message), written in their nearest GSM-7 form. */
const NEAREST: Record<string, string> = { '’': "'", '‘': "'", '“': '"', '”': '"', '–': '-', '—': '-', '…': '...' };

/** Septets the text takes in GSM-7; null when a character is outside it. */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (GSM7_BASIC.includes(char)) length += 1;
    else if (GSM7_EXTENDED.includes(char)) length += 2;
    else return null;
  }
  return length;
}

/** The text in GSM-7: accents taken off where the alphabet lacks them, other characters left out. */
export function toGsm7(text: string): string {
  let out = '';
  for (const char of text) {
    const nearest = NEAREST[char] ?? char;
    if (gsm7Length(nearest) !== null) out += nearest;
    else {
      const plain = char.normalize('NFD').replace(/\p{M}/gu, '');
      if (gsm7Length(plain) !== null) out += plain;
    }
  }
  return out.replace(/\s+/g, ' ').trim();
}

const fits = (text: string, max: number) => (gsm7Length(text) ?? Number.POSITIVE_INFINITY) <= max;

/** A name four characters shorter, with "..." in their place; nothing once nothing of it is left. */
function shorter(name: string): string {
  const kept = name
    .replace(/\.\.\.$/, '')
    .slice(0, -4)
    .trimEnd();
  return kept ? `${kept}...` : '';
}

/**
 * One GSM-7 message of at most `max` septets built from `names` (a merchant's, a payer's, a reason: what may give way):
 * each name is written in GSM-7, then the longest is shortened with "..." until the text fits. What `build` adds
 * around them (amounts, references) is never cut; a text that cannot fit even with the names gone is answered as it is.
 */
export function oneSms(names: string[], build: (names: string[]) => string, max = ONE_SMS): string {
  const parts = names.map(toGsm7);
  while (!fits(build(parts), max)) {
    let longest = 0;
    parts.forEach((part, index) => {
      if (part.length > parts[longest]!.length) longest = index;
    });
    if (parts[longest] === '') break;
    parts[longest] = shorter(parts[longest]!);
  }
  return build(parts);
}
