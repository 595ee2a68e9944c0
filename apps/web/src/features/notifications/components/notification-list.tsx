import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { BellOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useMyNotifications } from '../api/get-my-notifications';
import { isUnread, markSeenUpTo, readLastSeen } from '../lib/last-seen';
import { useLiveNotifications } from '../lib/use-live-notifications';
import { useNow } from '../lib/use-now';
import { NotificationItem } from './notification-item';

/** Empty text of product.md §2. */
export const EMPTY_TEXT = msg`No new notifications`;

/**
 * My notifications, newest first: page 1 first, the next page when the end of the list scrolls into view
 * (or "Load more" is pressed, for keyboards and screen readers), for as long as the server has more.
 * Opening the list counts as reading it: the bell goes back to no badge.
 */
export function NotificationList({ userId }: { userId: string }) {
  const { t, i18n } = useLingui();
  const notifications = useMyNotifications(userId);
  useLiveNotifications(userId);
  const now = useNow();
  // What counted as read when the page opened: newer items carry a "New" mark while the page stays open.
  const [seenWhenOpened] = useState(() => readLastSeen(userId));

  const items = notifications.data?.pages.flatMap((page) => page.data) ?? [];
  const newest = items[0]?.createdAt;
  useEffect(() => {
    if (newest) markSeenUpTo(userId, newest);
  }, [userId, newest]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = notifications;
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (notifications.isPending) return <Spinner label={t`Loading notifications`} />;
  if (notifications.isError && items.length === 0) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-700">
        <p>{errorMessage(notifications.error)}</p>
        <Button variant="secondary" size="sm" onClick={() => void notifications.refetch()} loading={notifications.isRefetching}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <BellOff className="h-8 w-8 text-slate-400" aria-hidden="true" />
        <p className="font-medium text-slate-800">{i18n._(EMPTY_TEXT)}</p>
        <p className="text-sm text-slate-600">
          <Trans>We will let you know here when something happens to your shipments.</Trans>
        </p>
      </div>
    );
  }

  const total = notifications.data?.pages.at(-1)?.total ?? items.length;
  const shown = items.length;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3" aria-label={t`Notifications`}>
        {items.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} unread={isUnread(notification.createdAt, seenWhenOpened)} now={now} />
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
      {notifications.isFetchNextPageError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
          {errorMessage(notifications.error)}
        </p>
      ) : null}
      {hasNextPage ? (
        <Button variant="secondary" className="self-center" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
          {isFetchingNextPage ? t`Loading more` : t`Load more`}
        </Button>
      ) : (
        <p className="text-center text-xs text-slate-500">
          {total === 1 ? <Trans>That is your only notification.</Trans> : <Trans>That is all {total} of your notifications.</Trans>}
        </p>
      )}
      <p role="status" className="sr-only">
        {isFetchingNextPage ? (
          <Trans>Loading more notifications</Trans>
        ) : (
          <Trans>
            Showing {shown} of <Plural value={total} one="# notification" other="# notifications" />
          </Trans>
        )}
      </p>
    </div>
  );
}
