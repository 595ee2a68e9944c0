import { or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { executeNamed, rowsOf } from '../../db/rendered.js';
import { shipments } from '../../db/schema/index.js';

/**
 * A shipment name search looks for the beginning of a word of the sender's or receiver's name and what follows
 * it ("garc" and "juan garcia" find Juan Garcia; "arcia" does not), through `shipment_name_terms`, which holds
 * every live shipment's names from each of their words to their ends (migration 0018; docs/decisions.md
 * "Shipment search by word starts").
 */

/**
 * Where a word of a name starts: after whitespace or one of these (migration 0018's name_word_starts, whose
 * regular expression must list the same characters).
 */
const SEARCH_WORD_SEPARATORS = `\\s.,'/()&"-`;
const LEADING_SEPARATORS = new RegExp(`^[${SEARCH_WORD_SEPARATORS}]+`);
const escapeRegExp = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The name search as typed, from its first word: a separator before it can never start a word. */
export function nameSearchTerm(raw: string): string {
  return raw.trim().replace(LEADING_SEPARATORS, '');
}

/** The same question as a condition on the shipments themselves (a list that filters as it walks, the export). */
export function nameStartCondition(words: string): SQL {
  // Case-insensitive like the index's lower(); pg_trgm's indexes serve this regular expression too.
  const pattern = `(^|[${SEARCH_WORD_SEPARATORS}])${escapeRegExp(words)}`;
  return or(sql`${shipments.senderName} ~* ${pattern}`, sql`${shipments.receiverName} ~* ${pattern}`)!;
}

/** The name index's entries in a search's range, `n`: one per matching shipment, two when both names match. */
const inRange = (words: string) => sql`n.term >= lower(${words}) collate "C" and n.term < (lower(${words}) || chr(1114111)) collate "C"`;

/**
 * A name index entry's shipment, joined by booking time and id: the key of the list indexes (migrations 0008
 * and 0009), which hold the columns the tabs and filters read. Within a tab, the term's entries and the tab's
 * index are merged in booking-time order, both read alone: "sarmiento" in a tab at 1,000,000 shipments, 57 ms
 * joined by id (a table row per entry) against 6 ms.
 */
const sameShipment = sql`"shipments"."created_at" = n.created_at and "shipments"."id" = n.shipment_id`;

/**
 * What the planner expects a common name search to match, within `where` when given: it cannot guess how
 * many names match a pattern, but it knows the name index's terms (and the filters' share of shipments).
 */
export function nameMatchesEstimated(words: string, where?: SQL): SQL {
  return where
    ? // Joined by id, not sameShipment: only planned, never run, and the planner misjudges a two-column join's
      // selectivity (it expected 1 row of "sarmiento" in a tab holding 1,472).
      sql`select 1 from shipment_name_terms n join "shipments" on "shipments"."id" = n.shipment_id where ${inRange(words)} and ${where}`
    : sql`select 1 from shipment_name_terms n where ${inRange(words)}`;
}

/** A common name search pages from its terms' own booking-time order when it starts at most this many. */
const NAME_PAGE_TERMS = 32;
/** ... and when its page ends within this many matches (offset + limit + 1): deeper pages walk the list. */
export const NAME_PAGE_DEPTH = 2_000;

/**
 * The different terms a search begins ("garcia", "garcia jr.", "garcia-lopez"), one index probe each (a loose
 * index scan); null for none, or past NAME_PAGE_TERMS (a short prefix such as "ga" begins hundreds).
 */
export async function termsOfName(db: Db, words: string): Promise<string[] | null> {
  const terms = rowsOf<{ term: string }>(
    await executeNamed(
      db,
      'shipment_name_start_terms',
      sql`with recursive found(term) as (
          (select n.term from shipment_name_terms n where ${inRange(words)} order by n.term limit 1)
          union all
          select (select n.term from shipment_name_terms n
            where n.term > f.term and n.term < (lower(${words}) || chr(1114111)) collate "C" order by n.term limit 1)
          from found f where f.term is not null
        )
        select term from found where term is not null limit ${NAME_PAGE_TERMS + 1}`,
    ),
  ).map((r) => r.term);
  return terms.length === 0 || terms.length > NAME_PAGE_TERMS ? null : terms;
}

/**
 * One page of a name search with nothing else to filter, in booking-time order, then id, from the name index
 * alone: each term keeps its shipments in booking-time order, so the page is the first offset + count of a
 * merge of each term's first offset + count (a shipment under two terms counts once).
 */
export async function pageOfTerms(db: Db, terms: readonly string[], direction: 'asc' | 'desc', offset: number, count: number): Promise<string[]> {
  const dir = sql.raw(direction === 'asc' ? 'asc' : 'desc');
  const rows = rowsOf<{ id: string }>(
    await executeNamed(
      db,
      `shipment_name_start_page_${direction}`,
      sql`select m.id from (
          select distinct x.shipment_id as id, x.created_at
          from jsonb_array_elements_text(${JSON.stringify(terms)}::jsonb) t(term)
          cross join lateral (
            select n.shipment_id, n.created_at from shipment_name_terms n
            where n.term = t.term collate "C" order by n.created_at ${dir}, n.shipment_id ${dir} limit ${offset + count}
          ) x
        ) m order by m.created_at ${dir}, m.id ${dir} offset ${offset} limit ${count}`,
    ),
  );
  return rows.map((r) => r.id);
}

/**
 * One page of a one-term name search within `where` (a tab, a type, dates, a province): the term's shipments
 * in booking-time order, each checked against `where` on the list indexes (sameShipment), until the page is
 * full. A common surname in a tab holding a tenth of the shipments reads about ten entries per row of the page,
 * where a walk of the list in booking-time order reads about sixty (the surname's share of names) and checks
 * each name.
 */
export async function pageOfTermWithin(db: Db, term: string, where: SQL, direction: 'asc' | 'desc', offset: number, count: number): Promise<string[]> {
  const dir = sql.raw(direction === 'asc' ? 'asc' : 'desc');
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select n.shipment_id as id from shipment_name_terms n join "shipments" on ${sameShipment}
      where n.term = ${term} collate "C" and ${where}
      order by n.created_at ${dir}, n.shipment_id ${dir} offset ${offset} limit ${count}`),
  );
  return rows.map((r) => r.id);
}

/**
 * A search's matches with their booking times, at most `entries` index entries (a shipment whose two names
 * both match comes twice), for resolveSearch.
 */
export const nameMatches = (words: string, entries: number): SQL => sql`shipments_matching_name_start(${words}, ${entries})`;
