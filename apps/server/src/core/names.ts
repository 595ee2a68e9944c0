/** How a person is named wherever a row shows one. */
/** "First Last" of a person joined into a row; null when nobody was joined (a left join found no one). */
export const personName = (first: string | null, last: string | null): string | null => (first === null ? null : `${first} ${last ?? ''}`.trim());
