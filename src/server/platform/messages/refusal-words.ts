/**
 * What a buyer and a seller hear of a line refused at pickup and of the operator's decision
 * (issue 41 item 3, docs/messages.md), by SMS and push (the order page and the seller's sales
 * carry the rest). Twi is written with ɛ and ɔ; sms-text.ts spells them e and o.
 */
export type RefusalNews = 'refused' | 'refunded' | 'released';

interface RefusalFacts {
  no: string;
  product: string;
  warehouse: string;
  reason: string;
  /** Who pays a refund: the seller's own held money, or the transporter. */
  chargedTo: 'SELLER' | 'TRANSPORTER' | null;
  /** Whether the rest of the order was collected already (a released line is then paid out). */
  collected: boolean;
}

interface RefusalWords {
  subject: string;
  sms: string[];
  push: string;
}

type Words = Record<string, (news: RefusalNews, f: RefusalFacts) => RefusalWords>;

export const BUYER_REFUSAL_WORDS: Words = {
  en: (news, f) => {
    switch (news) {
      case 'refused':
        return { subject: `Order ${f.no}: ${f.product} refused`, sms: [`Akuafo Market: order ${f.no}: you refused ${f.product} at ${f.warehouse}.`, 'Its money stays held; we decide within 48 hours and text you.'], push: `You refused ${f.product}. Its money stays held; we decide within 48 hours.` };
      case 'refunded':
        return { subject: `Order ${f.no}: ${f.product} refunded`, sms: [`Akuafo Market: order ${f.no}: we agreed with your refusal of ${f.product}.`, 'Its money is being refunded to your mobile money wallet.'], push: `${f.product}: your money is being refunded to your mobile money wallet.` };
      case 'released':
        return { subject: `Order ${f.no}: ${f.product} not refunded`, sms: [`Akuafo Market: order ${f.no}: we looked into your refusal of ${f.product} and paid the seller for it.`, f.collected ? 'Call us if you disagree.' : 'Collect it with your pickup code.'], push: `${f.product}: the refusal was not upheld; the seller is paid for it.` };
    }
  },
  ak: (news, f) => {
    switch (news) {
      case 'refused':
        return { subject: `Adetɔ ${f.no}: woampɛ ${f.product}`, sms: [`Akuafo Market: adetɔ ${f.no}: woampɛ ${f.product} wɔ ${f.warehouse}.`, 'Yɛkora ne sika no; yɛbɛsi gyinae nnɔnhwerew 48 mu na yɛato wo nkrasɛm.'], push: `Woampɛ ${f.product}. Yɛkora ne sika no; yɛbɛsi gyinae nnɔnhwerew 48 mu.` };
      case 'refunded':
        return { subject: `Adetɔ ${f.no}: yɛde ${f.product} sika asan ama wo`, sms: [`Akuafo Market: adetɔ ${f.no}: yɛpene so sɛ ${f.product} nyɛ.`, 'Yɛde ne sika resan ama wo wɔ wo mobile money mu.'], push: `${f.product}: yɛde wo sika resan ama wo wɔ wo mobile money mu.` };
      case 'released':
        return { subject: `Adetɔ ${f.no}: yɛmfaa ${f.product} sika nsan mmaa wo`, sms: [`Akuafo Market: adetɔ ${f.no}: yɛhwɛɛ ${f.product} a woampɛ no mu, na yɛatua ɔdetɔnfo no ka.`, f.collected ? 'Frɛ yɛn sɛ wompene so a.' : 'Fa wo gye kood kɔgye.'], push: `${f.product}: yɛatua ɔdetɔnfo no ka.` };
    }
  },
};

export const SELLER_REFUSAL_WORDS: Words = {
  en: (news, f) => {
    switch (news) {
      case 'refused':
        return { subject: `Order ${f.no}: the buyer refused ${f.product}`, sms: [`Akuafo Market: the buyer refused ${f.product} of order ${f.no} at ${f.warehouse}: ${f.reason}.`, 'Your money for it is held until we decide, within 48 hours.'], push: `The buyer refused ${f.product}: ${f.reason}. We decide within 48 hours.` };
      case 'refunded':
        return f.chargedTo === 'TRANSPORTER'
          ? { subject: `Order ${f.no}: ${f.product} paid by the transporter`, sms: [`Akuafo Market: ${f.product} of order ${f.no} was refunded to the buyer.`, 'The transporter pays you for it, as if it was collected.'], push: `${f.product} was refunded to the buyer; the transporter pays you for it.` }
          : { subject: `Order ${f.no}: ${f.product} refunded to the buyer`, sms: [`Akuafo Market: ${f.product} of order ${f.no} was refunded to the buyer, so you are not paid for it.`, `Collect the goods at ${f.warehouse}.`], push: `${f.product} was refunded to the buyer. Collect the goods at ${f.warehouse}.` };
      case 'released':
        return { subject: `Order ${f.no}: you are paid for ${f.product}`, sms: [`Akuafo Market: the refusal of ${f.product} of order ${f.no} was not upheld.`, 'You are paid for it.'], push: `The refusal of ${f.product} was not upheld: you are paid for it.` };
    }
  },
  ak: (news, f) => {
    switch (news) {
      case 'refused':
        return { subject: `Adetɔ ${f.no}: ɔtɔfo no ampɛ ${f.product}`, sms: [`Akuafo Market: ɔtɔfo no ampɛ ${f.product} a ɛwɔ adetɔ ${f.no} mu wɔ ${f.warehouse}: ${f.reason}.`, 'Yɛkora wo sika no kosi sɛ yɛbɛsi gyinae, nnɔnhwerew 48 mu.'], push: `Ɔtɔfo no ampɛ ${f.product}: ${f.reason}. Yɛbɛsi gyinae nnɔnhwerew 48 mu.` };
      case 'refunded':
        return f.chargedTo === 'TRANSPORTER'
          ? { subject: `Adetɔ ${f.no}: ɔsoafo no na ɔtua ${f.product} ka`, sms: [`Akuafo Market: yɛde ${f.product} a ɛwɔ adetɔ ${f.no} mu sika asan ama ɔtɔfo no.`, 'Ɔsoafo no na ɔbɛtua wo ka, sɛnea ɔtɔfo no agye no.'], push: `Yɛde ${f.product} sika asan ama ɔtɔfo no; ɔsoafo no na ɔtua wo ka.` }
          : { subject: `Adetɔ ${f.no}: yɛde ${f.product} sika asan ama ɔtɔfo no`, sms: [`Akuafo Market: yɛde ${f.product} a ɛwɔ adetɔ ${f.no} mu sika asan ama ɔtɔfo no, enti yɛrentua wo ka.`, `Kɔgye wo nneɛma no wɔ ${f.warehouse}.`], push: `Yɛde ${f.product} sika asan ama ɔtɔfo no. Kɔgye nneɛma no wɔ ${f.warehouse}.` };
      case 'released':
        return { subject: `Adetɔ ${f.no}: yɛtua wo ${f.product} ka`, sms: [`Akuafo Market: yɛhwɛɛ ${f.product} a ɛwɔ adetɔ ${f.no} mu no mu, na yɛanni ɔtɔfo no asɛm so.`, 'Yɛtua wo ka.'], push: `Yɛhwɛɛ ${f.product} mu: yɛtua wo ka.` };
    }
  },
};
