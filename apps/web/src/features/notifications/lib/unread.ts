import type { NotificationDto } from '@hatid/domain';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isUnread } from './last-seen';

/** The badge never shows more than this; above it reads "9+". */
export const BADGE_CAP = 9;

export function countUnread(notifications: readonly Pick<NotificationDto, 'createdAt'>[], lastSeen: string | null): number {
  return notifications.filter((n) => isUnread(n.createdAt, lastSeen)).length;
}

/** What the badge shows: nothing for 0, "1"…"9", then "9+". */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

/** The bell's accessible name: "Notifications", "Notifications, 3 unread", "Notifications, more than 9 unread". */
export function bellLabel(i18n: I18n, count: number): string {
  if (count <= 0) return i18n._(msg`Notifications`);
  return count > BADGE_CAP ? i18n._(msg`Notifications, more than ${BADGE_CAP} unread`) : i18n._(msg`Notifications, ${count} unread`);
}
