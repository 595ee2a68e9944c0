import { NOTIFICATION_TYPES, describeNotification, type Language, type NotificationDto, type NotificationText } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { AlertTriangle, Bell, CircleX, LifeBuoy, PackageCheck, PackageOpen, Truck, Wallet, type LucideIcon } from 'lucide-react';
import { formatDateTime, relativeTime } from '../../../lib/format';
import { cn } from '../../../lib/utils';

const ICONS: Record<string, LucideIcon> = {
  shipment_booked: PackageOpen,
  courier_on_the_way: Truck,
  picked_up: Truck,
  out_for_delivery: Truck,
  delivered: PackageCheck,
  delivery_failed: AlertTriangle,
  cancelled: CircleX,
  payment_received: Wallet,
  wallet_topped_up: Wallet,
  ticket_updated: LifeBuoy,
};

/**
 * Title, message and page from kind and metadata, in the reader's language (the domain's texts catalogue, the same
 * wording as the server's push). A kind this build does not know yet keeps the server's text (written in the
 * account's language) rather than the generic fallback.
 */
export function notificationText(notification: NotificationDto, language: Language): NotificationText {
  if ((NOTIFICATION_TYPES as readonly string[]).includes(notification.type)) {
    return describeNotification({ type: notification.type, metadata: notification.metadata }, language);
  }
  return { title: notification.title, message: notification.message, link: notification.link };
}

export function NotificationItem({ notification, unread, now }: { notification: NotificationDto; unread: boolean; now: Date }) {
  // The hook re-renders the item when the reader switches language.
  const { i18n } = useLingui();
  const text = notificationText(notification, i18n.locale as Language);
  const Icon = ICONS[notification.type] ?? Bell;
  const body = (
    <>
      <span
        className={cn(
          'mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full',
          unread ? 'bg-teal-100 text-teal-800' : 'bg-slate-100 text-slate-500',
        )}
        aria-hidden="true"
      >
        <Icon className="h-4 w-4" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
          <span className="font-semibold text-slate-900">
            {text.title}
            {unread ? (
              <span className="ml-2 inline-flex items-center rounded-full bg-teal-700 px-1.5 py-0.5 align-middle text-[10px] font-semibold tracking-wide text-white uppercase">
                <Trans>New</Trans>
              </span>
            ) : null}
          </span>
          <time dateTime={notification.createdAt} title={formatDateTime(notification.createdAt)} className="text-xs whitespace-nowrap text-slate-500">
            {relativeTime(notification.createdAt, now)}
          </time>
        </span>
        <span className="text-sm break-words text-slate-700">{text.message}</span>
      </span>
    </>
  );
  const box = 'flex gap-3 rounded-xl border bg-white p-4 shadow-sm';
  const tone = unread ? 'border-teal-200' : 'border-slate-200';
  return (
    <li>
      {text.link ? (
        // Pages of other features (/packages/…, /wallet, /talk-to-us): the path comes from the notification.
        <Link
          to={text.link as string}
          className={cn(
            box,
            tone,
            'transition-colors hover:border-teal-400 hover:bg-teal-50/40 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none',
          )}
        >
          {body}
        </Link>
      ) : (
        <div className={cn(box, tone)}>{body}</div>
      )}
    </li>
  );
}
