import { totalInline, type TotalParts } from '../../../shared/totals';
import type { OrderWords } from './order-words';

/**
 * The words of the messages that are not a buyer's order news (order-words.ts): a seller's sale
 * and listing decisions, and a USSD buyer's order placed and failed payment; in English and
 * Twi, picked by the person's language (messageLanguage). The Twi SMS parts are spelt with
 * ɛ and ɔ; sms-text.ts writes them e and o (GSM-7), as for the buyer's.
 */
export interface SoldFacts {
  no: string;
  /** "2 x Yam" per line. */
  what: string[];
  lines: string[];
  amount: string;
  warehouseName: string;
  warehouseAddress: string;
}

export const SOLD_WORDS: Record<string, (f: SoldFacts) => OrderWords> = {
  en: (f) => ({
    subject: `You sold ${f.what.length === 1 ? f.what[0] : `${f.what.length} products`} (order ${f.no})`,
    lines: [
      `Order ${f.no} was paid and contains your products:`,
      ...f.lines,
      `  Your lines: ${f.amount}`,
      '',
      `Please bring them to ${f.warehouseName}, ${f.warehouseAddress}, and mark them at the warehouse on your orders page.`,
    ],
    sms: [`Akuafo Market: you sold ${f.what.join(', ')} (${f.amount}), order ${f.no}.`, `Bring to ${f.warehouseName}.`],
    push: `${f.what.join(', ')} (${f.amount}). Bring to ${f.warehouseName}.`,
  }),
  ak: (f) => ({
    subject: `Wotɔn ${f.what.length === 1 ? f.what[0] : `nneɛma ${f.what.length}`} (adetɔ ${f.no})`,
    lines: [
      `Wɔatua adetɔ ${f.no} ho ka, na wo nneɛma ka ho:`,
      ...f.lines,
      `  Wo de nyinaa: ${f.amount}`,
      '',
      `Yɛsrɛ wo, fa wɔn kɔ ${f.warehouseName}, ${f.warehouseAddress}, na kyerɛ sɛ adu adekoradan no mu wɔ wo nneɛma a wɔatɔ krataafa so.`,
    ],
    sms: [`Akuafo Market: wotɔn ${f.what.join(', ')} (${f.amount}), adetɔ ${f.no}.`, `Fa kɔ ${f.warehouseName}.`],
    push: `${f.what.join(', ')} (${f.amount}). Fa kɔ ${f.warehouseName}.`,
  }),
};

/** A listing approved, turned down, or its changes turned down (the approved listing stays). */
export type ListingNews = 'approved' | 'rejected' | 'changesRejected';

export const LISTING_WORDS: Record<string, (news: ListingNews, name: string, reason: string) => OrderWords> = {
  en: (news, name, reason) => {
    switch (news) {
      case 'changesRejected':
        return {
          subject: `Your changes to "${name}" were not approved`,
          lines: [`Our operator did not approve your changes to "${name}". Buyers still see the listing as it was approved. The reason:`, reason],
          sms: [`Akuafo Market: your changes to "${name}" were not approved.`, `Reason: ${reason}`.slice(0, 120)],
          push: `Changes to "${name}" not approved: ${reason}`.slice(0, 200),
        };
      case 'approved':
        return {
          subject: `Your product "${name}" is live on Akuafo Market`,
          lines: [`Good news: "${name}" was approved and buyers can now find it in the marketplace.`],
          sms: [`Akuafo Market: "${name}" was approved and is now live in the marketplace.`],
          push: `"${name}" was approved and is now live.`,
        };
      case 'rejected':
        return {
          subject: `Your product "${name}" needs changes`,
          lines: [`Our operator could not approve "${name}" yet. The reason:`, reason, 'Edit the product in Product Management and it goes back for review.'],
          sms: [`Akuafo Market: "${name}" was not approved.`, `Reason: ${reason}`.slice(0, 120), 'Edit it in the app to resubmit.'],
          push: `"${name}" needs changes: ${reason}`.slice(0, 200),
        };
    }
  },
  ak: (news, name, reason) => {
    switch (news) {
      case 'changesRejected':
        return {
          subject: `Yɛampene nsakrae a woyɛɛ wɔ "${name}" ho no so`,
          lines: [`Yɛn adwumayɛfo ampene nsakrae a woyɛɛ wɔ "${name}" ho no so. Atɔfo da so hu ade no sɛnea yɛpenee so no. Ntease no:`, reason],
          sms: [`Akuafo Market: yɛampene nsakrae a woyɛɛ wɔ "${name}" ho no so.`, `Ntease: ${reason}`.slice(0, 120)],
          push: `Yɛampene nsakrae a ɛwɔ "${name}" ho no so: ${reason}`.slice(0, 200),
        };
      case 'approved':
        return {
          subject: `Wo ade "${name}" wɔ Akuafo Market so seesei`,
          lines: [`Asɛm pa: yɛapene "${name}" so, na atɔfo betumi ahu no wɔ dwam seesei.`],
          sms: [`Akuafo Market: yɛapene "${name}" so, na ɛwɔ dwam seesei.`],
          push: `Yɛapene "${name}" so; ɛwɔ dwam seesei.`,
        };
      case 'rejected':
        return {
          subject: `Wo ade "${name}" hia nsakrae`,
          lines: [`Yɛn adwumayɛfo ntumi mpene "${name}" so ɛ. Ntease no:`, reason, 'Sesa ade no wɔ Product Management mu, na yɛbɛsan ahwɛ mu.'],
          sms: [`Akuafo Market: yɛampene "${name}" so.`, `Ntease: ${reason}`.slice(0, 120), 'Sesa no wɔ app no mu na san de bra.'],
          push: `"${name}" hia nsakrae: ${reason}`.slice(0, 200),
        };
    }
  },
};

/** A USSD buyer has no app to open: the order's number and total, and how to pay again, by the code they dialled. */
export interface UssdOrderFacts {
  no: string;
  total: string;
  /** What the total is made of: the placed notice lists it (shared/totals.ts). */
  parts: TotalParts;
  warehouseName: string;
  ussdCode: string | null;
}

export const USSD_ORDER_WORDS: Record<string, { placed: (f: UssdOrderFacts) => OrderWords; paymentFailed: (f: UssdOrderFacts) => OrderWords }> = {
  en: {
    placed: (f) => ({
      subject: `Order ${f.no} placed`,
      lines: [`Your order ${f.no} of ${totalInline(f.parts, 'en')} was placed. Approve the mobile money prompt to pay; pickup at ${f.warehouseName}.`],
      sms: [`Akuafo Market: order ${f.no} placed, total ${totalInline(f.parts, 'en')}.`, 'Approve the MoMo prompt to pay.', `Pickup at ${f.warehouseName}.`],
      push: `Order placed: ${f.total}. Approve the MoMo prompt to pay.`,
    }),
    paymentFailed: (f) => ({
      subject: `Payment for order ${f.no} did not go through`,
      lines: [`The mobile money payment of ${f.total} for order ${f.no} did not go through.`, `Your items stay reserved for a short while: dial ${f.ussdCode ?? 'our code'} and choose My orders to pay again.`],
      sms: [`Akuafo Market: payment of ${f.total} for order ${f.no} failed.`, `To pay again, dial ${f.ussdCode ?? 'our code'}, choose 2 My orders, then Pay.`, 'Items held a short while.'],
      push: 'The payment did not go through. Dial again to pay.',
    }),
  },
  ak: {
    placed: (f) => ({
      subject: `Woayɛ adetɔ ${f.no}`,
      lines: [`Woayɛ w’adetɔ ${f.no} a ne ka yɛ ${totalInline(f.parts, 'ak')}. Pene mobile money nkra no so na tua; kɔgye wɔ ${f.warehouseName}.`],
      sms: [`Akuafo Market: woayɛ adetɔ ${f.no}, ka nyinaa ${totalInline(f.parts, 'ak')}.`, 'Pene MoMo nkra no so na tua.', `Kɔgye wɔ ${f.warehouseName}.`],
      push: `Woayɛ adetɔ: ${f.total}. Pene MoMo nkra no so na tua.`,
    }),
    paymentFailed: (f) => ({
      subject: `Sika a wotuae wɔ adetɔ ${f.no} ho no ankɔ`,
      lines: [`Mobile money sika ${f.total} a wotuae wɔ adetɔ ${f.no} ho no ankɔ.`, `Yɛde wo nneɛma no asie bere tiawa bi: frɛ ${f.ussdCode ?? 'yɛn kood'} na paw Nneɛma a matɔ na tua bio.`],
      sms: [`Akuafo Market: sika ${f.total} a wotuae wɔ adetɔ ${f.no} ho no ankɔ.`, `Sɛ wobɛtua bio a, frɛ ${f.ussdCode ?? 'yɛn kood'}, paw 2, na Tua.`, 'Yɛde nneɛma no asie bere tiawa.'],
      push: 'Sika no ankɔ. Frɛ bio na tua.',
    }),
  },
};
