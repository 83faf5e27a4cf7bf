import { z } from 'zod';
import { LINK_MESSAGES } from './messages.ts';

/** The response envelopes every dashboard route answers in. */
export type ApiSuccess<T> = { status: 'success'; message?: string; data: T };
/**
 * `fields`: for a refused body, each field's path as the body names it (`title`, `extra_fields.0.label`) and its first
 * message, so a form shows it under that field; what names no field stays in `message` and `errors` only.
 */
export type ApiFailure = { status: 'error'; message: string; errors?: string[]; code?: string; fields?: Record<string, string> };

/**
 * The success envelope of a dashboard or public route, as a schema: the route's response schema (decision 046), which
 * also serialises the answer, and what the web app's test stubs answer through.
 */
export const answerOf = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal('success'), message: z.string().optional(), data });

/** The page shape every cursor-paged list answers. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    lastCursor: z.string().nullable(),
    nextCursor: z.string().nullable(),
    totalItems: z.number().int(),
    totalPages: z.number().int(),
  });
export type Page<T> = {
  items: T[];
  lastCursor: string | null;
  nextCursor: string | null;
  totalItems: number;
  totalPages: number;
};

/** ?cursor= of every cursor-paged list; a repeated one, or one too long to be ours, is refused here. */
export const cursorQuery = z.object({
  cursor: z.string({ error: LINK_MESSAGES.invalidCursor }).max(300, LINK_MESSAGES.invalidCursor).optional(),
});

/** A route that reads nothing from its query string, body or path. */
export const nothing = z.object({});

/** A route answered with a file (a workbook, an image) rather than JSON: the serialiser never sees it. */
export const fileAnswer = z.unknown().describe('A file, sent as it is');
