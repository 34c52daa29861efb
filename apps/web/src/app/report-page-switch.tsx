import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { TRACKING_REPORT_KEY, TRACKING_REPORT_NAME } from '@fieldforce/contracts';
import { LoadingStatus } from '../components/loading-status';
import { ReportPage } from '../features/reports/components/report-page';

// Salesman Tracking carries MapLibre: its own chunk, loaded only when opened.
const TrackingPage = lazy(() =>
  import('../features/tracking/components/tracking-page').then((m) => ({ default: m.TrackingPage })),
);

/**
 * /reportpage: a report of the catalogue, or Salesman Tracking (an operational report with its own
 * screen; docs/decisions.md, "Salesman tracking: where it lives").
 */
export function ReportPageSwitch() {
  const [params] = useSearchParams();
  const tracking =
    params.get('report') === TRACKING_REPORT_KEY || params.get('reportName')?.trim() === TRACKING_REPORT_NAME;
  if (!tracking) return <ReportPage />;
  return (
    <Suspense fallback={<LoadingStatus />}>
      <TrackingPage />
    </Suspense>
  );
}
