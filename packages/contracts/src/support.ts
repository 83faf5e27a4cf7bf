import { z } from 'zod';

/**
 * GET /api/support: how a merchant reaches Sente's support, from the settings SUPPORT_PHONE, SUPPORT_WHATSAPP and
 * SUPPORT_EMAIL (docs/settings.md). The phone numbers are in international form (+256...); `whatsapp` also as the
 * digits a wa.me link takes.
 */
export const supportContacts = z.object({
  phone: z.string(),
  whatsapp: z.string(),
  email: z.string(),
});
export type SupportContacts = z.output<typeof supportContacts>;

/** The wa.me link of a WhatsApp number: only its digits, country code first (WhatsApp's own rule). */
export const whatsappUrl = (number: string) => `https://wa.me/${number.replace(/\D/g, '')}`;
