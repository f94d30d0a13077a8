import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { formatCedis } from '../../../shared/money';
import type { Product } from '../../../shared/schemas/catalogue';
import { useT } from '../../i18n/language';

/** The product's own address: opens in the installed app (it is in the app's scope) or the browser. */
export function productLink(id: number, origin: string = location.origin): string {
  return `${origin}/product/${id}`;
}

/**
 * Share: the phone's share sheet (WhatsApp and the rest) through the Web Share API, or, where
 * there is none, the link copied to the clipboard; failing that, the link shown to copy by hand.
 */
export function ShareButton({ product }: { product: Pick<Product, 'id' | 'name' | 'price'> }) {
  const t = useT();
  const [notice, setNotice] = useState<string>();
  const share = async () => {
    // Made at the tap: the button is also drawn on the server, which has no location.
    const url = productLink(product.id);
    setNotice(undefined);
    const data = { title: product.name, text: t('product.shareText', { name: product.name, price: formatCedis(product.price) }), url };
    if (navigator.share && (!navigator.canShare || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return; // the user closed the sheet
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setNotice(t('product.linkCopied'));
    } catch {
      setNotice(url);
    }
  };
  return (
    <div className="flex flex-col items-end gap-1">
      <button type="button" className="btn-outline px-3 py-1.5 text-sm" onClick={() => void share()}>
        <Share2 size={16} aria-hidden="true" /> {t('product.share')}
      </button>
      {notice && <p role="status" className="max-w-60 break-all text-xs text-gray-700" data-testid="share-notice">{notice}</p>}
    </div>
  );
}
