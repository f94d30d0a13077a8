import * as v from 'valibot';
import { toSingleLine } from './single-line';

/** Bounds on the contact form: generous for a real question, small enough to refuse junk. */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

/** Messages per sender address (IP) in CONTACT_RATE_WINDOW_MS before a 429. */
export const CONTACT_RATE_LIMIT = 5;
export const CONTACT_RATE_WINDOW_MS = 10 * 60_000;
export const CONTACT_RATE_LIMITED_MESSAGE =
  'You have sent several messages in a short time. Please wait a few minutes before sending another.';

export const CONTACT_SENT_MESSAGE = 'Thank you! Your message has been sent.';
export const CONTACT_QUEUED_MESSAGE =
  'Thank you! Your message has been saved and will be sent when you are back online.';

const requiredText = (required: string, max: number, tooLong: string) =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, tooLong));

/** A missing key reads as empty text, so it gets the field's own "is required" message. */
const text = (required: string, max: number, tooLong: string) => v.optional(requiredText(required, max, tooLong), '');

/** The sender's name is one line (single-line.ts); the message keeps its lines. */
const nameText = (required: string, max: number, tooLong: string) => v.optional(v.pipe(v.string(required), toSingleLine(), v.nonEmpty(required), v.maxLength(max, tooLong)), '');

/** POST /contact: the same rules on the form and on the server (spec: all four required, e-mail checked). */
export const contactSchema = v.object({
  name: nameText('Name is required', CONTACT_LIMITS.name, `Name cannot exceed ${CONTACT_LIMITS.name} characters`),
  email: v.optional(
    v.pipe(requiredText('Email is required', CONTACT_LIMITS.email, 'Please enter a valid email address'), v.email('Please enter a valid email address')),
    '',
  ),
  subject: text('Subject is required', CONTACT_LIMITS.subject, `Subject cannot exceed ${CONTACT_LIMITS.subject} characters`),
  message: text('Message is required', CONTACT_LIMITS.message, `Message cannot exceed ${CONTACT_LIMITS.message} characters`),
});

export type ContactMessage = v.InferOutput<typeof contactSchema>;

/** What POST /contact answers (201). */
export const contactReceiptSchema = v.object({ id: v.number(), createdAt: v.string(), message: v.string() });
export type ContactReceipt = v.InferOutput<typeof contactReceiptSchema>;
