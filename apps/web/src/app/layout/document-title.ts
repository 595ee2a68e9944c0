import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';

export const SITE_NAME = 'Hatid';

const PAGE_NOT_FOUND = msg`Page not found`;

/** A route's document title: fixed, or made from its address (a tracking number, an `?id=` to edit). */
export type RouteTitle = string | MessageDescriptor | ((match: { params: Record<string, string | undefined>; search: Record<string, unknown> }) => string);

/** "Track a parcel · Hatid"; the bare name where no route says more (a page not found). */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

/**
 * Sets document.title from the deepest matched route's `staticData.title` (router.tsx), so every route —
 * customer, sign-in and console — names itself in tabs, history and screen readers in one place.
 */
export function useDocumentTitle(): void {
  const { i18n } = useLingui();
  const found = useMatches({
    select: (matches) => {
      if (matches.some((m) => m.status === 'notFound' || m._notFound)) return PAGE_NOT_FOUND;
      for (let i = matches.length - 1; i >= 0; i--) {
        const match = matches[i]!;
        const own = match.staticData.title;
        if (own)
          return typeof own === 'function' ? own({ params: match.params as Record<string, string>, search: match.search as Record<string, unknown> }) : own;
      }
      return undefined;
    },
  });
  // A route's title may be a catalogue message (`staticData: { title: msg\`Sign in\` }`): said in the active language.
  const title = typeof found === 'object' ? i18n._(found) : found;
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
