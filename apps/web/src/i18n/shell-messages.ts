import { msg } from '@lingui/core/macro';

/**
 * Messages of components that live in a feature but show in the app's frame on every page (the header, the
 * console's sidebar): they belong to the `app` catalogue, which is always loaded, not to their feature's, which
 * is loaded only with that feature's pages (docs/i18n.md "Where catalogues live").
 */
export const SIGN_OUT = msg`Sign out`;
