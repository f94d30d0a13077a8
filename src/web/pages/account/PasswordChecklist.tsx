import { Check, X } from 'lucide-react';
import { SPECIAL_CHARACTERS, passwordChecks } from '../../../shared/schemas/accounts';
import { useT } from '../../i18n/language';

/** The spec's special characters, spaced so each can be read. */
const SPECIALS = SPECIAL_CHARACTERS.split('').join(' ');

/** The new-password rule as a person reads it before typing, with what counts as special. */
export function usePasswordNote(): string {
  const t = useT();
  return t('password.note', { specials: SPECIALS });
}

/** The live checklist under a new-password field. */
export function PasswordChecklist({ password }: { password: string }) {
  const t = useT();
  const checks = passwordChecks(password);
  const items: [boolean, string][] = [
    [checks.length, t('password.length')],
    [checks.uppercase && checks.lowercase, t('password.cases')],
    [checks.number, t('password.number')],
    [checks.special, t('password.special', { specials: SPECIALS })],
  ];
  return (
    <ul className="mt-2 grid gap-1 text-sm" aria-label={t('password.rules')}>
      {items.map(([ok, label]) => (
        <li key={label} className={`flex items-center gap-1.5 ${ok ? 'text-green-700' : 'text-gray-600'}`}>
          {ok ? <Check size={16} aria-hidden="true" /> : <X size={16} aria-hidden="true" />}
          <span>{label}</span>
          <span className="sr-only">{ok ? t('password.done') : t('password.missing')}</span>
        </li>
      ))}
    </ul>
  );
}
