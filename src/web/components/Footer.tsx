import { Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { COMPANY, COMPANY_ADDRESS_LINE } from '../../shared/company';
import { useT } from '../i18n/language';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-bold uppercase tracking-wide">{title}</h2>
      <ul className="mt-3 flex flex-col gap-2 text-white/90">{children}</ul>
    </nav>
  );
}

const linkClass = 'underline-offset-4 hover:underline';

export function Footer() {
  const t = useT();
  return (
    <footer className="mt-12 bg-brand-dark text-white">
      <div className="container-page grid gap-8 py-10 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-base font-bold">{COMPANY.name}</p>
          <p className="mt-2 text-white/90">{t('footer.blurb')}</p>
          <ul aria-label={t('footer.follow')} className="mt-4 flex flex-wrap gap-x-4 gap-y-1">
            {COMPANY.social.map((s) => (
              <li key={s.name}><a href={s.url} rel="noopener noreferrer" target="_blank" className={linkClass}>{s.name}</a></li>
            ))}
            <li><a href={COMPANY.whatsapp} rel="noopener noreferrer" target="_blank" className={linkClass}>WhatsApp</a></li>
          </ul>
        </div>
        <Column title={t('footer.quickLinks')}>
          <li><Link to="/about" className={linkClass}>{t('footer.about')}</Link></li>
          <li><Link to="/products" className={linkClass}>{t('nav.products')}</Link></li>
          <li><Link to="/prices" className={linkClass}>{t('footer.prices')}</Link></li>
          <li><Link to="/sellers/register" className={linkClass}>{t('footer.sellers')}</Link></li>
          <li><Link to="/transporters/register" className={linkClass}>{t('footer.transporters')}</Link></li>
          <li><Link to="/blog" className={linkClass}>{t('footer.blog')}</Link></li>
        </Column>
        <Column title={t('footer.service')}>
          <li><Link to="/contact" className={linkClass}>{t('footer.contactUs')}</Link></li>
          <li><Link to="/faq" className={linkClass}>{t('footer.faq')}</Link></li>
          <li><Link to="/shipping-returns" className={linkClass}>{t('footer.shipping')}</Link></li>
          <li><Link to="/terms" className={linkClass}>{t('footer.terms')}</Link></li>
          <li><Link to="/privacy" className={linkClass}>{t('footer.privacy')}</Link></li>
        </Column>
        <div>
          <h2 className="text-sm font-bold uppercase tracking-wide">{t('footer.contact')}</h2>
          <address className="mt-3 flex flex-col gap-2 not-italic text-white/90">
            <a href={COMPANY.phoneHref} className={`flex items-center gap-2 ${linkClass}`}>
              <Phone size={16} aria-hidden="true" /> {COMPANY.phone}
            </a>
            <a href={`mailto:${COMPANY.supportEmail}`} className={`flex items-center gap-2 break-all ${linkClass}`}>
              <Mail size={16} aria-hidden="true" /> {COMPANY.supportEmail}
            </a>
            <span className="flex items-start gap-2">
              <MapPin size={16} aria-hidden="true" className="mt-0.5 shrink-0" /> {COMPANY_ADDRESS_LINE}
            </span>
          </address>
        </div>
      </div>
      <p className="border-t border-white/20 py-4 text-center text-xs text-white/90">
        {t('footer.rights', { year: new Date().getFullYear(), company: COMPANY.legalName })}
      </p>
    </footer>
  );
}
