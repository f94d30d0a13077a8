import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import NotFoundPage from '../pages/errors/NotFoundPage';
import { RouteError } from '../pages/errors/RouteError';
import { BareLayout, ChromeLayout, PageLoading, RootLayout } from './layouts';
import { loadPageMessages } from '../i18n/language';

/**
 * Every screen of both route tables, each loaded lazily so the first screen stays small.
 * A domain's pages live in pages/<domain>/; add a route here and nowhere else.
 */
type PageModule = { default: ComponentType };
const page = (path: string, load: () => Promise<PageModule>): RouteObject => ({
  path,
  // Beside its code, the page's messages (the home's are in the first screen's code already).
  lazy: async () => ({ Component: (await (path === '/' ? load() : Promise.all([load(), loadPageMessages()]).then(([m]) => m))).default }),
});

const publicPages: RouteObject[] = [
  page('/', () => import('../pages/home/HomePage')),
  page('/products', () => import('../pages/catalogue/ProductsPage')),
  page('/product/:id', () => import('../pages/catalogue/ProductDetailPage')),
  page('/search', () => import('../pages/catalogue/SearchPage')),
  page('/prices', () => import('../pages/prices/PricesPage')),
  page('/prices/:id', () => import('../pages/prices/CommodityPricePage')),
  page('/cart', () => import('../pages/cart/CartPage')),
  page('/track-order', () => import('../pages/orders/TrackOrderPage')),
  page('/password-reset-request', () => import('../pages/account/ResetRequestPage')),
  page('/reset-password', () => import('../pages/account/ResetPasswordPage')),
  page('/undo-change', () => import('../pages/account/UndoChangePage')),
  page('/contact', () => import('../pages/info/ContactPage')),
  page('/blog', () => import('../pages/info/BlogPage')),
  page('/blog/:id', () => import('../pages/info/BlogArticlePage')),
  page('/shipping-returns', () => import('../pages/info/ShippingReturnsPage')),
  page('/faq', () => import('../pages/info/FaqPage')),
  page('/about', () => import('../pages/info/AboutPage')),
  page('/terms', () => import('../pages/info/TermsPage')),
  page('/privacy', () => import('../pages/info/PrivacyPage')),
  page('/help', () => import('../pages/info/HelpPage')),
  page('/support', () => import('../pages/info/SupportPage')),
  page('/sellers/verify-email', () => import('../pages/sellers/VerifyEmailPage')),
  page('/sellers/verify-email/failed', () => import('../pages/sellers/VerifyEmailFailedPage')),
  page('/resend-verification', () => import('../pages/sellers/ResendVerificationPage')),
];

const protectedPages: RouteObject[] = [
  page('/checkout', () => import('../pages/checkout/CheckoutPage')),
  page('/profile', () => import('../pages/account/ProfilePage')),
  page('/addresses', () => import('../pages/account/AddressesPage')),
  page('/addresses/new', () => import('../pages/account/NewAddressPage')),
  page('/wishlist', () => import('../pages/wishlist/WishlistPage')),
  page('/payment-methods', () => import('../pages/account/PaymentMethodsPage')),
  page('/notifications', () => import('../pages/account/NotificationsPage')),
  page('/settings', () => import('../pages/account/SettingsPage')),
  page('/orders', () => import('../pages/orders/OrdersPage')),
  page('/orders/:orderId', () => import('../pages/orders/OrderDetailPage')),
  page('/order-confirmation', () => import('../pages/orders/OrderConfirmationPage')),
  page('/sellers/me', () => import('../pages/sellers/SellerDashboardPage')),
  page('/sellers/me/stats', () => import('../pages/sellers/SellerStatsPage')),
  page('/sellers/me/earnings', () => import('../pages/sellers/SellerEarningsPage')),
  page('/sellers/me/record', () => import('../pages/sellers/SellerRecordPage')),
  page('/sellers/me/add-product', () => import('../pages/sellers/AddProductPage')),
  page('/sellers/me/products', () => import('../pages/sellers/SellerProductsPage')),
  page('/seller/orders', () => import('../pages/sellers/SellerOrdersPage')),
  page('/seller/verification', () => import('../pages/sellers/SellerVerificationPage')),
  page('/transporter', () => import('../pages/transporters/TransporterPage')),
  page('/warehouse', () => import('../pages/warehouse/WarehousePage')),
  page('/admin', () => import('../pages/admin/AdminPage')),
  page('/admin/ussd', () => import('../pages/admin/UssdSimulatorPage')),
];

/** The pages behind sign-in (the server's page for a browser without JavaScript says so, src/static-build/plain-notice.tsx). */
export const accountPaths: string[] = protectedPages.map((p) => p.path!);

const barePages: RouteObject[] = [
  page('/signin', () => import('../pages/account/SignInPage')),
  page('/signup', () => import('../pages/account/SignUpPage')),
  page('/password-reset', () => import('../pages/account/ResetWithCodePage')),
  page('/sellers/register', () => import('../pages/sellers/SellerRegisterPage')),
  page('/transporters/register', () => import('../pages/transporters/TransporterRegisterPage')),
  page('/checkout/success', () => import('../pages/checkout/PaymentSuccessPage')),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        element: <ChromeLayout />,
        errorElement: <RouteError />,
        children: [
          ...publicPages,
          { lazy: async () => ({ Component: (await import('./RequireAuth')).RequireAuth }), children: protectedPages },
          // Already in the main chunk: RouteError shows it for 404 responses.
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { element: <BareLayout />, errorElement: <RouteError />, children: barePages },
    ],
  },
];
