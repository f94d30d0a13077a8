import { useId } from 'react';
import { formatDate, formatDateTime } from '../../shared/dates';
import type { ConsignmentEvent, OrderConsignment } from '../../shared/schemas/transport';
import { useLocale, useT } from '../i18n/language';

/**
 * Issue 40 item 6: where an order's goods are, consignment by consignment (from the seller's
 * drop-off warehouse to the pickup warehouse), with each step's town and time. Read from the
 * order as the phone keeps it, so it shows offline; the buyer's order page and the seller's
 * orders show the same timeline.
 */
export function ConsignmentTimeline({ consignments, readyAt }: { consignments: readonly OrderConsignment[] | undefined; readyAt?: string | null }) {
  const t = useT();
  const titleId = useId();
  if (!consignments || consignments.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="card p-4" data-testid="consignments">
      <h2 id={titleId} className="font-semibold">{t('order.transport.title')}</h2>
      <ul className="mt-2 space-y-4">
        {consignments.map((c) => <Consignment key={c.id} consignment={c} readyAt={c.status === 'ARRIVED' ? readyAt : null} />)}
      </ul>
    </section>
  );
}

/** When the order became ready for pickup, the timeline's last step (null while it is not). */
export const readyAtOf = (order: { status: string; statusHistory: readonly { status: string; createdAt: string }[] }) =>
  order.status === 'SHIPPED' || order.status === 'DELIVERED' ? (order.statusHistory.findLast((s) => s.status === 'SHIPPED')?.createdAt ?? null) : null;

const townOf = (w: OrderConsignment['fromWarehouse']) => w.town ?? w.name;
const ON_THE_ROAD = new Set(['AWAITING_DROP_OFF', 'AT_ORIGIN', 'IN_TRANSIT']);

function Consignment({ consignment: c, readyAt }: { consignment: OrderConsignment; readyAt: string | null | undefined }) {
  const t = useT();
  const locale = useLocale();
  const [from, to] = [townOf(c.fromWarehouse), townOf(c.toWarehouse)];
  const steps = shownSteps(c.events);
  return (
    <li>
      <h3 className="text-sm font-semibold">{t('order.transport.route', { from, to })}</h3>
      <p className={`text-sm ${c.status === 'LOST' || c.status === 'CANCELLED' ? 'text-red-800' : 'text-gray-800'}`}>{t(`order.transport.status.${c.status}`, { from, to })}</p>
      {ON_THE_ROAD.has(c.status) && <p className="text-xs text-gray-600">{t('order.transport.expected', { to, date: formatDate(c.expectedReadyAt, locale) })}</p>}
      {(steps.length > 0 || readyAt) && (
        <ol aria-label={t('order.transport.steps')} className="mt-2 space-y-2 border-l-2 border-brand-light pl-3">
          {steps.map((e, i) => (
            <li key={`${e.type}-${e.at}-${i}`}>
              <p className="text-sm">{eventWords(t, e)}</p>
              <p className="text-xs text-gray-600"><time dateTime={e.at}>{formatDateTime(e.at, locale)}</time></p>
            </li>
          ))}
          {readyAt && (
            <li>
              <p className="text-sm font-medium">{t('order.transport.event.READY')}</p>
              <p className="text-xs text-gray-600"><time dateTime={readyAt}>{formatDateTime(readyAt, locale)}</time></p>
            </li>
          )}
        </ol>
      )}
    </li>
  );
}

/**
 * A truck reports its position often, and near one town for hours: a run of positions near the
 * same town is one step, at its latest time. Everything else is shown as the server kept it.
 */
function shownSteps(events: readonly ConsignmentEvent[]): ConsignmentEvent[] {
  const steps: ConsignmentEvent[] = [];
  for (const e of events) {
    const last = steps.at(-1);
    if (e.type === 'POSITION' && last?.type === 'POSITION' && last.place === e.place) steps[steps.length - 1] = e;
    else steps.push(e);
  }
  return steps;
}

function eventWords(t: ReturnType<typeof useT>, e: ConsignmentEvent): string {
  const place = e.place;
  if (place === null) return t('order.transport.event.onTheWay');
  switch (e.type) {
    case 'AT_ORIGIN':
    case 'ACCEPTED':
    case 'POSITION':
    case 'ARRIVED':
      return t(`order.transport.event.${e.type}`, { place });
    case 'COLLECTED':
      if (!e.carrier) return t('order.transport.event.COLLECTED', { place });
      if (!e.carrier.vehicleType) return t('order.transport.event.collectedBy', { place, name: e.carrier.firstName });
      return t('order.transport.event.collectedWith', { place, name: e.carrier.firstName, vehicle: t(`transport.vehicle.${e.carrier.vehicleType}`) });
    case 'MILESTONE':
      return t('order.transport.event.POSITION', { place });
    default:
      return t('order.transport.event.other', { place });
  }
}
