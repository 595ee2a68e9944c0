import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../../features/auth';
import { NotificationBellLink } from '../../features/notifications';

/**
 * The header's bell: a link to /notifications with the unread count ("9+" above nine), updated live.
 * Renders nothing for a visitor who is not signed in.
 */
export function NotificationsBell({ className }: { className?: string }) {
  const me = useQuery(meQueryOptions());
  if (!me.data) return null;
  return <NotificationBellLink userId={me.data.id} className={className} />;
}
