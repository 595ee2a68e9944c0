import { NOTIFICATIONS_PAGE_SIZE, type notificationDto } from '@hatid/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PageOf } from '../../../lib/api-query';

export type NotificationsPage = PageOf<typeof notificationDto>;

/** GET /notifications/me: my notifications, newest first. */
export function getMyNotifications(page: number, signal?: AbortSignal): Promise<NotificationsPage> {
  return api.get<NotificationsPage>('/notifications/me', {
    query: { page, limit: NOTIFICATIONS_PAGE_SIZE }, // 10 (product.md §9)
    signal,
    responseType: 'body',
  });
}

/** Everything about my notifications; events invalidate this prefix. */
export const myNotificationsQueryKey = ['notifications', 'me'] as const;

/**
 * Infinite list from page 1, continuing while the server says there is a next page. The header bell reads
 * the first page of the same query, so the bell and the list never disagree and share one request.
 */
export const myNotificationsQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    // Keyed by user as well: a cache left over from another session in this tab is never shown.
    queryKey: [...myNotificationsQueryKey, userId] as const,
    queryFn: ({ pageParam, signal }) => getMyNotifications(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasNextPage ? last.page + 1 : undefined),
  });

export function useMyNotifications(userId: string) {
  return useInfiniteQuery(myNotificationsQueryOptions(userId));
}
