import { type RouteConfig, layout, route } from '@react-router/dev/routes';

// The storefront's routes. Each storefront page answers at its Arabic address and under /en, its
// English one (the optional segment `en?`, decision 046); the back office, the sitemap, robots.txt,
// the language switch, the offline page and Google's return address keep a single address.
export default [
  route('en?', 'routes/home.tsx'),
  route('en?/products', 'routes/products.tsx'),
  route('en?/products/:id', 'routes/product.tsx'),
  route('en?/category/:slug', 'routes/category.tsx'),
  route('en?/categories', 'routes/categories.tsx'),
  route('en?/cart', 'routes/cart.tsx'),
  route('en?/wishlist', 'routes/wishlist.tsx'),
  route('en?/checkout', 'routes/checkout.tsx'),
  route('en?/order-status/:orderNumber', 'routes/order-status.tsx'),
  route('en?/track', 'routes/track.tsx'),
  // One payment result screen; UPayments may put the order number in the path.
  route('en?/payment-success', 'routes/payment-result.tsx', { id: 'payment-success' }),
  route('en?/payment/success/:orderNumber?', 'routes/payment-result.tsx', { id: 'payment-return' }),
  route('en?/payment/cancel/:orderNumber?', 'routes/payment-result.tsx', { id: 'payment-cancel' }),
  route('en?/privacy', 'routes/privacy.tsx'),
  route('en?/terms', 'routes/terms.tsx'),
  route('en?/return-policy', 'routes/return-policy.tsx'),
  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('sitemaps/:file', 'routes/sitemap-part.ts'),
  route('robots.txt', 'routes/robots[.]txt.ts'),
  route('set-language', 'routes/set-language.ts'),
  // What the service worker shows when a page cannot be reached (docs/decisions/021).
  route('offline', 'routes/offline.ts'),
  route('en?/login', 'routes/login.tsx'),
  route('en?/register', 'routes/register.tsx'),
  route('en?/forgot-password', 'routes/forgot-password.tsx'),
  route('en?/reset-password', 'routes/reset-password.tsx'),
  route('en?/verify-code', 'routes/verify-code.tsx'),
  route('auth/google/callback', 'routes/google-callback.tsx'),
  route('en?/profile', 'routes/profile.tsx'),
  // The back office: its own chrome, messages and code chunks.
  layout('routes/admin/layout.tsx', [
    route('admin', 'routes/admin/index.tsx'),
    route('admin/products/new', 'routes/admin/product-new.tsx'),
    route('admin/products/import', 'routes/admin/product-import.tsx'),
    route('admin/products/edit/:id', 'routes/admin/product-edit.tsx'),
    route('admin/categories/new', 'routes/admin/category-new.tsx'),
    route('admin/categories/edit/:id', 'routes/admin/category-edit.tsx'),
    route('admin/users/new', 'routes/admin/user-new.tsx'),
    route('admin/users/edit/:id', 'routes/admin/user-edit.tsx'),
    route('admin/promocode/new', 'routes/admin/promo-code-new.tsx'),
    route('admin/promocode/edit/:id', 'routes/admin/promo-code-edit.tsx'),
    route('admin/orders/:id', 'routes/admin/order-detail.tsx'),
    route('admin/orders/:id/invoice', 'routes/admin/order-invoice.tsx'),
    route('admin/orders/:id/packing-slip', 'routes/admin/order-packing-slip.tsx'),
    route('admin/orders/packing-slips', 'routes/admin/order-packing-slips.tsx'),
  ]),
  route('admin/user/:id', 'routes/admin/user-redirect.ts'),
  route('admin-test', 'routes/admin/redirect.ts', { id: 'admin-test' }),
  route('admin-dashboard', 'routes/admin/redirect.ts', { id: 'admin-dashboard' }),
  // An unknown /en/… address is the English 404 (the root reads the language from the path).
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
