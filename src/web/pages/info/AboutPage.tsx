import { Handshake, Leaf, MapPinned, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { GHANA_REGIONS } from '../../../shared/catalogue';
import { COMPANY } from '../../../shared/company';
import { PageHero } from './content';

const facts = [
  { value: String(COMPANY.founded), label: 'Founded' },
  { value: '10,000+', label: 'Farmers, sellers and buyers' },
  { value: String(GHANA_REGIONS.length), label: 'Regions reached' },
];

const values = [
  {
    icon: MapPinned,
    title: 'Nationwide reach',
    text: `From Ahafo to Western North, buyers in all ${GHANA_REGIONS.length} regions of Ghana order from farmers they could never reach before, and collect from a warehouse near them.`,
  },
  {
    icon: Handshake,
    title: 'Direct trade',
    text: 'Farmers, wholesalers and buyers deal with each other directly, so more of the price goes to the people who grow the food.',
  },
  {
    icon: Leaf,
    title: 'Sustainable practice',
    text: 'We promote good storage to cut post-harvest losses, encourage organic and low-input farming, and plan pickups to keep transport short.',
  },
  {
    icon: Users,
    title: 'Built for everyone',
    text: 'The app works on inexpensive phones and weak networks, keeps working offline, and takes mobile money, so nobody is left out.',
  },
];

export default function AboutPage() {
  return (
    <>
      <PageHero title="About Us">
        <p>Akuafo means “farmers” in Twi. We built a market around them.</p>
      </PageHero>
      <section className="container-page max-w-4xl py-10">
        <h2 className="text-2xl font-bold">Our story</h2>
        <div className="mt-4 flex flex-col gap-4 leading-relaxed text-gray-800">
          <p>
            {COMPANY.name} was founded in {COMPANY.founded} in Accra by a small team of agricultural economists and software
            engineers who had watched too much good produce spoil between the farm gate and the buyer. Farmers were selling
            at low prices to the first middleman who came, while buyers in the cities paid high prices for produce of uncertain
            quality.
          </p>
          <p>
            We set out to connect the two directly: an online market where farmers and wholesalers list what they have,
            buyers pay safely with mobile money, and orders are collected from warehouses across the country. Today more than
            10,000 farmers, sellers and buyers use it to trade grains, tubers, vegetables, livestock and farm inputs.
          </p>
        </div>
        <dl className="mt-8 grid grid-cols-3 gap-3 text-center">
          {facts.map((f) => (
            <div key={f.label} className="card p-4">
              <dt className="text-sm text-gray-700">{f.label}</dt>
              <dd className="text-2xl font-black text-brand-dark">{f.value}</dd>
            </div>
          ))}
        </dl>
        <h2 className="mt-10 text-2xl font-bold">Our mission</h2>
        <p className="mt-4 leading-relaxed text-gray-800">
          To give every Ghanaian farmer a fair price and every buyer fresh, trustworthy produce, by making the market between
          them open, direct and reachable from any phone.
        </p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2">
          {values.map(({ icon: Icon, title, text }) => (
            <li key={title} className="card p-5">
              <Icon size={24} aria-hidden="true" className="text-brand-dark" />
              <h3 className="mt-2 font-bold">{title}</h3>
              <p className="mt-1 text-gray-700">{text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-wrap gap-3">
          <Link to="/products" className="btn-primary">Browse products</Link>
          <Link to="/sellers/register" className="btn-outline">Sell on Akuafo Market</Link>
        </div>
      </section>
    </>
  );
}
