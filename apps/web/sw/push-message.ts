/**
 * What the server's Web Push carries (apps/server/src/platform/push/types.ts PushMessage), read defensively:
 * a push is data from outside the page, and a notification must still show if a field is missing.
 */
export interface ShownPush {
  title: string;
  body: string;
  /** Same-origin path the notification opens; anything else opens the app's home. */
  url: string;
  tag?: string;
}

export function readPush(data: unknown, origin: string): ShownPush {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  return {
    title: text(record.title) ?? 'Hatid',
    body: text(record.body) ?? '',
    url: sameOriginPath(record.url, origin),
    ...(text(record.tag) ? { tag: text(record.tag)! } : {}),
  };
}

/** A push may only open a page of this app: an absolute address elsewhere becomes the home page. */
export function sameOriginPath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || url === '') return '/';
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === origin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : '/';
  } catch {
    return '/';
  }
}
