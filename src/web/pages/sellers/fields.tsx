import { useId, type ChangeEvent, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { CONDITIONS, GHANA_REGIONS } from '../../../shared/catalogue';
import { Field, useApiText } from '../../components/ui/forms';

/** A labelled select with its error under it, in the reader's language (the input twin is components/ui/forms' Field). */
export function SelectField({ label, error: english, children, ...select }: { label: string; error?: string; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  const error = useApiText()(english);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">{label}</label>
      <select id={id} className="input" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...select}>
        {children}
      </select>
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error}</p>}
    </div>
  );
}

export function TextAreaField({ label, error: english, hint, ...area }: { label: string; error?: string; hint?: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const error = useApiText()(english);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">{label}</label>
      <textarea id={id} className="input min-h-24" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...area} />
      {hint}
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error}</p>}
    </div>
  );
}

/** Condition and region of a listing: what buyers filter by, so the seller says them. */
export function ConditionRegionFields({ condition, region, errors, onChange }: {
  condition: string;
  region: string;
  errors: Record<string, string>;
  onChange: (field: 'condition' | 'region') => (e: ChangeEvent<HTMLSelectElement>) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField label="Condition" value={condition} onChange={onChange('condition')} error={errors.condition}>
        <option value="">Select the condition</option>
        {CONDITIONS.map((c) => <option key={c} value={c}>{c.charAt(0).toUpperCase() + c.slice(1)}</option>)}
      </SelectField>
      <SelectField label="Region" value={region} onChange={onChange('region')} error={errors.region}>
        <option value="">Select the region</option>
        {GHANA_REGIONS.map((r) => <option key={r} value={r}>{r}</option>)}
      </SelectField>
    </div>
  );
}

/**
 * The weight of one unit in kg (issue 40): what the buyer's transport fee is counted from.
 * Empty: the default, read from the name and category (docs/transport.md), said in the hint.
 */
export function WeightField({ value, onChange, error, defaultKg }: { value: string; onChange: (e: ChangeEvent<HTMLInputElement>) => void; error?: string; defaultKg?: number }) {
  const hintId = useId();
  return (
    <Field
      label="Weight per unit (kg)"
      inputMode="decimal"
      value={value}
      onChange={onChange}
      error={error}
      placeholder={defaultKg !== undefined ? String(defaultKg) : ''}
      aria-describedby={hintId}
      hint={<p id={hintId} className="mt-1 text-sm text-gray-600">{defaultKg !== undefined ? `Leave empty to use ${defaultKg} kg, read from the name and category.` : 'Transport fees are counted from it.'}</p>}
    />
  );
}
