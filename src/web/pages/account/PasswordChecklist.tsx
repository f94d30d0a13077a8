import { Check, X } from 'lucide-react';
import { passwordChecks } from '../../../shared/schemas/accounts';

/** The live checklist under a new-password field. */
export function PasswordChecklist({ password }: { password: string }) {
  const checks = passwordChecks(password);
  const items: [boolean, string][] = [
    [checks.length, 'At least 8 characters'],
    [checks.uppercase && checks.lowercase, 'Upper and lower case letters'],
    [checks.number, 'A number'],
    [checks.special, 'A special character'],
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
