/** What the rest of the app may use from the notifications feature. */
export { NotificationBellLink } from './components/notification-bell-link';
export { myNotificationsQueryKey, myNotificationsQueryOptions } from './api/get-my-notifications';
