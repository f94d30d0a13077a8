import { useLiveQuery } from 'dexie-react-hooks';
import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { lastPulledAt } from '../../../local/catalogue';
import { t, type MessageId } from '../../../shared/i18n';
import { useT } from '../../i18n/language';
import { useOnline } from '../../hooks/useOnline';

const UNITS: [MessageId, number][] = [
  ['products.ago.days', 86_400_000],
  ['products.ago.hours', 3_600_000],
  ['products.ago.minutes', 60_000],
];

/** "2 hours ago", "yesterday", "just now", in the reader's language (the catalogue's words: Intl has no Twi on most phones). */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - Date.parse(iso));
  if (Math.floor(elapsed / UNITS[0][1]) === 1) return t('products.ago.yesterday');
  for (const [unit, ms] of UNITS) if (elapsed >= ms) return t(unit, { n: Math.floor(elapsed / ms) });
  return t('products.ago.now');
}

/**
 * Offline, how old the phone's copy of the catalogue is (its last successful pull), so
 * nobody takes a remembered price for today's.
 */
export function Freshness() {
  useT();
  const online = useOnline();
  const pulledAt = useLiveQuery(() => lastPulledAt(), []);
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (online) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [online]);
  if (online || !pulledAt) return null;
  return (
    <p role="status" data-testid="freshness" className="mb-3 flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <Clock size={16} aria-hidden="true" /> {t('products.freshness', { ago: timeAgo(pulledAt, now) })}
    </p>
  );
}
