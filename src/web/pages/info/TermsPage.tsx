import { COMPANY, COMPANY_ADDRESS_LINE } from '../../../shared/company';
import { POLICIES } from '../../../shared/policies';
import type { Block } from './content';
import { PolicyPage } from './PolicyPage';

const terms: Block[] = [
  { type: 'h2', text: '1. Who we are' },
  {
    type: 'p',
    text: `${COMPANY.name} is operated by ${COMPANY.legalName}, ${COMPANY_ADDRESS_LINE}. We run an online marketplace where sellers (farmers, wholesalers and input dealers) list products and buyers order and pay for them. Unless we say otherwise, the seller, not ${COMPANY.name}, is the seller of each product.`,
  },
  { type: 'h2', text: '2. Your account' },
  {
    type: 'ul',
    items: [
      'You must be at least 18 years old, or use the service with a parent or guardian, and give true and current details.',
      'Keep your password to yourself. You are responsible for what is done with your account until you tell us it has been misused.',
      'One person or business may hold one buyer account and one seller account.',
    ],
  },
  { type: 'h2', text: '3. Orders and prices' },
  {
    type: 'p',
    text: `Prices are shown in Ghana cedis (GH₵) and include any taxes we are required to charge, shown at checkout. An order is accepted when payment has been confirmed. You may cancel or change an order within ${POLICIES.cancelWindowHours} hours of placing it, as long as it has not been shipped. If a product turns out to be unavailable after you paid, we cancel that part of the order and refund you in full.`,
  },
  { type: 'h2', text: '4. Payment' },
  {
    type: 'p',
    text: 'Payments are made by mobile money through a licensed payment service provider. We never ask for or store your mobile money PIN. Paying a seller outside the checkout is not allowed and is not covered by these terms or our refund policy.',
  },
  { type: 'h2', text: '5. Collection, returns and refunds' },
  {
    type: 'p',
    text: `Orders are collected from the pickup warehouse you choose at checkout. Returns are accepted within ${POLICIES.returnWindowDays} days of delivery, and quality problems must be reported within ${POLICIES.qualityClaimHours} hours, as set out in our Shipping & Returns policy. Nothing in these terms takes away rights you have under Ghanaian consumer law.`,
  },
  { type: 'link', before: 'Read the full policy:', to: '/shipping-returns', label: 'Shipping & Returns' },
  { type: 'h2', text: '6. Selling on Akuafo Market' },
  {
    type: 'ul',
    items: [
      'Sellers must describe products honestly (name, quantity, grade, condition, region) and keep stock figures up to date.',
      'Every listing is reviewed before it is published. We may refuse or remove listings that are unsafe, illegal, misleading or that breach these terms.',
      'Sellers must hold the licences their products require, including for agrochemicals, veterinary products and live animals.',
      'We charge sellers a commission on completed sales: 5% of the seller’s share of each collected order unless their dashboard shows another rate.',
      'We hold the buyer’s payment until the buyer collects the order with their pickup code; then the seller’s share, less commission, becomes the seller’s to be paid out to their mobile money or bank account once it reaches GH₵ 10.00. A cancelled order, or one not collected within 7 days of being ready for pickup, is refunded to the buyer in full.',
      'Payouts wait 24 hours after a seller changes their payout account, and we tell the seller by SMS and e-mail.',
    ],
  },
  { type: 'h2', text: '7. Acceptable use' },
  {
    type: 'p',
    text: 'Do not use the service to break the law, to defraud other users, to post false reviews, to collect other users’ personal data, or to interfere with the service’s operation. We may suspend or close accounts that do.',
  },
  { type: 'h2', text: '8. Reviews and content' },
  {
    type: 'p',
    text: 'Reviews must describe your own experience of a product you bought. By posting a review or listing you allow us to show it on the service. We may remove content that is abusive, false or unlawful.',
  },
  { type: 'h2', text: '9. Liability' },
  {
    type: 'p',
    text: 'We work to keep the service available and accurate but cannot promise it will always be uninterrupted. To the extent the law allows, we are not liable for indirect losses, and our liability for any order is limited to the amount paid for it. Nothing limits liability that cannot be limited by law.',
  },
  { type: 'h2', text: '10. Changes and governing law' },
  {
    type: 'p',
    text: 'We may update these terms; we will show the date of the latest version on this page and tell registered users of important changes. These terms are governed by the laws of the Republic of Ghana, and the courts of Ghana have jurisdiction over any dispute.',
  },
  { type: 'h2', text: '11. Contact' },
  { type: 'p', text: `Questions about these terms: ${COMPANY.supportEmail}, ${COMPANY.phone}.` },
  { type: 'link', to: '/privacy', label: 'How we use your personal data: Privacy Policy', before: 'See also:' },
];

export default function TermsPage() {
  return (
    <PolicyPage
      title="Terms of Service"
      updated="2026-11-01"
      intro={`The rules for buying and selling on ${COMPANY.name}. By creating an account or placing an order you agree to them.`}
      blocks={terms}
    />
  );
}
