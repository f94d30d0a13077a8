import { COMPANY } from '../../../shared/company';

/** The contact form's receipt e-mail, in the sender's language (the reader's: account, cookie, Accept-Language). */
interface ContactWords {
  promise: (reference: number) => string[];
  subject: (subject: string) => string;
  subjectUnverified: (reference: number) => string;
  hello: (name: string) => string;
  helloUnverified: string;
  yourMessage: string;
  notYou: string;
}

export const CONTACT_WORDS: Record<string, ContactWords> = {
  en: {
    promise: (reference) => [
      `Thank you for writing to ${COMPANY.name}. Our support team has your message (reference #${reference}) and will reply to this address, usually within one working day.`,
      `If it is urgent, call us on ${COMPANY.phone} (${COMPANY.hours}).`,
    ],
    subject: (subject) => `We received your message: ${subject}`,
    subjectUnverified: (reference) => `We received your message (reference #${reference})`,
    hello: (name) => `Hello ${name},`,
    helloUnverified: 'Hello,',
    yourMessage: 'Your message:',
    notYou: 'If you did not write to us, someone typed your address by mistake: you can ignore this e-mail.',
  },
  ak: {
    promise: (reference) => [
      `Yɛda wo ase sɛ wokyerɛw kɔmaa ${COMPANY.name}. Yɛn mmoa kuw no anya wo nkra no (nɔma #${reference}), na wɔde mmuae bɛba address yi so, mpɛn pii no da adwuma biako mu.`,
      `Sɛ ɛho hia ntɛm a, frɛ yɛn wɔ ${COMPANY.phone} (${COMPANY.hours}).`,
    ],
    subject: (subject) => `Yɛanya wo nkra: ${subject}`,
    subjectUnverified: (reference) => `Yɛanya wo nkra (nɔma #${reference})`,
    hello: (name) => `${name}, ɛte sɛn?`,
    helloUnverified: 'Ɛte sɛn?',
    yourMessage: 'Wo nkra:',
    notYou: 'Sɛ ɛnyɛ wo na wokyerɛw kɔmaa yɛn a, obi de w’address kyerɛw mfomso so: gyae e-mail yi.',
  },
};
