import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { COMPANY } from '../../../shared/company';
import { ContactForm } from './ContactForm';
import { PageHero } from './content';

function Detail({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="card flex items-start gap-3 p-4">
      <span className="rounded-full bg-brand-light p-2 text-brand-dark">{icon}</span>
      <div>
        <h2 className="font-semibold">{title}</h2>
        <div className="text-gray-700">{children}</div>
      </div>
    </li>
  );
}

export default function ContactPage() {
  const { address } = COMPANY;
  return (
    <>
      <PageHero title="Contact Us">
        <p>Questions about an order, a product or selling on {COMPANY.name}? Send us a message or call: we are happy to help.</p>
      </PageHero>
      <section className="container-page grid gap-6 py-10 lg:grid-cols-[1fr_2fr]">
        <ul className="flex flex-col gap-3">
          <Detail icon={<Phone size={20} aria-hidden="true" />} title="Phone">
            <a href={COMPANY.phoneHref} className="text-brand-dark underline underline-offset-4">{COMPANY.phone}</a>
          </Detail>
          <Detail icon={<Mail size={20} aria-hidden="true" />} title="Email">
            <a href={`mailto:${COMPANY.supportEmail}`} className="break-all text-brand-dark underline underline-offset-4">{COMPANY.supportEmail}</a>
          </Detail>
          <Detail icon={<MapPin size={20} aria-hidden="true" />} title="Address">
            <address className="not-italic">
              {address.street}<br />
              {address.city}, {address.region} Region<br />
              {address.country} (GPS: {address.digital})
            </address>
          </Detail>
          <Detail icon={<Clock size={20} aria-hidden="true" />} title="Opening hours">
            <p>{COMPANY.hours}</p>
          </Detail>
        </ul>
        <ContactForm />
      </section>
    </>
  );
}
