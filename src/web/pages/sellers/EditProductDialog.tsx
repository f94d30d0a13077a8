import { ImagePlus, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { addMySubmissionImages, deleteMySubmissionImage, updateMySubmission } from '../../../local/submissions';
import { CATEGORIES } from '../../../shared/catalogue';
import { parseWith } from '../../../shared/schemas/parse';
import { MAX_PRODUCT_IMAGES, SUBMISSION_MESSAGES, checkImageFiles, submissionUpdateSchema, type SellerSubmission } from '../../../shared/schemas/submissions';
import { api } from '../../lib/api';
import { Alert } from '../../components/ui/Alert';
import { Field } from '../../components/ui/forms';
import { errorMessage } from '../../lib/error-message';
import { CommodityField } from './CommodityField';
import { ConditionRegionFields, TextAreaField, WeightField } from './fields';
import { useT } from '../../i18n/language';

type Form = { name: string; description: string; price: string; stockQuantity: string; category: string; condition: string; region: string; commodityId: string; unitWeightKg: string };

/** The edit modal of Product Management. Image changes apply at once; fields on Save Changes. */
export function EditProductDialog({ product, onClose, onSaved }: { product: SellerSubmission; onClose: () => void; onSaved: (message: string) => void }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const fileId = useId();
  const listId = useId();
  const [current, setCurrent] = useState(product);
  const [form, setForm] = useState<Form>({
    name: product.name,
    description: product.description,
    price: String(product.price),
    stockQuantity: String(product.stockQuantity),
    category: product.category,
    condition: product.condition,
    region: product.region,
    commodityId: product.commodityId ?? '',
    // Only the seller's own figure: a default sent back would become a figure to review.
    unitWeightKg: product.unitWeightGiven && product.unitWeightKg !== undefined ? String(product.unitWeightKg) : '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);

  const set = (field: keyof Form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const imageCall = async (work: () => Promise<SellerSubmission>) => {
    setBusy(true);
    setFailure(undefined);
    try {
      setCurrent(await work());
    } catch (error) {
      setFailure(errorMessage(error, SUBMISSION_MESSAGES.updateFailed));
    } finally {
      setBusy(false);
    }
  };

  const addImages = (files: File[]) => {
    const problem = checkImageFiles(files, current.images.length);
    if (problem) return setFailure(problem);
    if (files.length) void imageCall(() => addMySubmissionImages(api, current.id, files));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseWith(submissionUpdateSchema, form);
    const required: Record<string, string> = {};
    // Every field of the modal is required (spec); an empty one is an error, not "unchanged".
    if (!form.category.trim()) required.category = 'Category is required';
    if (!parsed.ok || Object.keys(required).length) {
      setErrors({ ...(parsed.ok ? {} : parsed.error.fieldErrors), ...required });
      return;
    }
    setBusy(true);
    setFailure(undefined);
    try {
      const saved = await updateMySubmission(api, current.id, form);
      onSaved(saved.changesPending ? SUBMISSION_MESSAGES.changesSaved : SUBMISSION_MESSAGES.updated);
    } catch (error) {
      setFailure(`${SUBMISSION_MESSAGES.updateFailed} ${errorMessage(error, '')}`.trim());
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="edit-title" className="m-auto max-h-[90dvh] w-[min(36rem,calc(100%-1rem))] overflow-y-auto rounded-xl p-0 backdrop:bg-black/50">
      <form onSubmit={save} noValidate className="space-y-4 p-5">
        <div className="flex items-start justify-between gap-4">
          <h2 id="edit-title" className="text-xl font-bold">{t('seller.heading.editProduct')}</h2>
          <button type="button" onClick={onClose} aria-label="Close" className="rounded p-1 text-gray-600 hover:bg-gray-100"><X size={20} aria-hidden="true" /></button>
        </div>
        {current.status === 'APPROVED' && (
          <p className="text-sm text-gray-700">
            This product is live. Stock and price show in the marketplace at once; other changes (and a price moved by more than half) wait for the operator's review, and buyers see the approved listing until then.
          </p>
        )}
        {current.changesPending && <Alert kind="info">{SUBMISSION_MESSAGES.changesPending}</Alert>}
        {current.status === 'REJECTED' && <p className="text-sm text-gray-700">Saving sends this product back to the operator for review.</p>}
        {failure && <Alert kind="error">{failure}</Alert>}
        <Field label="Product Name" value={form.name} onChange={set('name')} error={errors.name} />
        <TextAreaField label="Description" value={form.description} onChange={set('description')} error={errors.description} />
        <div className="grid grid-cols-2 gap-3">
          <Field label="Price (GH₵)" type="number" min={0} step={0.01} value={form.price} onChange={set('price')} error={errors.price} />
          <Field label="Stock Quantity" type="number" min={0} value={form.stockQuantity} onChange={set('stockQuantity')} error={errors.stockQuantity} />
          <WeightField value={form.unitWeightKg} onChange={set('unitWeightKg')} error={errors.unitWeightKg} defaultKg={product.unitWeightGiven ? undefined : product.unitWeightKg} />
        </div>
        <Field label="Category" list={listId} value={form.category} onChange={set('category')} error={errors.category} />
        <datalist id={listId}>{CATEGORIES.map((c) => <option key={c} value={c} />)}</datalist>
        <ConditionRegionFields condition={form.condition} region={form.region} errors={errors} onChange={set} />
        <CommodityField value={form.commodityId} region={form.region} price={form.price} error={errors.commodityId} onChange={set('commodityId')} />
        <div>
          <p className="mb-2 text-sm font-medium text-gray-800">Images <span className="text-gray-600">({current.images.length} of {MAX_PRODUCT_IMAGES} images)</span></p>
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
            {current.images.map((image, i) => (
              <li key={image.id} className="relative overflow-hidden rounded-lg ring-1 ring-gray-200">
                <img src={image.urls[320]} alt={`Image ${i + 1} of ${current.name}`} className="aspect-square w-full object-cover" />
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => imageCall(() => deleteMySubmissionImage(api, current.id, image.id))}
                  aria-label={`Delete image ${i + 1}`}
                  className="absolute right-1 top-1 rounded-full bg-white/90 p-1 text-red-700 shadow"
                >
                  <Trash2 size={14} aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
          {current.images.length < MAX_PRODUCT_IMAGES && (
            <label htmlFor={fileId} className="btn-outline mt-2 cursor-pointer">
              <ImagePlus size={16} aria-hidden="true" /> Add Images
              <input
                id={fileId}
                type="file"
                accept="image/*"
                multiple
                className="sr-only"
                onChange={(e) => {
                  addImages([...(e.target.files ?? [])]);
                  e.target.value = '';
                }}
              />
            </label>
          )}
        </div>
        <div className="flex justify-end gap-3">
          <button type="button" className="btn-outline" onClick={onClose}>Cancel</button>
          <button type="submit" className="btn-primary" disabled={busy}>{busy ? 'Saving...' : 'Save Changes'}</button>
        </div>
      </form>
    </dialog>
  );
}
