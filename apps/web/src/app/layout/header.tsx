import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Menu, UserRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { buttonClasses } from '../../components/ui/button';
import { meQueryOptions, SignOutButton } from '../../features/auth';
import { booksForSelf, isStaffSide } from '../../lib/roles';
import { lazyModule } from '../../lib/lazy-module';
import { cn } from '../../lib/utils';
import { NAV_LINK_CLASSES } from '../landing/landing-intros';
import { LanguageSwitch } from './language-switch';

// Shared with the static landing pages' copy of the signed-out header (landing/landing-pages.tsx).
const navLink = NAV_LINK_CLASSES;

export function Header() {
  const { t } = useLingui();
  const me = useQuery(meQueryOptions());
  const user = me.data;
  const links = user ? (!isStaffSide(user) ? CUSTOMER_LINKS : booksForSelf(user) ? BUSINESS_LINKS : STAFF_LINKS) : [];
  return (
    <header className="border-b border-slate-200 bg-white">
      {/*
        The row spans up to 80rem, wider than the pages' 64rem: signed in, eight links, the bell, a full name
        such as "Maria Concepcion Villanueva-Dela Cruz" and Sign out need about 1,170 px on one line. Signed
        out it is as wide, so the brand does not jump when the app learns who is signed in (index.html's
        first-paint header has the same classes).
      */}
      <div className="mx-auto flex min-h-14 max-w-7xl items-center gap-x-4 gap-y-2 px-4 py-3">
        {/* Below xl the links, name and sign-out live in a drawer: one short row on a phone, nothing hidden sideways. */}
        {user ? <MenuDrawer links={links} userName={user.name} /> : null}
        <Brand nameFrom={user ? undefined : 'sm'} />
        {user ? (
          <nav aria-label={t`Main`} className="hidden shrink-0 gap-1 xl:flex">
            <NavLinks items={links} className="whitespace-nowrap" />
          </nav>
        ) : null}
        <div className="ml-auto flex min-w-0 items-center gap-2">
          {/* Signed out it sits beside Sign in. Signed in, the drawer holds it below xl and the footer at xl, so the
              header's one row keeps room for a long name. */}
          {user ? null : <LanguageSwitch />}
          {user ? (
            <>
              <LazyNotificationsBell />
              {/* Truncated only for a name beyond any real one; the title and the Profile page show it whole. */}
              <span className="hidden min-w-0 items-center gap-1.5 text-sm whitespace-nowrap text-slate-700 xl:flex" data-testid="header-user-name">
                <UserRound className="h-4 w-4 text-slate-500" aria-hidden="true" />
                <span className="truncate" title={user.name}>
                  {user.name}
                </span>
              </span>
              <span className="hidden shrink-0 xl:block">
                <SignOutButton />
              </span>
            </>
          ) : me.isPending ? null : (
            <>
              <Link to="/track" className={navLink}>
                <Trans>Track</Trans>
              </Link>
              <Link to="/login" className={buttonClasses('primary', 'sm')}>
                <Trans>Sign in</Trans>
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * The logo and the name. Signed out on a phone (`nameFrom="sm"`) the logo alone: the row then holds the language
 * switch, Track and Sign in at 360 px in Filipino too ("Mag-sign in", "I-track"), in readable text. The link's
 * label names it either way; index.html's first-paint brand hides the name the same way.
 */
function Brand({ nameFrom }: { nameFrom?: 'sm' }) {
  const { t } = useLingui();
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 text-lg font-bold text-teal-800" aria-label={t`Hatid home`}>
      <img src="/favicon.svg" alt="" width={28} height={28} className="h-7 w-7" />
      <span className={nameFrom === 'sm' ? 'max-sm:hidden' : undefined}>Hatid</span>
    </Link>
  );
}

/**
 * The bell and what keeps it live (the real-time connection, the notifications query) are for signed-in people
 * only: loaded once someone is, not with every signed-out first visit. It is the first item of the right-aligned
 * group, so arriving a moment later moves nothing else.
 */
const notificationsBell = lazyModule(() => import('./notifications-bell'));

function LazyNotificationsBell() {
  const bell = notificationsBell.use();
  useEffect(() => void notificationsBell.load(), []);
  return bell ? <bell.NotificationsBell /> : null;
}

/** Radix's dialog loads with the first press of the menu button, not with every first visit. */
const headerMenu = lazyModule(() => import('./header-menu'));

/** The phone menu button; the drawer is the console's pattern (console-layout.tsx) over these links. */
function MenuDrawer({ links, userName }: { links: readonly NavItem[]; userName: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = headerMenu.use();
  return (
    <>
      <button
        ref={button}
        type="button"
        className="-ml-2 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none xl:hidden"
        aria-label={t`Open menu`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void headerMenu.load()}
        onClick={() => void headerMenu.load().then(() => setOpen(true))}
      >
        <Menu className="h-5 w-5" aria-hidden="true" />
      </button>
      {menu ? <menu.HeaderMenu open={open} onOpenChange={setOpen} links={links} userName={userName} brand={<Brand />} returnFocusTo={button} /> : null}
    </>
  );
}

export type NavItem = readonly [
  to: '/' | '/packages' | '/bulk-booking' | '/track' | '/wallet' | '/settings/addresses' | '/settings' | '/referrals' | '/talk-to-us' | '/start',
  label: MessageDescriptor,
  exact?: boolean,
];

/** A customer's pages. */
const CUSTOMER_LINKS: readonly NavItem[] = [
  ['/', msg`Home`, true],
  ['/packages', msg`Packages`],
  ['/track', msg`Track`],
  ['/wallet', msg`Wallet`],
  ['/settings/addresses', msg`Addresses`],
  ['/settings', msg`Profile`, true],
  ['/referrals', msg`Referrals`],
  ['/talk-to-us', msg`Help`],
];

/**
 * A staff-side account on a customer page (profile, notifications, tracking): back to the console, and
 * the booking pages only for business admins and members, who book for their business.
 */
const STAFF_LINKS: readonly NavItem[] = [
  ['/start', msg`Console`],
  ['/track', msg`Track`],
  ['/settings', msg`Profile`, true],
];
const BUSINESS_LINKS: readonly NavItem[] = [
  ['/start', msg`Console`],
  ['/', msg`Book`, true],
  ['/bulk-booking', msg`Bulk booking`],
  ['/packages', msg`Packages`],
  ['/track', msg`Track`],
  ['/settings', msg`Profile`, true],
];

export function NavLinks({ items, onNavigate, className }: { items: readonly NavItem[]; onNavigate?: () => void; className?: string }) {
  const { i18n } = useLingui();
  return items.map(([to, label, exact]) => (
    <Link key={to} to={to} className={cn(navLink, className)} activeOptions={{ exact: Boolean(exact) }} onClick={onNavigate}>
      {i18n._(label)}
    </Link>
  ));
}
