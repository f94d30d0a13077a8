import { ImagePlus, Upload, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import { MAX_PRODUCT_IMAGES, checkImageFiles } from '../../../shared/schemas/submissions';
import { useApiText } from '../../components/ui/forms';

/**
 * Choose up to five product photos by click or drag. The first is the Main Image; each can
 * be removed, and an "Add more" tile shows how many slots are left. Files are checked here
 * for type and size; the server checks again by content.
 */
export function ImagePicker({ files, onChange, error, onError }: { files: File[]; onChange: (files: File[]) => void; error?: string; onError: (message: string | undefined) => void }) {
  const say = useApiText();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  // A phone has no mouse to click with and nothing to drag from: it is told to tap.
  const [touch] = useState(() => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches);
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  const add = (chosen: File[]) => {
    if (chosen.length === 0) return;
    const problem = checkImageFiles(chosen, files.length);
    onError(problem);
    if (!problem) onChange([...files, ...chosen]);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add([...event.dataTransfer.files]);
  };
  const remaining = MAX_PRODUCT_IMAGES - files.length;

  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium text-gray-800">Product Images</legend>
      <input
        id={inputId}
        ref={input}
        type="file"
        accept="image/*"
        multiple
        className="sr-only"
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(e) => {
          add([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      {files.length === 0 ? (
        <label
          htmlFor={inputId}
          onDragOver={(e) => { e.preventDefault(); setDragging(true); }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-6 text-center ${dragging ? 'border-brand bg-brand-light' : 'border-gray-400 bg-white'}`}
        >
          <Upload size={28} className="text-brand" aria-hidden="true" />
          <span className="font-medium">{touch ? 'Tap to take a photo or choose one' : 'Click to upload or drag and drop'}</span>
          <span className="text-sm text-gray-600">Up to {MAX_PRODUCT_IMAGES} images, 5 MB each (JPEG, PNG, WebP)</span>
        </label>
      ) : (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" onDragOver={(e) => e.preventDefault()} onDrop={drop}>
          {files.map((file, i) => (
            <li key={`${i}:${previews[i]}`} className="relative overflow-hidden rounded-lg ring-1 ring-gray-200">
              <img src={previews[i]} alt={`Product image ${i + 1}: ${file.name}`} className="aspect-square w-full object-cover" />
              {i === 0 && <span className="absolute left-1 top-1 rounded bg-brand-dark px-1.5 py-0.5 text-xs font-semibold text-white">Main Image</span>}
              <button
                type="button"
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                aria-label={`Remove image ${i + 1}`}
                className="absolute right-1 top-1 rounded-full bg-white/90 p-1 text-gray-800 shadow"
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
          {remaining > 0 && (
            <li>
              <label htmlFor={inputId} className="flex aspect-square cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-gray-400 text-center text-sm text-gray-700 hover:border-brand">
                <ImagePlus size={20} aria-hidden="true" />
                Add more
                <span className="text-xs">{remaining} remaining</span>
              </label>
            </li>
          )}
        </ul>
      )}
      {error && <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">{say(error)}</p>}
    </fieldset>
  );
}
