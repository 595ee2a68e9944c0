import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { UserRound } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button';
import { meQueryOptions, SignOutButton } from '../../features/auth';
import { booksForSelf, isStaffSide } from '../../lib/roles';
import { NotificationsBell } from './notifications-bell';

const navLink =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 data-[status=active]:bg-teal-50 data-[status=active]:text-teal-800';

export function Header() {
  const me = useQuery(meQueryOptions());
  const user = me.data;
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-teal-800" aria-label="Hatid home">
          <img src="/favicon.svg" alt="" width={28} height={28} className="h-7 w-7" />
          Hatid
        </Link>
        {user ? (
          <nav aria-label="Main" className="order-3 -mx-1 flex w-full gap-1 overflow-x-auto sm:order-none sm:mx-0 sm:w-auto">
            <NavLinks items={!isStaffSide(user) ? CUSTOMER_LINKS : booksForSelf(user) ? BUSINESS_LINKS : STAFF_LINKS} />
          </nav>
        ) : null}
        <div className="ml-auto flex min-w-0 items-center gap-2">
          {user ? (
            <>
              <NotificationsBell />
              <span className="flex min-w-0 items-center gap-1.5 text-sm text-slate-700" data-testid="header-user-name">
                <UserRound className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                <span className="truncate max-w-[9rem] sm:max-w-[16rem]" title={user.name}>
                  {user.name}
                </span>
              </span>
              <SignOutButton />
            </>
          ) : me.isPending ? null : (
            <>
              <Link to="/track" className={navLink}>
                Track
              </Link>
              <Link to="/login" className={buttonClasses('primary', 'sm')}>
                Sign in
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

type NavItem = readonly [to: '/' | '/packages' | '/track' | '/settings/addresses' | '/settings' | '/referrals' | '/talk-to-us' | '/start', label: string, exact?: boolean];

/** A customer's pages. */
const CUSTOMER_LINKS: readonly NavItem[] = [
  ['/', 'Home', true],
  ['/packages', 'Packages'],
  ['/track', 'Track'],
  ['/settings/addresses', 'Addresses'],
  ['/settings', 'Profile', true],
  ['/referrals', 'Referrals'],
  ['/talk-to-us', 'Help'],
];

/**
 * A staff-side account on a customer page (profile, notifications, tracking): back to the console, and
 * the booking pages only for business admins and members, who book for their business.
 */
const STAFF_LINKS: readonly NavItem[] = [['/start', 'Console'], ['/track', 'Track'], ['/settings', 'Profile', true]];
const BUSINESS_LINKS: readonly NavItem[] = [['/start', 'Console'], ['/', 'Book', true], ['/packages', 'Packages'], ['/track', 'Track'], ['/settings', 'Profile', true]];

function NavLinks({ items }: { items: readonly NavItem[] }) {
  return items.map(([to, label, exact]) => (
    <Link key={to} to={to} className={navLink} activeOptions={{ exact: Boolean(exact) }}>
      {label}
    </Link>
  ));
}
