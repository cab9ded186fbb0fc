import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root';

export default function Home() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-semibold">{root?.settings.store_name}</h1>
      <p className="mt-2 text-stone-600">{root?.settings.store_description}</p>
    </section>
  );
}
