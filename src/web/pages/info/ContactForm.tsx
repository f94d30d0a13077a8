import { useLiveQuery } from 'dexie-react-hooks';
import { CheckCircle2, CircleAlert, Clock } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { contactDelivery, sendContactMessage } from '../../../local/contact';
import { CONTACT_LIMITS, CONTACT_QUEUED_MESSAGE, CONTACT_SENT_MESSAGE, contactSchema } from '../../../shared/schemas/contact';
import { parseWith } from '../../../shared/schemas/parse';
import { useOnline } from '../../hooks/useOnline';
import { useSession } from '../../hooks/useSession';
import { useT } from '../../i18n/language';
import { useInitialData } from '../../initial-app/initial-data';

type Field = 'name' | 'email' | 'subject' | 'message';
const FIELDS: { name: Field; label: string; type?: string; autoComplete?: string; multiline?: boolean }[] = [
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'subject', label: 'Subject' },
  { name: 'message', label: 'Message', multiline: true },
];
const empty: Record<Field, string> = { name: '', email: '', subject: '', message: '' };

/**
 * The contact form. Checked with the server's own schema, then handed to the outbox, so it
 * works offline too; the confirmation follows the message's real state in the outbox.
 * Without JavaScript it is a plain form posted to /contact: the server answers with this page
 * again (its `posted`), saying it was sent with the reference, or what to correct.
 */
export function ContactForm() {
  const { session } = useSession();
  const online = useOnline();
  const t = useT();
  const posted = useInitialData()?.posted;
  const [values, setValues] = useState<Record<Field, string>>(() => ({ ...empty, ...pick(posted?.values) }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(() => pick(posted?.errors));
  const [entryId, setEntryId] = useState<string>();
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // A signed-in user need not type their own name and address.
  useEffect(() => {
    if (!session) return;
    const { firstName, lastName, email } = session.user;
    setValues((v) => ({ ...v, name: v.name || `${firstName} ${lastName}`.trim(), email: v.email || email }));
  }, [session]);

  const delivery = useLiveQuery(async () => (entryId ? contactDelivery(entryId) : undefined), [entryId]);

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = parseWith(contactSchema, values);
    if (!result.ok) {
      setErrors(result.error.fieldErrors as Partial<Record<Field, string>>);
      const first = FIELDS.find((f) => result.error.fieldErrors[f.name]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const entry = await sendContactMessage(result.value);
      setEntryId(entry.id);
      setValues((v) => ({ ...empty, name: v.name, email: v.email }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} method="post" action="/contact" onSubmit={submit} noValidate className="card flex flex-col gap-4 p-5" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="text-xl font-bold">Send us a message</h2>
      {posted?.reference !== undefined && !delivery && <Notice tone="ok" text={`${CONTACT_SENT_MESSAGE} ${t('contactForm.reference', { reference: posted.reference })}`} />}
      {posted?.errors.form && <Notice tone="error" text={posted.errors.form} />}
      {FIELDS.map((f) => {
        const id = `contact-${f.name}`;
        const error = errors[f.name];
        const common = {
          id,
          name: f.name,
          value: values[f.name],
          required: true,
          maxLength: CONTACT_LIMITS[f.name],
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          className: `input ${error ? 'border-red-700' : ''}`,
        };
        return (
          <div key={f.name}>
            <label htmlFor={id} className="mb-1 block text-sm font-semibold">{f.label}</label>
            {f.multiline ? (
              <textarea {...common} rows={6} onChange={(e) => change(f.name, e.target.value)} />
            ) : (
              <input {...common} type={f.type ?? 'text'} autoComplete={f.autoComplete} onChange={(e) => change(f.name, e.target.value)} />
            )}
            {error && <p id={`${id}-error`} className="mt-1 text-sm text-red-800">{error}</p>}
          </div>
        );
      })}
      <button type="submit" className="btn-primary self-start" disabled={busy}>{busy ? 'Sending...' : 'Send Message'}</button>
      <div role="status" aria-live="polite">
        {delivery && <DeliveryNotice state={delivery} online={online} />}
      </div>
    </form>
  );
}

/** The form's own fields of what the server sent back. */
function pick(from: Record<string, string> | undefined): Record<Field, string> | Partial<Record<Field, string>> {
  return Object.fromEntries(FIELDS.flatMap((f) => (from?.[f.name] === undefined ? [] : [[f.name, from[f.name]]])));
}

function DeliveryNotice({ state, online }: { state: Awaited<ReturnType<typeof contactDelivery>>; online: boolean }) {
  if (state.state === 'sent') {
    return <Notice tone="ok" text={CONTACT_SENT_MESSAGE} />;
  }
  if (state.state === 'failed') {
    return <Notice tone="error" text={`Your message could not be sent: ${state.error}`} />;
  }
  // Offline, or the server did not answer yet: the message waits safely on this phone.
  if (!online || state.attempts > 0) return <Notice tone="wait" text={CONTACT_QUEUED_MESSAGE} />;
  return <Notice tone="wait" text="Sending your message..." />;
}

function Notice({ tone, text }: { tone: 'ok' | 'wait' | 'error'; text: string }) {
  const style = {
    ok: 'bg-green-50 text-green-900 ring-green-200',
    wait: 'bg-amber-50 text-amber-900 ring-amber-200',
    error: 'bg-red-50 text-red-900 ring-red-200',
  }[tone];
  const Icon = { ok: CheckCircle2, wait: Clock, error: CircleAlert }[tone];
  return (
    <p className={`flex items-start gap-2 rounded-lg p-3 text-sm ring-1 ${style}`}>
      <Icon size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
      {text}
    </p>
  );
}
