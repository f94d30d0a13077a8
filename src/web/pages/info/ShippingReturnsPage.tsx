import { Clock, PackageCheck, RotateCcw, Truck } from 'lucide-react';
import { POLICIES } from '../../../shared/policies';
import { ContentBlocks, PageHero, type Block } from './content';

const highlights = [
  { icon: Clock, title: 'Processing', text: `${POLICIES.processingHours.min} to ${POLICIES.processingHours.max} hours` },
  { icon: Truck, title: 'Standard shipping', text: POLICIES.shippingOptions[0].time },
  { icon: RotateCcw, title: 'Returns', text: `Within ${POLICIES.returnWindowDays} days of delivery` },
  { icon: PackageCheck, title: 'Quality claims', text: `Within ${POLICIES.qualityClaimHours} hours` },
];

const policy: Block[] = [
  { type: 'h2', text: 'Order processing' },
  {
    type: 'p',
    text: `Sellers prepare and hand over paid orders within ${POLICIES.processingHours.min} to ${POLICIES.processingHours.max} hours. Orders paid on a Sunday or a public holiday are processed on the next business day. You can cancel or change an order within ${POLICIES.cancelWindowHours} hours of placing it, as long as it has not been shipped.`,
  },
  { type: 'h2', text: 'Shipping options' },
  { type: 'ul', items: POLICIES.shippingOptions.map((o) => `${o.name}: ${o.time}.`) },
  {
    type: 'p',
    text: `Within Ghana, most orders reach their pickup warehouse in ${POLICIES.transit.domestic} depending on the region and the option chosen. International orders, arranged with our support team, take ${POLICIES.transit.international}.`,
  },
  { type: 'h2', text: 'Pickup at our warehouses' },
  {
    type: 'p',
    text: 'At checkout you choose the warehouse where you will collect your order. We tell you when it is ready; bring your order number and the phone you paid with. Orders are held for seven days after they arrive; after that, contact us to arrange a new pickup.',
  },
  { type: 'h2', text: 'Returns' },
  {
    type: 'p',
    text: `You may return items within ${POLICIES.returnWindowDays} days of delivery if they are unused, in their original packaging and condition. This covers tools, equipment, seeds in sealed packs and other durable goods.`,
  },
  {
    type: 'ul',
    items: [
      'Fresh produce, live animals and opened agrochemicals cannot be returned once accepted, for health and safety reasons; quality problems with them are covered below.',
      'To start a return, contact us with your order number and the items you want to return. We will tell you which warehouse to bring them to.',
      'If an item is wrong or faulty, we cover the cost of returning it.',
    ],
  },
  { type: 'h2', text: 'Quality issues' },
  {
    type: 'p',
    text: `If produce is spoiled, damaged or not what you ordered, report it within ${POLICIES.qualityClaimHours} hours of receiving your order, with photos if you can. We will replace the item or refund it in full.`,
  },
  { type: 'h2', text: 'Refunds' },
  {
    type: 'p',
    text: `Approved refunds are paid to the mobile money wallet the order was paid from, normally within ${POLICIES.refundBusinessDays} business days of approval. A cancelled order is refunded in full.`,
  },
  { type: 'link', before: 'Need to return something or report a problem?', to: '/contact', label: 'Contact our support team' },
];

export default function ShippingReturnsPage() {
  return (
    <>
      <PageHero title="Shipping & Returns">
        <p>How we process and deliver your orders, and how returns and refunds work.</p>
      </PageHero>
      <section className="container-page max-w-4xl py-10">
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {highlights.map(({ icon: Icon, title, text }) => (
            <li key={title} className="card p-4">
              <Icon size={22} aria-hidden="true" className="text-brand-dark" />
              <p className="mt-2 font-semibold">{title}</p>
              <p className="text-sm text-gray-700">{text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-8">
          <ContentBlocks blocks={policy} />
        </div>
      </section>
    </>
  );
}
