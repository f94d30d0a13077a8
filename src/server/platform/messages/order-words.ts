import { formatDate } from '../../../shared/dates';
import { formatMinor } from '../../../shared/money';
import { ORDER_STATUS_LABELS } from '../../../shared/order-labels';
import { totalInline, totalTextLines, type TotalParts } from '../../../shared/totals';

/** What a buyer is told about their order, before it is put into each channel (render.ts). */
export interface OrderWords {
  subject: string;
  lines: string[];
  /** The SMS's parts: the first always, the others while they fit one SMS (sms-text.ts). */
  sms: string[];
  push: string;
}

export interface OrderFacts {
  no: string;
  total: string;
  /** What the total is made of: the paid notice lists it (shared/totals.ts), so it adds up. */
  parts: TotalParts;
  warehouseName: string;
  warehouseAddress: string;
  items: { quantity: number; product_name: string; total_minor: number }[];
  estimatedReady: string | null;
  pickupCode: string | undefined;
  refundDue: boolean;
}

export type OrderNews = 'paid' | 'ready' | 'collected' | 'paymentFailed' | 'refunded' | 'cancelled';

/** The greeting that opens an e-mail. */
export const GREETING: Record<string, (name: string) => string> = {
  en: (name) => `Hello ${name},`,
  ak: (name) => `${name}, ɛte sɛn?`,
};

/**
 * The buyer's words in English and in Twi. The Twi SMS parts are written with ɛ and ɔ like the
 * rest; sms-text.ts spells them e and o (GSM-7, one part), as Twi is usually typed on phones.
 */
export const ORDER_WORDS: Record<string, (news: OrderNews, f: OrderFacts) => OrderWords> = {
  en: (news, f) => {
    const at = `${f.warehouseName}, ${f.warehouseAddress}`;
    const code = f.pickupCode ? `Your pickup code is ${f.pickupCode}.` : '';
    switch (news) {
      case 'paid':
        return {
          subject: `Order ${f.no} confirmed`,
          lines: [
            `Thank you for your order ${f.no}. We received your mobile money payment.`,
            '',
            ...f.items.map((i) => `  ${i.quantity} × ${i.product_name}: ${formatMinor(i.total_minor)}`),
            ...totalTextLines(f.parts, 'en').map((line) => `  ${line}`),
            '',
            `Pickup: ${at}. Expected to be ready by ${f.estimatedReady ? formatDate(f.estimatedReady) : 'soon'}. We will tell you when it is ready for pickup.`,
          ],
          sms: [`Akuafo Market: order ${f.no} is paid: ${totalInline(f.parts, 'en')}.`, `We will text you when it is ready for pickup at ${f.warehouseName}.`],
          push: `Payment of ${f.total} received. We will tell you when it is ready for pickup.`,
        };
      case 'ready':
        return {
          subject: `Order ${f.no} is ${ORDER_STATUS_LABELS.SHIPPED.toLowerCase()}`,
          lines: [`Your order ${f.no} is ready for pickup at ${at}.`, ...(code ? [`${code} Show it to the warehouse staff when you collect.`] : [])],
          sms: [`Akuafo Market: order ${f.no} is ready for pickup at ${f.warehouseName}.`, ...(code ? [code] : []), f.warehouseAddress],
          push: `Ready for pickup at ${f.warehouseName}.${code ? ` ${code}` : ''}`,
        };
      case 'collected':
        return {
          subject: `Order ${f.no} ${ORDER_STATUS_LABELS.DELIVERED.toLowerCase()}`,
          lines: [`Your order ${f.no} was collected from ${f.warehouseName}. Thank you for buying on Akuafo Market.`, 'You can now review what you bought from the order page.'],
          sms: [`Akuafo Market: order ${f.no} was collected from ${f.warehouseName}.`, 'Thank you!'],
          push: `Collected from ${f.warehouseName}. Thank you!`,
        };
      case 'paymentFailed':
        return {
          subject: `Payment for order ${f.no} did not go through`,
          lines: [`The mobile money payment of ${f.total} for order ${f.no} did not go through.`, 'Your items stay reserved for a short while: open the order to pay again.'],
          sms: [`Akuafo Market: payment of ${f.total} for order ${f.no} did not go through.`, 'Open the order in the app to pay again.'],
          push: 'The payment did not go through. Tap to pay again.',
        };
      case 'refunded':
        return {
          subject: `Refund for order ${f.no} completed`,
          lines: [`We refunded ${f.total} for the cancelled order ${f.no} to your mobile money wallet.`],
          sms: [`Akuafo Market: ${f.total} for cancelled order ${f.no} was refunded to your mobile money wallet.`],
          push: `${f.total} was refunded to your mobile money wallet.`,
        };
      case 'cancelled':
        return {
          subject: `Order ${f.no} cancelled`,
          lines: [`Your order ${f.no} was cancelled.`, f.refundDue ? `A refund of ${f.total} is on its way; we will tell you when it is done.` : 'You were not charged.'],
          sms: [`Akuafo Market: order ${f.no} was cancelled.`, f.refundDue ? `A refund of ${f.total} is on its way.` : 'You were not charged.'],
          push: f.refundDue ? `Cancelled. A refund of ${f.total} is on its way.` : 'Cancelled. You were not charged.',
        };
    }
  },
  ak: (news, f) => {
    const at = `${f.warehouseName}, ${f.warehouseAddress}`;
    const code = f.pickupCode ? `Wo code a wode bɛgye ne ${f.pickupCode}.` : '';
    switch (news) {
      case 'paid':
        return {
          subject: `Yɛagye w’adetɔ ${f.no} atom`,
          lines: [
            `Yɛda wo ase wɔ w’adetɔ ${f.no} ho. Yɛanya wo mobile money sika no.`,
            '',
            ...f.items.map((i) => `  ${i.quantity} × ${i.product_name}: ${formatMinor(i.total_minor)}`),
            ...totalTextLines(f.parts, 'ak').map((line) => `  ${line}`),
            '',
            `Baabi a wobɛgye: ${at}. Ɛbɛyɛ krado ${f.estimatedReady ? `ansa na ${formatDate(f.estimatedReady, 'ak')} adu` : 'ntɛm'}. Yɛbɛka akyerɛ wo bere a ɛayɛ krado.`,
          ],
          sms: [`Akuafo Market: woatua adetɔ ${f.no} ho ka: ${totalInline(f.parts, 'ak')}.`, `Yɛbɛto wo nkrasɛm bere a ɛayɛ krado wɔ ${f.warehouseName}.`],
          push: `Yɛanya ${f.total}. Yɛbɛka akyerɛ wo bere a ɛayɛ krado.`,
        };
      case 'ready':
        return {
          subject: `W’adetɔ ${f.no} ayɛ krado`,
          lines: [`W’adetɔ ${f.no} ayɛ krado; kɔgye wɔ ${at}.`, ...(code ? [`${code} Kyerɛ adekoradan adwumayɛfo no bere a wobɛgye.`] : [])],
          sms: [`Akuafo Market: adetɔ ${f.no} ayɛ krado; kɔgye wɔ ${f.warehouseName}.`, ...(code ? [code] : []), f.warehouseAddress],
          push: `Ayɛ krado wɔ ${f.warehouseName}.${code ? ` ${code}` : ''}`,
        };
      case 'collected':
        return {
          subject: `Wogyee w’adetɔ ${f.no}`,
          lines: [`Wogyee w’adetɔ ${f.no} wɔ ${f.warehouseName}. Yɛda wo ase sɛ wotɔɔ ade wɔ Akuafo Market.`, 'Afei wubetumi aka nea wotɔe no ho asɛm wɔ adetɔ no krataafa so.'],
          sms: [`Akuafo Market: wogyee adetɔ ${f.no} wɔ ${f.warehouseName}.`, 'Yɛda wo ase!'],
          push: `Wogyee wɔ ${f.warehouseName}. Yɛda wo ase!`,
        };
      case 'paymentFailed':
        return {
          subject: `Sika a wotuae wɔ adetɔ ${f.no} ho no ankɔ`,
          lines: [`Mobile money sika ${f.total} a wotuae wɔ adetɔ ${f.no} ho no ankɔ.`, 'Yɛde wo nneɛma no asie bere tiawa bi: bue adetɔ no na tua bio.'],
          sms: [`Akuafo Market: sika ${f.total} a wotuae wɔ adetɔ ${f.no} ho no ankɔ.`, 'Bue adetɔ no wɔ app no mu na tua bio.'],
          push: 'Sika no ankɔ. Mia ha na tua bio.',
        };
      case 'refunded':
        return {
          subject: `Yɛde adetɔ ${f.no} sika no asan ama wo`,
          lines: [`Yɛde ${f.total} a ɛfa adetɔ ${f.no} a wɔagyae ho no asan ahyɛ wo mobile money mu.`],
          sms: [`Akuafo Market: yɛde ${f.total} a ɛfa adetɔ ${f.no} a wɔagyae ho no asan ahyɛ wo mobile money mu.`],
          push: `Yɛde ${f.total} asan ahyɛ wo mobile money mu.`,
        };
      case 'cancelled':
        return {
          subject: `Wɔagyae adetɔ ${f.no}`,
          lines: [`Wɔagyae w’adetɔ ${f.no}.`, f.refundDue ? `Yɛresan de ${f.total} ama wo; yɛbɛka akyerɛ wo bere a yɛawie.` : 'Wontuaa hwee.'],
          sms: [`Akuafo Market: wɔagyae adetɔ ${f.no}.`, f.refundDue ? `Yɛresan de ${f.total} ama wo.` : 'Wontuaa hwee.'],
          push: f.refundDue ? `Wɔagyae. Yɛresan de ${f.total} ama wo.` : 'Wɔagyae. Wontuaa hwee.',
        };
    }
  },
};

/** A person's language for messages: their choice if we speak it, else English. */
// Own keys only: a forged language ("constructor") must not reach Object's prototype.
export const messageLanguage = (language: string | null | undefined): string => (language && Object.hasOwn(ORDER_WORDS, language) ? language : 'en');
