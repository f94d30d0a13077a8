import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { inReadersWords } from '../../../shared/i18n/api-messages';
import { t } from '../../../shared/i18n';
import { useT } from '../../i18n/language';

/**
 * An error in the reader's language: the shared schemas (and the server, for English
 * readers) speak English; a sentence the catalogue knows (src/shared/i18n/api-messages.ts),
 * values and all, is shown in the chosen language, any other as it came.
 */
export function useApiText(): (english: string | undefined) => string | undefined {
  useT(); // redrawn when the language changes
  return apiText;
}

/** The same, said once (an error kept in state): a sentence the catalogue knows, in the language shown now; any other as it came. */
export function apiText<T extends string | undefined>(english: T): T | string {
  return english ? inReadersWords(english, t) : english;
}

function useFieldError(error: string | undefined): string | undefined {
  return useApiText()(error);
}

/** A labelled input with its error under it, announced to screen readers. */
export function Field({ label, error: english, hint, ...input }: { label: string; error?: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const error = useFieldError(english);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">{label}</label>
      <input id={id} className="input" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {hint}
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error}</p>}
    </div>
  );
}

/** A password field with a show/hide button; note: its rule, said under it before any error (and read out with the field). */
export function PasswordField(props: { label: string; error?: string; hint?: ReactNode; note?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const id = useId();
  const { label, error: english, hint, note, ...input } = props;
  const error = useFieldError(english);
  const describedBy = [note && `${id}-note`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">{label}</label>
      <div className="relative">
        <input id={id} type={shown ? 'text' : 'password'} className="input pr-11" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
        <button type="button" onClick={() => setShown((s) => !s)} className="absolute inset-y-0 right-0 px-3 text-gray-600" aria-label={t(shown ? 'password.hide' : 'password.show', { label: label.toLowerCase() })}>
          {shown ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
        </button>
      </div>
      {note && <p id={`${id}-note`} className="mt-1 text-xs text-gray-700">{note}</p>}
      {hint}
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error}</p>}
    </div>
  );
}
