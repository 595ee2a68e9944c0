import { Trans } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { NotificationList } from '../components/notification-list';

const route = getRouteApi('/notifications');

/** /notifications: my notifications, live, newest first. */
export function NotificationsPage() {
  const { user } = route.useRouteContext();
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-4" aria-labelledby="notifications-title">
      <div>
        <h1 id="notifications-title" className="text-2xl font-semibold text-slate-900">
          <Trans>Notifications</Trans>
        </h1>
        <p className="text-sm text-slate-600">
          <Trans>Updates on your shipments, payments and support tickets.</Trans>
        </p>
      </div>
      <NotificationList userId={user.id} />
    </section>
  );
}
