import { OTP_TTL_MINUTES, RESET_TTL_MINUTES, UNDO_CHANGE_DAYS } from '../../../shared/schemas/accounts';

/**
 * The words of the account's e-mails and texts (mail.ts), in English and Twi: the person's
 * language (users.language), or for a new account the language the sign-up page was read in.
 * Twi SMS are spelt with ɛ and ɔ here; fitSms writes them e and o (GSM-7), as for the order news.
 */
export interface AccountWords {
  greeting: (name: string) => string;
  code: {
    subject: (code: string) => string;
    enterIt: (use: string) => string;
    verifyIntro: (code: string) => string;
    verifyUse: string;
    verifyIgnore: string;
    changeIntro: (code: string) => string;
    changeUse: string;
    changeIgnore: string;
  };
  reset: { subject: string; lines: (link: string, code: string) => string[] };
  smsCode: (code: string, purpose: 'new-number' | 'verify') => [string, ...string[]];
  smsSignIn: (code: string, minutes: number) => [string, ...string[]];
  changed: {
    subject: (channel: 'email' | 'phone') => string;
    lines: (channel: 'email' | 'phone', newValue: string | null, undoLink: string) => string[];
    sms: (channel: 'email' | 'phone', newValue: string | null, undoLink: string) => [string, ...string[]];
  };
}

const EN_CHANNEL = { email: 'e-mail address', phone: 'phone number' } as const;
const AK_CHANNEL = { email: 'e-mail address', phone: 'fon nɔma' } as const;

export const ACCOUNT_WORDS: Record<string, AccountWords> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    code: {
      subject: (code) => `Your Akuafo Market code: ${code}`,
      enterIt: (use) => `Enter it in the app to ${use}. It expires in ${OTP_TTL_MINUTES} minutes.`,
      verifyIntro: (code) => `Your verification code is ${code}.`,
      verifyUse: 'verify your e-mail address',
      verifyIgnore: 'If you did not create an Akuafo Market account, you can ignore this message.',
      changeIntro: (code) => `Your code is ${code}.`,
      changeUse: 'make this the e-mail address of your Akuafo Market account',
      changeIgnore: 'If you did not ask for this, ignore this message: nothing changes.',
    },
    reset: {
      subject: 'Reset your Akuafo Market password',
      lines: (link, code) => [
        'Someone asked to reset the password of your Akuafo Market account.',
        `Open this link to choose a new password: ${link}`,
        `Or enter this code on the password reset page: ${code}`,
        `Both expire in ${RESET_TTL_MINUTES} minutes and work once.`,
        '',
        'If it was not you, ignore this message: your password stays as it is.',
      ],
    },
    smsCode: (code, purpose) => [
      `Akuafo Market code: ${code}. Enter it ${purpose === 'new-number' ? 'to add this number to your account' : 'to verify your phone number'}.`,
      `It expires in ${OTP_TTL_MINUTES} minutes.`,
      'Never share it.',
    ],
    smsSignIn: (code, minutes) => [`Akuafo Market sign-in code: ${code}. It works for ${minutes} minutes.`, 'Never share it; we will never ask for it.'],
    changed: {
      subject: (channel) => `The ${EN_CHANNEL[channel]} of your Akuafo Market account changed`,
      lines: (channel, newValue, undoLink) => [
        `The ${EN_CHANNEL[channel]} of your Akuafo Market account ${newValue ? `was changed to ${newValue}` : 'was removed'}.`,
        '',
        `If this was not you, open this link to put the old ${EN_CHANNEL[channel]} back and sign out every device: ${undoLink}`,
        `Then reset your password. The link works for ${UNDO_CHANGE_DAYS} days.`,
        '',
        'If it was you, there is nothing to do.',
      ],
      sms: (channel, newValue, undoLink) => [`Akuafo Market: the ${EN_CHANNEL[channel]} of your account ${newValue ? `was changed to ${newValue}` : 'was removed'}.`, `Not you? Undo: ${undoLink}`],
    },
  },
  ak: {
    greeting: (name) => `${name}, ɛte sɛn?`,
    code: {
      subject: (code) => `Wo Akuafo Market kood: ${code}`,
      enterIt: (use) => `Kyerɛw no wɔ app no mu na ${use}. Ne bere bɛtwam simma ${OTP_TTL_MINUTES} mu.`,
      verifyIntro: (code) => `Kood a wode bɛsi so dua ne ${code}.`,
      verifyUse: 'si w’e-mail address so dua',
      verifyIgnore: 'Sɛ ɛnyɛ wo na wobuee Akuafo Market akawnt a, gyae nkra yi.',
      changeIntro: (code) => `Wo kood ne ${code}.`,
      changeUse: 'ma eyi nyɛ w’Akuafo Market akawnt no e-mail address',
      changeIgnore: 'Sɛ ɛnyɛ wo na wobisae a, gyae nkra yi: biribiara nsesa.',
    },
    reset: {
      subject: 'Sesa w’Akuafo Market ahintasɛm',
      lines: (link, code) => [
        'Obi abisa sɛ yɛnsesa w’Akuafo Market akawnt no ahintasɛm.',
        `Bue link yi na paw ahintasɛm foforo: ${link}`,
        `Anaa kyerɛw kood yi wɔ krataafa a wɔsesa ahintasɛm so: ${code}`,
        `Ne nyinaa bere bɛtwam simma ${RESET_TTL_MINUTES} mu, na wubetumi de adi dwuma pɛnkoro pɛ.`,
        '',
        'Sɛ ɛnyɛ wo a, gyae nkra yi: w’ahintasɛm nsesa.',
      ],
    },
    smsCode: (code, purpose) => [
      `Akuafo Market kood: ${code}. Kyerɛw no na ${purpose === 'new-number' ? 'fa nɔma yi ka w’akawnt ho' : 'si wo fon nɔma so dua'}.`,
      `Ne bere bɛtwam simma ${OTP_TTL_MINUTES} mu.`,
      'Mfa mma obiara.',
    ],
    smsSignIn: (code, minutes) => [`Akuafo Market kood a wode bɛhyɛn mu: ${code}. Ɛyɛ adwuma simma ${minutes}.`, 'Mfa mma obiara; yɛremmisa wo da.'],
    changed: {
      subject: (channel) => `Wɔasesa w’Akuafo Market akawnt no ${AK_CHANNEL[channel]}`,
      lines: (channel, newValue, undoLink) => [
        `Wɔa${newValue ? `sesa w’Akuafo Market akawnt no ${AK_CHANNEL[channel]} ayɛ no ${newValue}` : `yi w’Akuafo Market akawnt no ${AK_CHANNEL[channel]} afi so`}.`,
        '',
        `Sɛ ɛnyɛ wo a, bue link yi na san fa ${AK_CHANNEL[channel]} dedaw no bra, na yi wo fi fon biara mu: ${undoLink}`,
        `Afei sesa w’ahintasɛm. Link no yɛ adwuma nna ${UNDO_CHANGE_DAYS}.`,
        '',
        'Sɛ wo ara na woyɛe a, biribiara nni hɔ a ɛsɛ sɛ woyɛ.',
      ],
      sms: (channel, newValue, undoLink) => [
        `Akuafo Market: wɔa${newValue ? `sesa w’akawnt no ${AK_CHANNEL[channel]} ayɛ no ${newValue}` : `yi w’akawnt no ${AK_CHANNEL[channel]}`}.`,
        `Ɛnyɛ wo? San ho: ${undoLink}`,
      ],
    },
  },
};

/** The words for a person's language: theirs if we speak it, else English. */
export const accountWords = (language: string | null | undefined): AccountWords =>
  (language && Object.hasOwn(ACCOUNT_WORDS, language) ? ACCOUNT_WORDS[language] : undefined) ?? ACCOUNT_WORDS.en!;
