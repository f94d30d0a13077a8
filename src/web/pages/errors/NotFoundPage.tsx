import { Link } from 'react-router-dom';
import { useT } from '../../i18n/language';

export default function NotFoundPage() {
  const t = useT();
  return (
    <section className="container-page flex flex-col items-center py-20 text-center">
      <p className="text-7xl font-black text-brand">404</p>
      <h1 className="mt-4 text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="mt-2 text-gray-700">{t('notFound.text')}</p>
      <Link to="/" className="btn-primary mt-8">{t('notFound.home')}</Link>
    </section>
  );
}
