import type { VerificationStatus } from '../../../shared/schemas/sellers';

const LOOKS: Record<VerificationStatus, { label: string; className: string }> = {
  VERIFIED: { label: 'Verified Seller', className: 'bg-green-100 text-green-900 ring-green-300' },
  PENDING: { label: 'Pending Verification', className: 'bg-yellow-100 text-yellow-900 ring-yellow-300' },
  REJECTED: { label: 'Verification Rejected', className: 'bg-red-100 text-red-900 ring-red-300' },
};

/** The seller's verification state; anything unknown reads as pending (spec). */
export function VerificationBadge({ status }: { status: string | undefined }) {
  const look = LOOKS[status as VerificationStatus] ?? LOOKS.PENDING;
  return <span className={`inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold ring-1 ${look.className}`}>{look.label}</span>;
}
