import { Link } from 'react-router-dom';
import { ChartLine, Clock, Handshake, Lock, PiggyBank, ShieldCheck, Warehouse, Users, type LucideIcon } from 'lucide-react';

interface Card {
  icon: LucideIcon;
  title: string;
  text: string;
  /** Where the card's promise is kept, when it has a page. */
  link?: { to: string; label: string };
}

const SERVICES: Card[] = [
  { icon: Warehouse, title: 'Pickup in Every Region', text: 'Orders reach warehouses in every region, with real-time tracking from farm to pickup.' },
  { icon: ShieldCheck, title: 'Quality Assurance', text: 'Produce and inputs are checked and certified before they are listed.' },
  { icon: Handshake, title: 'Direct Trading', text: 'Buy straight from farmers and suppliers, with no intermediaries taking a cut.' },
  { icon: ChartLine, title: 'Market Analytics', text: 'Real-time prices and trends so you know what a fair deal looks like.', link: { to: '/prices', label: "See this week's market prices" } },
];

const REASONS: Card[] = [
  { icon: Clock, title: 'Time Efficiency', text: 'Find, order and pay in minutes instead of days at the market.' },
  { icon: PiggyBank, title: 'Cost Effective', text: 'Farm-gate prices and fewer hands between grower and buyer.' },
  { icon: Lock, title: 'Secure Trading', text: 'Payments held in escrow and sellers verified before they trade.' },
  { icon: Users, title: 'Trusted Network', text: 'A verified community of farmers, wholesalers and buyers across Ghana.' },
];

function Cards({ id, title, cards, tinted }: { id: string; title: string; cards: Card[]; tinted?: boolean }) {
  return (
    <section aria-labelledby={id} className={tinted ? 'bg-brand-light py-10' : 'py-10'}>
      <div className="container-page">
        <h2 id={id} className="mb-6 text-center text-2xl font-bold">{title}</h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {cards.map(({ icon: Icon, title: cardTitle, text, link }) => (
            <li key={cardTitle} className="card flex flex-col gap-2 p-5">
              <Icon size={28} className="text-brand" aria-hidden="true" />
              <h3 className="font-semibold">{cardTitle}</h3>
              <p className="text-sm text-gray-700">{text}</p>
              {link && <Link to={link.to} className="text-sm font-medium text-brand-dark underline">{link.label}</Link>}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function OurServices() {
  return <Cards id="our-services" title="Our Services" cards={SERVICES} />;
}

export function WhyChoose() {
  return <Cards id="why-choose" title="Why Choose Akuafo Market" cards={REASONS} tinted />;
}
