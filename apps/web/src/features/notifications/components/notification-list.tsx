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
import { plural } from '../../../lib/plural';

/** Empty text of product.md §2. */
export const EMPTY_TEXT = 'No new notifications';

/**
 * My notifications, newest first: page 1 first, the next page when the end of the list scrolls into view
 * (or "Load more" is pressed, for keyboards and screen readers), for as long as the server has more.
 * Opening the list counts as reading it: the bell goes back to no badge.
 */
export function NotificationList({ userId }: { userId: string }) {
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

  if (notifications.isPending) return <Spinner label="Loading notifications" />;
  if (notifications.isError && items.length === 0) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-700">
        <p>{errorMessage(notifications.error)}</p>
        <Button variant="secondary" size="sm" onClick={() => void notifications.refetch()} loading={notifications.isRefetching}>
          Try again
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <BellOff className="h-8 w-8 text-slate-400" aria-hidden="true" />
        <p className="font-medium text-slate-800">{EMPTY_TEXT}</p>
        <p className="text-sm text-slate-600">We will let you know here when something happens to your shipments.</p>
      </div>
    );
  }

  const total = notifications.data?.pages.at(-1)?.total ?? items.length;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3" aria-label="Notifications">
        {items.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            unread={isUnread(notification.createdAt, seenWhenOpened)}
            now={now}
          />
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
          {isFetchingNextPage ? 'Loading more' : 'Load more'}
        </Button>
      ) : (
        <p className="text-center text-xs text-slate-500">
          {total === 1 ? 'That is your only notification.' : `That is all ${total} of your notifications.`}
        </p>
      )}
      <p role="status" className="sr-only">
        {isFetchingNextPage ? 'Loading more notifications' : `Showing ${items.length} of ${plural(total, { one: 'notification', other: 'notifications' })}`}
      </p>
    </div>
  );
}
