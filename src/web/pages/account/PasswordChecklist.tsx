import { Check, X } from 'lucide-react';
import { SPECIAL_CHARACTERS, passwordChecks } from '../../../shared/schemas/accounts';

/** The spec's special characters, spaced so each can be read. */
const SPECIALS = SPECIAL_CHARACTERS.split('').join(' ');

/** The new-password rule as a person reads it before typing, with what counts as special. */
export const PASSWORD_NOTE = `At least 8 characters with an uppercase letter, a lowercase letter, a number and a special character, one of: ${SPECIALS}`;

/** The live checklist under a new-password field. */
export function PasswordChecklist({ password }: { password: string }) {
  const checks = passwordChecks(password);
  const items: [boolean, string][] = [
    [checks.length, 'At least 8 characters'],
    [checks.uppercase && checks.lowercase, 'Upper and lower case letters'],
    [checks.number, 'A number'],
    [checks.special, `A special character (${SPECIALS})`],
  ];
  return (
    <ul className="mt-2 grid gap-1 text-sm" aria-label="Password requirements">
      {items.map(([ok, label]) => (
        <li key={label} className={`flex items-center gap-1.5 ${ok ? 'text-green-700' : 'text-gray-600'}`}>
          {ok ? <Check size={16} aria-hidden="true" /> : <X size={16} aria-hidden="true" />}
          <span>{label}</span>
          <span className="sr-only">{ok ? '(done)' : '(missing)'}</span>
        </li>
      ))}
    </ul>
  );
}
