import { Mail } from 'lucide-react';
import { useSession } from '../../hooks/useSession';
import { AccountLayout } from './AccountLayout';

/** /notifications: which e-mails the account receives. They are all needed, so there is nothing to switch off. */
export default function NotificationsPage() {
  const { session } = useSession();
  return (
    <AccountLayout title="Notifications">
      <div className="card max-w-2xl p-5 text-sm text-gray-700">
        <h2 className="mb-2 flex items-center gap-2 text-lg font-semibold text-gray-900">
          <Mail className="text-brand" aria-hidden="true" /> E-mail
        </h2>
        <p>
          We write to <strong className="break-all">{session?.user.email}</strong> only when something needs you:
        </p>
        <ul className="mt-2 list-disc pl-5">
          <li>codes to verify your e-mail address,</li>
          <li>password reset links and codes,</li>
          <li>order and payment confirmations.</li>
        </ul>
        <p className="mt-3">We send no newsletters or advertising. To receive these e-mails elsewhere, change your e-mail address on My Account.</p>
      </div>
    </AccountLayout>
  );
}
