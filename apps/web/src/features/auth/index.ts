/** What the rest of the app may use from the auth feature. */
export { getMe, meQueryKey, meQueryOptions, useMe } from './api/get-me';
export { SignOutButton } from './components/sign-out-button';
export { readSignInFlow } from './sign-in-flow';
