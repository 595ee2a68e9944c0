import type { ActivityDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Eye, EyeOff } from 'lucide-react';
import { toast } from '../../../../lib/toast';
import { Button } from '../../../../components/ui/button';
import { Card, CardTitle } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/format';
import { cn } from '../../../../lib/utils';
import { useActivities, useSetActivityHidden } from '../../api/shipment-records';
import { entryTitle } from '../status-timeline';
import { PhoneTime } from './phone-time';

const newestFirst = (a: ActivityDto, b: ActivityDto) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime();

/**
 * Every activity of the shipment, hidden ones included and marked; whoever may update delivery statuses
 * hides an activity from the customer's timeline or shows it again.
 */
export function ActivityTimeline({ trackingNumber, canHide }: { trackingNumber: string; canHide: boolean }) {
  const { t, i18n } = useLingui();
  const activities = useActivities(trackingNumber);
  const setHidden = useSetActivityHidden(trackingNumber);

  const toggle = async (activity: ActivityDto) => {
    try {
      await setHidden.mutateAsync({ activityId: activity.id, hidden: !activity.hideFromTimeline });
      toast.success(activity.hideFromTimeline ? t`Shown on the customer timeline` : t`Hidden from the customer timeline`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Card aria-labelledby="activities-title">
      <CardTitle id="activities-title">
        <Trans>Activities</Trans>
      </CardTitle>
      <div className="mt-4">
        {activities.isPending ? (
          <Spinner label={t`Loading activities`} />
        ) : activities.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(activities.error)}
          </p>
        ) : activities.data.length === 0 ? (
          <p className="text-sm text-slate-600">
            <Trans>No activities yet.</Trans>
          </p>
        ) : (
          <ol aria-label={t`Activities`} className="flex flex-col divide-y divide-slate-100">
            {[...activities.data].sort(newestFirst).map((activity) => {
              const title = entryTitle(i18n, activity);
              return (
                <li key={activity.id} className={cn('flex flex-wrap items-start gap-3 py-3 first:pt-0 last:pb-0', activity.hideFromTimeline && 'opacity-70')}>
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium break-words text-slate-900">
                      {title}
                      {activity.hideFromTimeline ? (
                        <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                          <Trans>Hidden from customer</Trans>
                        </span>
                      ) : null}
                    </p>
                    <p className="text-xs text-slate-600">
                      <time dateTime={activity.createdAt}>{formatDateTime(activity.createdAt)}</time>
                      {activity.location ? <span> · {activity.location}</span> : null}
                      {activity.actorName ? <span> · {activity.actorName}</span> : null}
                    </p>
                    <PhoneTime occurredAt={activity.occurredAt} receivedAt={activity.createdAt} />
                    {activity.receivedBy ? (
                      <p className="mt-1 text-sm text-slate-700">
                        <Trans>Received by {activity.receivedBy}</Trans>
                      </p>
                    ) : null}
                    {activity.note ? <p className="mt-1 text-sm break-words text-slate-700">{activity.note}</p> : null}
                  </div>
                  {canHide ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={setHidden.isPending}
                      onClick={() => void toggle(activity)}
                      aria-label={activity.hideFromTimeline ? t`Show "${title}" to the customer` : t`Hide "${title}" from the customer`}
                    >
                      {activity.hideFromTimeline ? <Eye className="h-4 w-4" aria-hidden="true" /> : <EyeOff className="h-4 w-4" aria-hidden="true" />}
                      {activity.hideFromTimeline ? t`Show` : t`Hide`}
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </Card>
  );
}
