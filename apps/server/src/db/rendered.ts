import type { Query, SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/**
 * A statement rendered once to its text and parameters, then sent as rendered: for hot paths that need the
 * text itself (a cache key that is the question) and would otherwise render it twice. Uses drizzle's own
 * dialect and session (what db.execute does in two steps), so both drivers and transactions behave alike.
 */
interface Internals {
  dialect: PgDialect;
  session: PgSession;
}

export function renderQuery(db: DbOrTx, query: SQL): Query {
  return (db as unknown as Internals).dialect.sqlToQuery(query);
}

/**
 * The rows of a raw statement's result (db.execute or executeRendered): node-postgres answers `{ rows }`,
 * PGlite's drizzle driver the same, other drivers the array itself; this keeps both shapes.
 */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: unknown }).rows ?? result) as T[];
}

/** A timestamp column of a raw row as a Date: node-postgres answers a Date, PGlite's raw rows the text. */
export function driverDate(value: Date | string): Date;
export function driverDate(value: Date | string | null | undefined): Date | null;
export function driverDate(value: Date | string | null | undefined): Date | null {
  return value === null || value === undefined ? null : value instanceof Date ? value : new Date(value);
}

/** Runs a rendered statement; rows come back as the driver gives them (no column mapping, see rowsOf). */
export async function executeRendered(db: DbOrTx, query: Query): Promise<unknown> {
  return (db as unknown as Internals).session.prepareQuery(query, undefined, undefined, false).execute();
}

/**
 * Runs a statement whose text never changes (only its parameters do) as a named prepared statement: each
 * pooled connection parses it once, and PostgreSQL can keep its plan, instead of parsing and planning it on
 * every call. Only for fixed texts: every distinct name lives as long as its connection. PGlite ignores names.
 */
export async function executeNamed(db: DbOrTx, name: string, query: SQL): Promise<unknown> {
  return (db as unknown as Internals).session.prepareQuery(renderQuery(db, query), undefined, name, false).execute();
}
