import { formatCedis } from '../../shared/money';

/** Every amount on screen goes through here: one currency display everywhere. */
export function Price({ value, className }: { value: number; className?: string }) {
  return <span className={className}>{formatCedis(value)}</span>;
}
