/** What the rest of the app may use from the tickets feature. */
export { parseTalkToUsSearch, type TalkToUsSearch } from './lib/search';
