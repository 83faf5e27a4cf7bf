import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  /** 'outbox' writes .eml files to DATA_DIR/outbox; 'smtp' sends through SMTP_URL. */
  transport: 'outbox' | 'smtp';
  description: string;
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
};

function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; logger: Logger }): Mailer {
  const { smtpUrl, from, outboxDir, logger } = options;
  if (smtpUrl) {
    const transporter = nodemailer.createTransport(smtpUrl);
    const url = new URL(smtpUrl);
    return {
      transport: 'smtp',
      description: `SMTP via ${url.hostname}:${url.port || 25}`,
      send: async (message) => {
        await transporter.sendMail({ from, ...message });
      },
      close: () => transporter.close(),
    };
  }
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    transport: 'outbox',
    description: `outbox files in ${outboxDir}`,
    send: async (message) => {
      const info = await transporter.sendMail({ from, ...message });
      await fs.mkdir(outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      logger.info({ to: message.to, subject: message.subject, file }, `mail written to outbox: ${message.subject}`);
    },
    close: () => transporter.close(),
  };
}

/** The mailer the settings ask for: SMTP when SMTP_URL is set, else the outbox in DATA_DIR. */
export function createMailerFromConfig(config: Config, logger: Logger): Mailer {
  return createMailer({
    from: config.MAIL_FROM,
    outboxDir: path.join(config.dataDir, 'outbox'),
    logger,
    ...(config.SMTP_URL ? { smtpUrl: config.SMTP_URL } : {}),
  });
}
