import type { ReactNode } from 'react';
import { useT } from '../i18n/language';

/** The centred card of the bare account screens (sign-in, sign-up, password reset, the seller's and transporter's registration). */
export function AuthCard({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  const t = useT();
  return (
    <div className="flex min-h-dvh items-start justify-center bg-gray-50 px-4 py-8 sm:items-center">
      <div className={`card w-full ${wide ? 'max-w-lg' : 'max-w-md'} p-6`}>
        <p className="mb-2 text-center text-lg font-bold text-brand-dark">{t('auth.brand')}</p>
        <h1 className="mb-6 text-center text-2xl font-bold text-gray-900">{title}</h1>
        {children}
      </div>
    </div>
  );
}
