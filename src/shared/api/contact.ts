import { contactReceiptSchema, contactSchema } from '../schemas/contact';
import { dataOf, route } from './route';

/** Writing to the company: anyone may, signed in or not (201 with a receipt). */
export const CONTACT_ROUTES = [
  route({ method: 'POST', path: '/contact', summary: 'Write to the company', tag: 'accounts', auth: 'none', body: contactSchema, answer: dataOf(contactReceiptSchema) }),
] as const;
