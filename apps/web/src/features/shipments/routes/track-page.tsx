import { Trans, useLingui } from '@lingui/react/macro';
import { normalizeTrackingNumber } from '@hatid/domain';
import { getRouteApi } from '@tanstack/react-router';
import { SearchX } from 'lucide-react';
import { TRACK_COLUMN_CLASSES, TrackIntro } from '../../../app/landing/landing-intros';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { usePublicTracking } from '../api/get-public-tracking';
import { PublicTrackingResult } from '../components/public-tracking-result';
import { StopTextsPanel } from '../components/stop-texts-panel';
import { TrackForm, trackingNumberProblem } from '../components/track-form';

const route = getRouteApi('/track');

/** /track and /track?trackingNumber=…: public tracking, for anyone with the number. */
export function TrackPage() {
  const { trackingNumber } = route.useSearch();
  const navigate = route.useNavigate();
  // A number linked or typed before the app started (the landing page's plain form) may be spaced or grouped
  // with hyphens: it is looked up in its one stored form.
  const checked = trackingNumber && !trackingNumberProblem(trackingNumber) ? normalizeTrackingNumber(trackingNumber) : undefined;
  const tracking = usePublicTracking(checked);

  return (
    <div className={TRACK_COLUMN_CLASSES}>
      <Card>
        <TrackIntro />
        <div className="mt-5">
          <TrackForm
            key={trackingNumber ?? ''}
            defaultValue={trackingNumber ?? ''}
            pending={tracking.isFetching}
            onTrack={(next) => void navigate({ search: { trackingNumber: next } })}
          />
        </div>
      </Card>
      {checked ? <TrackingAnswer trackingNumber={checked} query={tracking} /> : null}
    </div>
  );
}

function TrackingAnswer({ trackingNumber, query }: { trackingNumber: string; query: ReturnType<typeof usePublicTracking> }) {
  const { t } = useLingui();
  if (query.isPending) return <Spinner label={t`Looking up the shipment`} />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.statusCode === 404) {
      return (
        <Card role="alert" className="flex flex-col items-center gap-2 text-center">
          <SearchX className="h-8 w-8 text-slate-400" aria-hidden="true" />
          <p className="font-medium text-slate-900">
            <Trans>No shipment found with tracking number {trackingNumber}</Trans>
          </p>
          <p className="text-sm text-slate-600">
            <Trans>Check the number on the waybill or the booking text message and try again.</Trans>
          </p>
        </Card>
      );
    }
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-700">
        {errorMessage(query.error)}
      </p>
    );
  }
  // Texts end with "delivered"; a cancelled parcel gets none: only a parcel still on its way offers the stop.
  const textsMayCome = query.data.deliveryStatus !== 'Delivered' && query.data.status !== 'Cancelled';
  return (
    <>
      <PublicTrackingResult tracking={query.data} />
      {textsMayCome ? (
        <Card aria-label={t`Text messages about this parcel`}>
          <StopTextsPanel trackingNumber={query.data.trackingNumber} />
        </Card>
      ) : null}
    </>
  );
}
