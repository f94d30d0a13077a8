import { VERIFICATION_LINK_HOURS } from '../../../shared/schemas/sellers';

/** A seller's account e-mails in their language: the link that verifies the address, and the operator's decision. */
interface SellerMailWords {
  hello: (name: string) => string;
  /** thanksTransporter: the same link, to a transporter (issue 40). */
  link: { subject: string; thanks: string; thanksTransporter: string; open: string; button: string; ignore: string };
  decision: Record<'VERIFIED' | 'REJECTED', { subject: string; lines: string[] }>;
  dashboard: string;
}

export const SELLER_MAIL_WORDS: Record<string, SellerMailWords> = {
  en: {
    hello: (name) => `Hello ${name},`,
    link: {
      subject: 'Verify your email for Akuafo Market',
      thanks: 'Thank you for registering as a seller on Akuafo Market.',
      thanksTransporter: 'Thank you for registering as a transporter on Akuafo Market.',
      open: `Please verify your email address by opening this link (it works once, for ${VERIFICATION_LINK_HOURS} hours):`,
      button: 'Verify your email address',
      ignore: 'If you did not register, you can ignore this message.',
    },
    decision: {
      VERIFIED: { subject: 'Your seller account is verified', lines: ['Your business is verified: buyers now see the Verified Seller badge.'] },
      REJECTED: {
        subject: 'We could not verify your seller account',
        lines: ['Our operator could not verify your business. Please check your Ghana Card number and business details on the Seller Verification page, or contact us.'],
      },
    },
    dashboard: 'Your seller dashboard:',
  },
  ak: {
    hello: (name) => `${name}, ɛte sɛn?`,
    link: {
      subject: 'Si w’e-mail so dua ma Akuafo Market',
      thanks: 'Yɛda wo ase sɛ wode wo din ahyɛ Akuafo Market so sɛ ɔdetɔnfo.',
      thanksTransporter: 'Yɛda wo ase sɛ wode wo din ahyɛ Akuafo Market so sɛ ɔsoafo.',
      open: `Yɛsrɛ wo, bue link yi na si w’e-mail address so dua (ɛyɛ adwuma pɛnkoro, dɔnhwerew ${VERIFICATION_LINK_HOURS}):`,
      button: 'Si w’e-mail address so dua',
      ignore: 'Sɛ ɛnyɛ wo na wode wo din hyɛɛ so a, gyae nkra yi.',
    },
    decision: {
      VERIFIED: { subject: 'Yɛahwɛ w’adetɔn akawnt mu', lines: ['Yɛahwɛ w’adwuma mu: seesei atɔfo hu "Yɛahwɛ ɔdetɔnfo yi mu" agyiraehyɛde no.'] },
      REJECTED: {
        subject: 'Yɛantumi anhwɛ w’adetɔn akawnt mu',
        lines: ['Yɛn adwumayɛfo antumi anhwɛ w’adwuma mu. Yɛsrɛ wo, hwɛ wo Ghana Card nɔma ne w’adwuma ho nsɛm wɔ Seller Verification krataafa no so, anaa frɛ yɛn.'],
      },
    },
    dashboard: 'W’adetɔn krataafa:',
  },
};

/** Theirs if we speak it (own keys only: a forged language is English), else English. */
export const sellerMailWords = (language: string | null | undefined): SellerMailWords =>
  (language && Object.hasOwn(SELLER_MAIL_WORDS, language) ? SELLER_MAIL_WORDS[language] : undefined) ?? SELLER_MAIL_WORDS.en!;
