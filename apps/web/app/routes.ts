import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

// The storefront spec's route table (section 2).
export default [
  index('routes/home.tsx'),
  route('products', 'routes/products.tsx'),
  route('products/:id', 'routes/product.tsx'),
  route('category/:slug', 'routes/category.tsx'),
  route('categories', 'routes/categories.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('order-status/:orderNumber', 'routes/order-status.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('return-policy', 'routes/return-policy.tsx'),
  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('robots.txt', 'routes/robots[.]txt.ts'),
  route('set-language', 'routes/set-language.ts'),
  route('login', 'routes/login.tsx'),
  route('register', 'routes/register.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('verify-code', 'routes/verify-code.tsx'),
  route('auth/google/callback', 'routes/google-callback.tsx'),
  route('profile', 'routes/profile.tsx'),
  // The back office (admin spec section 2): its own chrome, messages and code chunks.
  layout('routes/admin/layout.tsx', [
    route('admin', 'routes/admin/index.tsx'),
    route('admin/products/new', 'routes/admin/product-new.tsx'),
    route('admin/products/edit/:id', 'routes/admin/product-edit.tsx'),
    route('admin/categories/new', 'routes/admin/category-new.tsx'),
    route('admin/categories/edit/:id', 'routes/admin/category-edit.tsx'),
    route('admin/orders/:id', 'routes/admin/order-detail.tsx'),
    route('admin/orders/:id/invoice', 'routes/admin/order-invoice.tsx'),
  ]),
  route('admin-test', 'routes/admin/redirect.ts', { id: 'admin-test' }),
  route('admin-dashboard', 'routes/admin/redirect.ts', { id: 'admin-dashboard' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
