import { type RouteConfig, index, route } from '@react-router/dev/routes';

// The storefront spec's route table (section 2).
export default [
  index('routes/home.tsx'),
  route('set-language', 'routes/set-language.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
