import { lazy, Suspense } from 'react';
import { InsightsSkeleton } from './InsightsSkeleton';

// The charts (and recharts under them) load only when staff open the tab: their own chunk.
const InsightsView = lazy(() => import('./InsightsView'));

/** The library-admin dashboard's Insights tab. */
export function InsightsPanel({ libraryId }: { libraryId: number }) {
  return (
    <Suspense fallback={<InsightsSkeleton />}>
      <InsightsView libraryId={libraryId} />
    </Suspense>
  );
}
