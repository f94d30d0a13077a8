import { ArrowLeft, Lightbulb } from 'lucide-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { getMeta } from '../../../local/db';
import { discardEntry } from '../../../local/outbox';
import { profileKey, refreshSellerProfile, type Cached } from '../../../local/sellers';
import { awaitDelivery, deliveryOf, queueSubmission, type SubmissionDraftFields } from '../../../local/submissions';
import { CATEGORIES } from '../../../shared/catalogue';
import { parseWith } from '../../../shared/schemas/parse';
import type { SellerProfile } from '../../../shared/schemas/sellers';
import { GOOD_TITLE_LENGTH, SUBMISSION_MESSAGES, submissionCreateSchema } from '../../../shared/schemas/submissions';
import { api } from '../../lib/api';
import { useOnline } from '../../hooks/useOnline';
import { Alert } from '../../components/ui/Alert';
import { Field } from '../../components/ui/forms';
import { CommodityField } from './CommodityField';
import { WeightField } from './fields';
import { defaultUnitWeightG } from '../../../shared/transport';
import { ConditionRegionFields, SelectField, TextAreaField } from './fields';
import { ImagePicker } from './ImagePicker';
import { SellerShell } from './SellerShell';
import { useT } from '../../i18n/language';

const EMPTY: SubmissionDraftFields = { name: '', description: '', category: '', condition: '', region: '', commodityId: '', unitWeightKg: '', price: '', stockQuantity: '', currency: 'GHS' };
/** How long to wait online for the server before saying "it will be sent". */
const SEND_WAIT_MS = 20_000;

/** /sellers/me/add-product: works offline — the product waits on the phone and goes later. */
export default function AddProductPage() {
  return <SellerShell title="seller.title.addProduct">{(owner) => <AddProductForm owner={owner} />}</SellerShell>;
}

function AddProductForm({ owner }: { owner: number }) {
  const t = useT();
  const navigate = useNavigate();
  const online = useOnline();
  const [fields, setFields] = useState(EMPTY);
  // The business's region (the profile kept on the phone, so offline too) is the likely answer.
  const homeRegion = useLiveQuery(async () => (await getMeta<Cached<SellerProfile>>(profileKey(owner)))?.value.businessRegion ?? '', [owner]);
  useEffect(() => {
    refreshSellerProfile(api, owner).catch(() => undefined);
  }, [owner]);
  useEffect(() => {
    if (homeRegion) setFields((f) => (f.region ? f : { ...f, region: homeRegion }));
  }, [homeRegion]);
  const [images, setImages] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'info' | 'error'; text: string }>();
  // The product kept on the phone: its "will be sent" becomes "added" once the outbox sends it.
  const [waitingEntry, setWaitingEntry] = useState<string>();
  const later = useLiveQuery(() => (waitingEntry ? deliveryOf(waitingEntry) : undefined), [waitingEntry]);
  useEffect(() => {
    if (!later || later.state === 'waiting') return;
    setWaitingEntry(undefined);
    setResult(later.state === 'sent' ? { kind: 'success', text: SUBMISSION_MESSAGES.created } : { kind: 'error', text: `${SUBMISSION_MESSAGES.createFailed} ${later.error}` });
  }, [later]);
  // The answer shows above the form, which a phone has scrolled past to press Create Product: bring it into view.
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) answer.current?.scrollIntoView?.({ block: 'center' });
  }, [result]);

  const set = (field: keyof SubmissionDraftFields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [field]: e.target.value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const reset = () => {
    setFields({ ...EMPTY, region: homeRegion ?? '' });
    setImages([]);
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(undefined);
    setWaitingEntry(undefined);
    const parsed = parseWith(submissionCreateSchema, fields);
    const found = parsed.ok ? {} : { ...parsed.error.fieldErrors };
    if (images.length === 0) found.images = SUBMISSION_MESSAGES.imagesRequired;
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setBusy(true);
    try {
      const entry = await queueSubmission(fields, images.map((blob) => ({ blob, name: blob.name })));
      const delivery = online ? await awaitDelivery(entry!.id, SEND_WAIT_MS) : { state: 'waiting' as const };
      if (delivery.state === 'sent') {
        setResult({ kind: 'success', text: SUBMISSION_MESSAGES.created });
        reset();
      } else if (delivery.state === 'waiting') {
        setResult({ kind: 'info', text: SUBMISSION_MESSAGES.savedOffline });
        setWaitingEntry(entry!.id);
        reset();
      } else {
        // Refused: keep the form so the seller can correct it, and drop the refused copy.
        await discardEntry(delivery.seq, api);
        setResult({ kind: 'error', text: `${SUBMISSION_MESSAGES.createFailed} ${delivery.error}` });
      }
    } catch {
      setResult({ kind: 'error', text: SUBMISSION_MESSAGES.submitException });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
      <div className="space-y-4">
        <button type="button" onClick={() => navigate(-1)} className="inline-flex items-center gap-1 text-sm font-medium text-brand-dark">
          <ArrowLeft size={16} aria-hidden="true" /> Back
        </button>
        <p className="rounded-lg bg-brand-light p-3 text-sm text-brand-dark">Tip: products with clear, bright photos sell faster.</p>
        <ol className="grid grid-cols-3 gap-2 text-center text-xs sm:text-sm" aria-label="Steps">
          <li aria-current="step" className="rounded-full bg-brand-dark px-2 py-1 font-medium text-white">1. Product Details</li>
          <li className="rounded-full bg-gray-100 px-2 py-1 text-gray-700">2. Pricing</li>
          <li className="rounded-full bg-gray-100 px-2 py-1 text-gray-700">3. Review</li>
        </ol>
        {!online && (
          <Alert kind="info">You are offline. You can still add the product: it is kept on this phone and sent when you are back online.</Alert>
        )}
        <div ref={answer} className="scroll-mt-20">{result && <Alert kind={result.kind}>{result.text}</Alert>}</div>
        <form onSubmit={submit} noValidate className="card space-y-4 p-5">
          <Field label="Product Name" value={fields.name} onChange={set('name')} error={errors.name} maxLength={120} />
          <SelectField label="Category" value={fields.category} onChange={set('category')} error={errors.category}>
            <option value="">Select a category</option>
            {CATEGORIES.map((c) => <option key={c} value={c}>{c}</option>)}
          </SelectField>
          <TextAreaField label="Description" value={fields.description} onChange={set('description')} error={errors.description} />
          <ConditionRegionFields condition={fields.condition ?? ''} region={fields.region ?? ''} errors={errors} onChange={set} />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid grid-cols-[1fr_7rem] gap-2">
              <Field label="Price" inputMode="decimal" value={fields.price} onChange={set('price')} error={errors.price} placeholder="0.00" />
              <SelectField label="Currency" value="GHS" onChange={() => undefined}>
                <option value="GHS">GH₵</option>
              </SelectField>
            </div>
            <Field label="Stock Quantity" inputMode="numeric" value={fields.stockQuantity} onChange={set('stockQuantity')} error={errors.stockQuantity} placeholder="0" />
          </div>
          <WeightField value={fields.unitWeightKg ?? ''} onChange={set('unitWeightKg')} error={errors.unitWeightKg} defaultKg={fields.name ? defaultUnitWeightG(fields.name, fields.category) / 1000 : undefined} />
          <CommodityField value={fields.commodityId ?? ''} region={fields.region ?? ''} price={fields.price} error={errors.commodityId} onChange={set('commodityId')} />
          <ImagePicker
            files={images}
            onChange={(next) => {
              setImages(next);
              setErrors(({ images: _, ...rest }) => rest);
            }}
            error={errors.images}
            onError={(message) => setErrors(({ images: _, ...rest }) => (message ? { ...rest, images: message } : rest))}
          />
          <div className="flex gap-3">
            <button type="button" className="btn-outline" onClick={() => navigate(-1)}>Cancel</button>
            <button type="submit" className="btn-primary flex-1" disabled={busy}>{busy ? 'Creating...' : 'Create Product'}</button>
          </div>
        </form>
      </div>
      <aside className="card h-fit space-y-3 p-5 text-sm text-gray-800">
        <h2 className="flex items-center gap-2 font-semibold"><Lightbulb size={16} aria-hidden="true" /> {t('seller.heading.inspiration')}</h2>
        <p><strong>Titles:</strong> say what it is, the variety and the amount, in under {GOOD_TITLE_LENGTH} characters ("Fresh Kontomire, 5 kg bag").</p>
        <p><strong>Descriptions:</strong> where it was grown, when it was harvested, how it is packed and how buyers can collect it.</p>
        <p><strong>Photos:</strong> daylight, a plain background, the real produce; put the best photo first — it is the Main Image.</p>
        <Link to="/sellers/me/products" className="inline-block font-medium text-brand-dark underline">See my products</Link>
      </aside>
    </div>
  );
}
