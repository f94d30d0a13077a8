import { COMPANY, COMPANY_ADDRESS_LINE } from '../../../shared/company';
import type { Block } from './content';
import { PolicyPage } from './PolicyPage';

const privacy: Block[] = [
  { type: 'h2', text: '1. Who is responsible for your data' },
  {
    type: 'p',
    text: `${COMPANY.legalName}, ${COMPANY_ADDRESS_LINE}, is the data controller for the personal data processed through ${COMPANY.name}. We process personal data in line with Ghana’s Data Protection Act, 2012 (Act 843) and are registered with the Data Protection Commission.`,
  },
  { type: 'h2', text: '2. What we collect' },
  {
    type: 'ul',
    items: [
      'Account details: your name, e-mail address, phone number and password (stored only as a secure hash).',
      'For sellers: business name, type, region and address, Ghana Card number and payout details, used to verify sellers and pay them.',
      'Orders: what you bought, your pickup warehouse, delivery instructions and payment status. We receive a payment reference from the payment provider, never your mobile money PIN.',
      'Messages you send us through the contact form, and reviews you post.',
      'Technical data needed to run the service, such as your device’s browser type and server logs of requests.',
    ],
  },
  { type: 'h2', text: '3. Why we use it' },
  {
    type: 'ul',
    items: [
      'To create and run your account, process orders and payments, and arrange collection (to perform our contract with you).',
      'To verify sellers and prevent fraud (our legitimate interest and legal obligations).',
      'To answer your messages and send you service e-mails about your account and orders.',
      'To keep records required by Ghanaian tax and financial law.',
    ],
  },
  { type: 'p', text: 'We do not sell your personal data, and we do not send marketing messages without your consent.' },
  { type: 'h2', text: '4. Who we share it with' },
  {
    type: 'ul',
    items: [
      'The seller of what you ordered and the warehouse that holds it: only your name, order details and contact number, so they can fulfil your order.',
      'Our payment service provider and mobile money operators, to process payments and refunds.',
      'Service providers who host our systems and send our e-mails, under contracts that protect your data.',
      'Authorities, where Ghanaian law requires it.',
    ],
  },
  { type: 'h2', text: '5. Data on your phone' },
  {
    type: 'p',
    text: 'So that the app works offline, it keeps a copy of the catalogue, your cart, your recent orders and your sign-in session in your browser’s storage on your device. Signing out removes your session and cart from the device. We use no advertising cookies or trackers.',
  },
  { type: 'h2', text: '6. How long we keep it' },
  {
    type: 'p',
    text: 'We keep account data while your account is open. Order and payment records are kept for six years to meet tax and accounting law. Contact messages are kept for two years. When data is no longer needed, we delete or anonymise it.',
  },
  { type: 'h2', text: '7. Your rights' },
  {
    type: 'p',
    text: 'Under the Data Protection Act, 2012 (Act 843) you may ask to see the personal data we hold about you, have it corrected or deleted, object to its use, and withdraw consent you have given. Write to us and we will answer within the time the Act allows. If you are not satisfied, you may complain to the Data Protection Commission of Ghana.',
  },
  { type: 'h2', text: '8. Security' },
  {
    type: 'p',
    text: 'Data travels encrypted over HTTPS, passwords are stored as strong one-way hashes, and access to personal data inside our team is limited to those who need it.',
  },
  { type: 'h2', text: '9. Contact' },
  { type: 'p', text: `Privacy questions and requests: ${COMPANY.privacyEmail}, or write to ${COMPANY.legalName}, ${COMPANY_ADDRESS_LINE}.` },
  { type: 'link', before: 'Or use our', to: '/contact', label: 'contact form' },
];

export default function PrivacyPage() {
  return (
    <PolicyPage
      title="Privacy Policy"
      updated="2026-11-01"
      intro="What personal data we collect, why, who sees it, and the rights you have over it."
      blocks={privacy}
    />
  );
}
