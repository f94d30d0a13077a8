import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { t } from '../../../shared/i18n';
import type { Product } from '../../../shared/schemas/catalogue';
import { addProductToCart, needsSignIn, productToFinishAdding } from './add-to-cart';
import { herePath, signInHref, useFinishAfterSignIn } from '../sign-in-first';
import { Toast, type ToastMessage } from './Toast';
import { apiText } from '../ui/forms';

export const TOAST_MS = 3000;

/**
 * Add buttons of the catalogue: visitors go to /signin, told why, and come back here with
 * the item added; signed-in users get the item in their cart and the spec's 3-second toast.
 */
export function useAddToCart() {
  const navigate = useNavigate();
  const location = useLocation();
  const [toast, setToast] = useState<ToastMessage>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback((text: string, tone: ToastMessage['tone']) => {
    clearTimeout(timer.current);
    setToast({ id: Date.now(), text, tone });
    timer.current = setTimeout(() => setToast(undefined), TOAST_MS);
  }, []);

  const add = useCallback(
    async (product: Product) => {
      try {
        await addProductToCart(product);
        show(t('products.added', { name: product.name }), 'success');
      } catch (error) {
        if (needsSignIn(error)) {
          navigate(signInHref('cart', herePath(location), product.id));
          return;
        }
        show(error instanceof Error ? apiText(error.message) : t('products.addFailed'), 'error');
      }
    },
    [navigate, location, show],
  );

  useFinishAfterSignIn('cart', (id) => {
    void productToFinishAdding(id).then((product) => (product ? add(product) : show(t('products.addFailed'), 'error')));
  });

  return { add, toastElement: <Toast toast={toast} /> };
}
