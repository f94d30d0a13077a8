import { CircleAlert, CircleCheck } from 'lucide-react';

export interface ToastMessage {
  id: number;
  text: string;
  tone: 'success' | 'error';
}

/** A short notice at the bottom of the screen, read out by screen readers. */
export function Toast({ toast }: { toast: ToastMessage | undefined }) {
  return (
    <div aria-live="polite" role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {toast && (
        <p
          key={toast.id}
          className={`flex items-center gap-2 rounded-lg px-4 py-3 text-sm font-medium text-white shadow-lg ${toast.tone === 'success' ? 'bg-brand-dark' : 'bg-red-700'}`}
        >
          {toast.tone === 'success' ? <CircleCheck size={18} aria-hidden="true" /> : <CircleAlert size={18} aria-hidden="true" />}
          {toast.text}
        </p>
      )}
    </div>
  );
}
