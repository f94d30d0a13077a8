import { useLiveQuery } from 'dexie-react-hooks';
import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { lastPulledAt } from '../../../local/catalogue';
import { useOnline } from '../../hooks/useOnline';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "2 hours ago", "yesterday", "just now". */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - Date.parse(iso));
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, ms] of UNITS) if (elapsed >= ms) return format.format(-Math.floor(elapsed / ms), unit);
  return 'just now';
}

/**
 * Offline, how old the phone's copy of the catalogue is (its last successful pull), so
 * nobody takes a remembered price for today's.
 */
export function Freshness() {
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
      <Clock size={16} aria-hidden="true" /> Prices as of {timeAgo(pulledAt, now)}. You are offline; the price at checkout is today's.
    </p>
  );
}
