import { ShieldCheck } from 'lucide-react';
import type { ProductQuality } from '../../shared/schemas/checks';
import { useT } from '../i18n/language';

/**
 * A listing's record at the warehouse check (issue 41 item 4, docs/quality.md): "Checked at
 * Techiman: Grade 1, moisture 12.4%" and how many lots passed. Nothing for a listing with no
 * checked lot (or a row a phone mirrored before the record existed).
 */
export function QualityLine({ quality, className = '' }: { quality: ProductQuality | undefined; className?: string }) {
  const t = useT();
  if (!quality || quality.checkedLots === 0) return null;
  const town = quality.lastCheckedAt ?? '';
  const last =
    quality.lastGrade && quality.lastMoisturePct !== null
      ? t('quality.lastGraded', { town, grade: quality.lastGrade, moisture: quality.lastMoisturePct.toFixed(1) })
      : quality.lastGrade
        ? t('quality.lastGrade', { town, grade: quality.lastGrade })
        : t('quality.lastChecked', { town });
  return (
    <p className={`flex items-start gap-2 text-sm text-gray-800 ${className}`}>
      <ShieldCheck size={18} className="mt-0.5 shrink-0 text-brand" aria-hidden="true" />
      <span>
        {last} {t('quality.lots', { passed: quality.passedLots, n: quality.checkedLots })}
      </span>
    </p>
  );
}
