/** What the rest of the app may use from the addresses feature. */
export { savedAddressesQueryOptions } from '../../lib/api/saved-addresses';
