import { formatDate } from '../../../shared/dates';

/** The milestones of a consignment the buyer hears of (docs/transport.md); ready for pickup is order.status's. */
export type ConsignmentNews = 'AT_ORIGIN' | 'IN_TRANSIT' | 'ARRIVED';

export interface ConsignmentFacts {
  /** The order's number (ORD-…): every milestone SMS names it, a buyer may have several on the road. */
  no: string;
  /** The towns of the two warehouses. */
  from: string;
  to: string;
  /** The transporter's first name, once one carries it. */
  carrier: string | null;
  expectedReadyAt: string;
}

export interface ConsignmentWords {
  subject: string;
  /** The SMS's parts: the first always, the others while they fit one SMS (sms-text.ts). */
  sms: string[];
  push: string;
}

/**
 * A buyer's news of their goods on the road, in English and in Twi. No e-mail: on 2G the SMS
 * is the tracking, and three more e-mails an order would bury the ones that matter (paid,
 * ready, collected). Twi is written with ɛ and ɔ; sms-text.ts spells them e and o.
 */
export const CONSIGNMENT_WORDS: Record<string, (news: ConsignmentNews, f: ConsignmentFacts) => ConsignmentWords> = {
  en: (news, f) => {
    const by = `Expected ready for pickup by ${formatDate(f.expectedReadyAt)}.`;
    switch (news) {
      case 'AT_ORIGIN':
        return {
          subject: `Order ${f.no}: your goods are at ${f.from}`,
          sms: [`Akuafo Market: order ${f.no}: your goods were dropped off at ${f.from} and wait for transport to ${f.to}.`, by],
          push: `Dropped off at ${f.from}, waiting for transport to ${f.to}.`,
        };
      case 'IN_TRANSIT':
        return {
          subject: `Order ${f.no}: on the way from ${f.from}`,
          sms: [`Akuafo Market: order ${f.no}: your goods left ${f.from} for ${f.to}${f.carrier ? ` with ${f.carrier}` : ''}.`, by],
          push: `On the way from ${f.from} to ${f.to}${f.carrier ? ` with ${f.carrier}` : ''}.`,
        };
      case 'ARRIVED':
        return {
          subject: `Order ${f.no}: your goods arrived at ${f.to}`,
          sms: [`Akuafo Market: order ${f.no}: your goods from ${f.from} arrived at ${f.to}.`, 'We will text you when the whole order is ready for pickup.'],
          push: `Arrived at ${f.to} from ${f.from}. We will tell you when the whole order is ready for pickup.`,
        };
    }
  },
  ak: (news, f) => {
    const by = `Ɛbɛyɛ krado ansa na ${formatDate(f.expectedReadyAt, 'ak')} adu.`;
    switch (news) {
      case 'AT_ORIGIN':
        return {
          subject: `Adetɔ ${f.no}: wo nneɛma wɔ ${f.from}`,
          sms: [`Akuafo Market: adetɔ ${f.no}: wɔde wo nneɛma aba ${f.from} adekoradan mu; ɛretwɛn ɔsoafo a ɔde bɛkɔ ${f.to}.`, by],
          push: `Ɛwɔ ${f.from}; ɛretwɛn ɔsoafo a ɔde bɛkɔ ${f.to}.`,
        };
      case 'IN_TRANSIT':
        return {
          subject: `Adetɔ ${f.no}: ɛwɔ kwan so fi ${f.from}`,
          sms: [`Akuafo Market: adetɔ ${f.no}: wo nneɛma afi ${f.from} rekɔ ${f.to}${f.carrier ? `; ${f.carrier} na ɔsoa` : ''}.`, by],
          push: `Ɛwɔ kwan so fi ${f.from} kɔ ${f.to}${f.carrier ? `; ${f.carrier} na ɔsoa` : ''}.`,
        };
      case 'ARRIVED':
        return {
          subject: `Adetɔ ${f.no}: wo nneɛma aba ${f.to}`,
          sms: [`Akuafo Market: adetɔ ${f.no}: wo nneɛma a efi ${f.from} aba ${f.to}.`, 'Yɛbɛto wo nkrasɛm bere a adetɔ no nyinaa ayɛ krado.'],
          push: `Aba ${f.to} fi ${f.from}. Yɛbɛka akyerɛ wo bere a adetɔ no nyinaa ayɛ krado.`,
        };
    }
  },
};
