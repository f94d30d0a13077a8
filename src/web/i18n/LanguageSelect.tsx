import { useId } from 'react';
import { LOCALES, isLocale } from '../../shared/i18n';
import { LANGUAGE_LIST_ATTRIBUTE } from './device-choice';
import { chooseLocale, useLocale, useT } from './language';

/**
 * The language control (the bar and Settings): each language in its own name, so a reader
 * finds theirs whatever the screen is in. Its name contains "Language" in every language.
 */
export function LanguageSelect({ className = '', showLabel = false }: { className?: string; showLabel?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  return (
    <span className={className}>
      <label htmlFor={id} className={showLabel ? 'mb-1 block font-medium' : 'sr-only'}>{t('language.label')}</label>
      <select
        id={id}
        // Found again when the app draws a page over its first screen (initial-app/early-presses.ts).
        {...{ [LANGUAGE_LIST_ATTRIBUTE]: '' }}
        className="input w-auto py-1 text-sm"
        value={isLocale(locale) ? locale : 'en'}
        onChange={(e) => isLocale(e.target.value) && void chooseLocale(e.target.value)}
      >
        {LOCALES.map((l) => <option key={l.code} value={l.code} lang={l.code}>{l.name}</option>)}
      </select>
    </span>
  );
}
