import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { Bell } from 'lucide-react';
import { useEffect } from 'react';
import { loadMessages } from '../../../i18n/catalogues';
import { cn } from '../../../lib/utils';
import { useMyNotifications } from '../api/get-my-notifications';
import { useLastSeen } from '../lib/last-seen';
import { badgeText, bellLabel, countUnread } from '../lib/unread';
import { useLiveNotifications } from '../lib/use-live-notifications';

/**
 * A bell that opens /notifications, with the number of notifications that came after the person last
 * opened the list. It reads the first page (10) of the list's own query, which is enough for a badge that
 * stops at "9+", and refetches on every event of `user:<id>`.
 */
export function NotificationBellLink({ userId, className }: { userId: string; className?: string }) {
  const { i18n } = useLingui();
  // The header shows the bell on every page: its words come with it, in the reader's language.
  useEffect(() => void loadMessages('notifications').catch(() => undefined), []);
  const notifications = useMyNotifications(userId);
  useLiveNotifications(userId);
  const lastSeen = useLastSeen(userId);
  const firstPage = notifications.data?.pages[0]?.data ?? [];
  const count = countUnread(firstPage, lastSeen);
  const badge = badgeText(count);
  return (
    <Link
      to="/notifications"
      aria-label={bellLabel(i18n, count)}
      title={bellLabel(i18n, count)}
      className={cn(
        'relative inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900',
        'focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none data-[status=active]:bg-teal-50 data-[status=active]:text-teal-800',
        className,
      )}
    >
      <Bell className="h-5 w-5" aria-hidden="true" />
      {badge ? (
        <span
          aria-hidden="true"
          data-testid="notifications-badge"
          className="absolute -top-0.5 -right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-white"
        >
          {badge}
        </span>
      ) : null}
    </Link>
  );
}
