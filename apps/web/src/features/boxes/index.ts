/** What the rest of the app may use from the boxes feature. */
export { BoxCatalogue } from './components/box-catalogue';
export { boxesQueryOptions } from './api/get-boxes';
