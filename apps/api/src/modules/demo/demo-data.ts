import { crc32, deflateSync } from 'node:zlib';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@sente/contracts/notifications';

/** The demo merchant a newcomer signs in as (README: The demo). */
export const DEMO_USER = { firstname: 'Ruth', lastname: 'Nankya', email: 'demo@sente.local', password: 'Sente#Demo2026' };
export const DEMO_PIN = '12345';

/**
 * The school's paperwork, so Business Details and the 90% ring are alive on first sight, with the MoMo Pay and Airtel
 * merchant codes the link posters print.
 */
export const DEMO_BUSINESS = {
  business_name: 'Kampala Parents School Ltd',
  business_industry: 'Education',
  business_email: 'accounts@kampalaparents.sente.local',
  business_phone: '256414123456',
  reg_date: '2012-02-06',
  country: 'Uganda',
  city: 'Kampala',
  address_1: 'Plot 12, Kira Road',
  address_2: 'Kamwokya',
  momo_merchant_code: '708912',
  airtel_merchant_code: '4417063',
} as const;
/**
 * The school's team, one member of each role besides its owner (each signs in with DEMO_USER's password),
 * and an invitation nobody has taken up yet.
 */
export const DEMO_TEAM = [
  { firstname: 'Alice', lastname: 'Nakimuli', email: 'admin@demo.sente.local', staff_role: 'administrator' },
  { firstname: 'Paul', lastname: 'Ssekandi', email: 'operations@demo.sente.local', staff_role: 'operations' },
  { firstname: 'Daniel', lastname: 'Oryem', email: 'developer@demo.sente.local', staff_role: 'developer' },
  { firstname: 'Mercy', lastname: 'Atuhaire', email: 'support@demo.sente.local', staff_role: 'customer_support' },
  { firstname: 'Tom', lastname: 'Wandera', email: 'user@demo.sente.local', staff_role: 'user' },
] as const;
export const DEMO_PENDING_INVITE = { email: 'bursar@demo.sente.local', staff_role: 'operations' } as const;

/**
 * What the demo user hears of the school: an e-mail for each payment, in test mode too, since every demo payment is a
 * test payment.
 */
export const DEMO_NOTIFICATIONS = { ...DEFAULT_NOTIFICATION_SETTINGS, payment_received: true, by_email: true, test: true };

export const DEMO_ACCOUNTS = { school: 'Kampala Parents School', bakery: "Mama Ruth's Bakery" } as const;

export const PAYER_NAMES = [
  'Sarah Namubiru',
  'Moses Kato',
  'Grace Mukasa',
  'Peter Ochieng',
  'Joan Atim',
  'Brian Okello',
  'Esther Nalwoga',
  'David Ssempala',
  'Florence Akello',
  'Isaac Mugisha',
  'Harriet Nakato',
  'Samuel Opio',
  'Agnes Namutebi',
  'Ronald Kiggundu',
  'Winnie Achieng',
  'Joseph Lubega',
  'Patience Auma',
  'Denis Tumusiime',
  'Irene Nansubuga',
  'Emmanuel Wasswa',
  'Rebecca Amony',
  'Collins Byaruhanga',
  'Lydia Nabirye',
  'Henry Mutebi',
];

/** A deterministic random source, so every demo database looks the same. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A square PNG of one colour: enough for a logo and a product image that the upload check reads as PNG. */
export function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** A one-page PDF, the demo digital item's product file. */
export const DEMO_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
