import { useLiveQuery } from 'dexie-react-hooks';
import { CheckCircle2, Circle } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { getMeta } from '../../../local/db';
import { profileKey, refreshSellerProfile, saveSellerProfile, type Cached } from '../../../local/sellers';
import { GHANA_CARD_EXAMPLE } from '../../../shared/ghana-card';
import { parseWith } from '../../../shared/schemas/parse';
import { sellerProfileUpdateSchema, type SellerProfile } from '../../../shared/schemas/sellers';
import { api } from '../../lib/api';
import { Spinner } from '../../components/Spinner';
import { useOnline } from '../../hooks/useOnline';
import { Alert } from '../../components/ui/Alert';
import { Field } from '../../components/ui/forms';
import { LoadError } from '../../components/LoadError';
import { SellerShell } from './SellerShell';
import { VerificationBadge } from '../../components/ui/VerificationBadge';
import { useT } from '../../i18n/language';

/** /seller/verification: where the seller stands and what the operator checks. */
export default function SellerVerificationPage() {
  return <SellerShell title="seller.title.verification">{(owner) => <Verification owner={owner} />}</SellerShell>;
}

function Verification({ owner }: { owner: number }) {
  const t = useT();
  const online = useOnline();
  const cached = useLiveQuery(() => getMeta<Cached<SellerProfile>>(profileKey(owner)), [owner]);
  const [loadError, setLoadError] = useState<unknown>();
  const [attempt, setAttempt] = useState(0);
  const [card, setCard] = useState('');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  useEffect(() => {
    setLoadError(undefined);
    refreshSellerProfile(api, owner).catch(setLoadError);
  }, [owner, attempt]);

  const profile = cached?.value;
  if (!profile) return loadError ? <LoadError onRetry={() => setAttempt((a) => a + 1)} /> : <Spinner />;

  const checks: [boolean, string, string][] = [
    [profile.user.isEmailVerified, 'E-mail address verified', 'Open the link we e-mailed you when you registered.'],
    [Boolean(profile.ghanaCardNumber), 'Ghana Card number given', 'The operator matches it with your name and business.'],
    [Boolean(profile.businessName && profile.businessRegion && profile.businessAddress), 'Business name, region and address', 'Where your produce comes from and where buyers can reach you.'],
    [Boolean(profile.phoneNumber), 'Phone number', 'The operator may call to confirm your business.'],
  ];

  const saveCard = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseWith(sellerProfileUpdateSchema, { ghanaCardNumber: card });
    if (!parsed.ok || !card.trim()) {
      setError(parsed.ok ? 'Invalid Ghana Card' : parsed.error.message);
      return;
    }
    await saveSellerProfile(owner, { ghanaCardNumber: parsed.value.ghanaCardNumber ?? undefined });
    setCard('');
    setNotice(online ? 'Ghana Card number saved. The operator will review it.' : 'Saved on this phone — it will be sent when you are back online.');
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-gray-700">Status:</span>
        <VerificationBadge status={profile.verificationStatus} />
      </div>
      {profile.verificationStatus === 'VERIFIED' && <Alert kind="success">Your business is verified. Buyers see the Verified Seller badge on your profile.</Alert>}
      {profile.verificationStatus === 'REJECTED' && (
        <Alert kind="error">The operator could not verify your business. Check your Ghana Card number and details below, or <Link to="/contact" className="underline">contact us</Link>.</Alert>
      )}
      {notice && <Alert kind="success">{notice}</Alert>}
      <div className="card p-5">
        <h2 className="mb-3 font-semibold">{t('seller.heading.operatorChecks')}</h2>
        <ul className="space-y-3">
          {checks.map(([done, title, detail]) => (
            <li key={title} className="flex gap-3">
              {done ? <CheckCircle2 className="mt-0.5 shrink-0 text-green-700" size={20} aria-label="Done" /> : <Circle className="mt-0.5 shrink-0 text-gray-400" size={20} aria-label="Not yet" />}
              <div>
                <p className="font-medium">{title}</p>
                <p className="text-sm text-gray-600">{detail}</p>
              </div>
            </li>
          ))}
        </ul>
        {!profile.user.isEmailVerified && <Link to="/resend-verification" className="btn-outline mt-4">Send a new verification link</Link>}
        {(!profile.businessAddress || !profile.phoneNumber) && <Link to="/sellers/me" className="btn-outline ml-2 mt-4">Edit business profile</Link>}
      </div>
      {!(profile.verificationStatus === 'VERIFIED' && profile.ghanaCardNumber) && (
        <form onSubmit={saveCard} noValidate className="card space-y-3 p-5">
          <h2 className="font-semibold">{t(profile.ghanaCardNumber ? 'seller.heading.changeGhanaCard' : 'seller.heading.addGhanaCard')}</h2>
          {profile.ghanaCardNumber && <p className="text-sm text-gray-700">On file: {profile.ghanaCardNumber}</p>}
          <Field label="Ghana Card Number" placeholder={GHANA_CARD_EXAMPLE} value={card} onChange={(e) => { setCard(e.target.value); setError(undefined); }} error={error} />
          <button type="submit" className="btn-primary">Save Ghana Card number</button>
        </form>
      )}
    </div>
  );
}
