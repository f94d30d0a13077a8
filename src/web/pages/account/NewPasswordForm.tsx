import { useState, type FormEvent } from 'react';
import { resetPasswordFormSchema } from '../../../shared/schemas/accounts';
import { parseWith } from '../../../shared/schemas/parse';
import { PasswordChecklist } from './PasswordChecklist';
import { Alert } from '../../components/ui/Alert';
import { PasswordField } from '../../components/ui/forms';
import { useT } from '../../i18n/language';

/** New password twice, checked with the reset page's rule; `save` does the call. */
export function NewPasswordForm({ save, error }: { save: (newPassword: string) => Promise<void>; error?: string }) {
  const t = useT();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseWith(resetPasswordFormSchema, { newPassword, confirmPassword });
    if (!parsed.ok) {
      setErrors(parsed.error.fieldErrors);
      return;
    }
    setBusy(true);
    try {
      await save(newPassword);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {error && <Alert kind="error">{error}</Alert>}
      <PasswordField
        label={t('password.new')}
        autoComplete="new-password"
        value={newPassword}
        onChange={(e) => {
          setNewPassword(e.target.value);
          setErrors((x) => ({ ...x, newPassword: '' }));
        }}
        error={errors.newPassword}
        hint={<PasswordChecklist password={newPassword} />}
      />
      <PasswordField
        label={t('password.confirmNew')}
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(e) => {
          setConfirmPassword(e.target.value);
          setErrors((x) => ({ ...x, confirmPassword: '' }));
        }}
        error={errors.confirmPassword}
      />
      <button type="submit" className="btn-primary w-full" disabled={busy}>{busy ? t('password.saving') : t('password.reset')}</button>
    </form>
  );
}
