import type { ReactNode } from 'react';

const COLOURS = {
  error: 'bg-red-50 text-red-800 ring-red-200',
  success: 'bg-green-50 text-green-900 ring-green-200',
  info: 'bg-blue-50 text-blue-900 ring-blue-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
};

/** A boxed notice in the page: errors are announced at once (role alert), the rest politely. */
export function Alert({ kind, children }: { kind: keyof typeof COLOURS; children: ReactNode }) {
  return (
    <div role={kind === 'error' ? 'alert' : 'status'} className={`rounded-lg p-3 text-sm ring-1 ${COLOURS[kind]}`}>
      {children}
    </div>
  );
}
