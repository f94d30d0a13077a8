import { Link } from 'react-router-dom';
import { ChartLine, Clock, Handshake, Lock, PiggyBank, ShieldCheck, Warehouse, Users, type LucideIcon } from 'lucide-react';
import type { MessageId } from '../../../shared/i18n';
import { useT } from '../../i18n/language';

interface Card {
  icon: LucideIcon;
  title: MessageId;
  text: MessageId;
  /** Where the card's promise is kept, when it has a page. */
  link?: { to: string; label: MessageId };
}

const SERVICES: Card[] = [
  { icon: Warehouse, title: 'home.service.pickup.title', text: 'home.service.pickup.text' },
  { icon: ShieldCheck, title: 'home.service.quality.title', text: 'home.service.quality.text' },
  { icon: Handshake, title: 'home.service.direct.title', text: 'home.service.direct.text' },
  { icon: ChartLine, title: 'home.service.analytics.title', text: 'home.service.analytics.text', link: { to: '/prices', label: 'home.service.analytics.link' } },
];

const REASONS: Card[] = [
  { icon: Clock, title: 'home.why.time.title', text: 'home.why.time.text' },
  { icon: PiggyBank, title: 'home.why.cost.title', text: 'home.why.cost.text' },
  { icon: Lock, title: 'home.why.secure.title', text: 'home.why.secure.text' },
  { icon: Users, title: 'home.why.trusted.title', text: 'home.why.trusted.text' },
];

function Cards({ id, title, cards, tinted }: { id: string; title: MessageId; cards: Card[]; tinted?: boolean }) {
  const t = useT();
  return (
    <section aria-labelledby={id} className={tinted ? 'bg-brand-light py-10' : 'py-10'}>
      <div className="container-page">
        <h2 id={id} className="mb-6 text-center text-2xl font-bold">{t(title)}</h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {cards.map(({ icon: Icon, title: cardTitle, text, link }) => (
            <li key={cardTitle} className="card flex flex-col gap-2 p-5">
              <Icon size={28} className="text-brand" aria-hidden="true" />
              <h3 className="font-semibold">{t(cardTitle)}</h3>
              <p className="text-sm text-gray-700">{t(text)}</p>
              {link && <Link to={link.to} className="text-sm font-medium text-brand-dark underline">{t(link.label)}</Link>}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function OurServices() {
  return <Cards id="our-services" title="home.services" cards={SERVICES} />;
}

export function WhyChoose() {
  return <Cards id="why-choose" title="home.why" cards={REASONS} tinted />;
}
