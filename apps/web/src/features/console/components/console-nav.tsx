import type { UserDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import {
  BadgeAlert,
  Banknote,
  Bike,
  Building2,
  ChartColumn,
  ChartLine,
  FileText,
  Handshake,
  History,
  FileSpreadsheet,
  KeyRound,
  LayoutDashboard,
  LifeBuoy,
  Package,
  PackagePlus,
  Plane,
  Receipt,
  Search,
  Tags,
  TicketPercent,
  Truck,
  UserRound,
  Users,
  Webhook,
  WalletCards,
  type LucideIcon,
} from 'lucide-react';
import type { Access } from '../../../lib/ability';
import { booksForSelf } from '../../../lib/roles';
import { allowedScreens, canUseRiderApp, RIDER_APP, type ScreenId } from '../screens';

const ICONS: Record<ScreenId, LucideIcon> = {
  dashboard: LayoutDashboard,
  shipments: Package,
  transactions: Receipt,
  users: Users,
  clients: Building2,
  partners: Handshake,
  couriers: Truck,
  consolidations: Plane,
  billings: FileText,
  'cash-collections': Banknote,
  'promo-codes': TicketPercent,
  pricing: Tags,
  'activity-logs': History,
  reports: ChartColumn,
  'agent-reports': ChartLine,
  payments: BadgeAlert,
  tickets: LifeBuoy,
  'api-keys': KeyRound,
  'bulk-bookings': FileSpreadsheet,
  webhooks: Webhook,
};

const item =
  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none data-[status=active]:bg-teal-50 data-[status=active]:text-teal-800';
const icon = 'h-4 w-4 shrink-0';

/**
 * The console's navigation: only the screens this person's abilities allow (screens.ts), then their own
 * pages (booking and the wallet for those who book for themselves, tracking, profile): a business admin pays
 * for bookings from the same wallet a customer does, so the console must lead there too (issue 29, item 19).
 */
export function ConsoleNav({ access, user, onNavigate }: { access: Access; user: UserDto; onNavigate?: () => void }) {
  const { t, i18n } = useLingui();
  const screens = allowedScreens(access);
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label={t`Console`}>
        <ul className="flex flex-col gap-0.5">
          {screens.map((screen) => {
            const Icon = ICONS[screen.id];
            return (
              <li key={screen.id}>
                <Link to={screen.path} className={item} onClick={onNavigate}>
                  <Icon className={icon} aria-hidden="true" />
                  {i18n._(screen.label)}
                </Link>
              </li>
            );
          })}
          {canUseRiderApp(access) ? (
            <li>
              <Link to={RIDER_APP.path} className={item} onClick={onNavigate}>
                <Bike className={icon} aria-hidden="true" />
                {i18n._(RIDER_APP.label)}
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
      <nav aria-label={t`My account`}>
        <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <Trans>My account</Trans>
        </p>
        <ul className="flex flex-col gap-0.5">
          {booksForSelf(user) ? (
            <li>
              <Link to="/" className={item} activeOptions={{ exact: true }} onClick={onNavigate}>
                <PackagePlus className={icon} aria-hidden="true" />
                <Trans>Book a shipment</Trans>
              </Link>
            </li>
          ) : null}
          {booksForSelf(user) ? (
            <li>
              <Link to="/wallet" className={item} onClick={onNavigate}>
                <WalletCards className={icon} aria-hidden="true" />
                <Trans>Wallet</Trans>
              </Link>
            </li>
          ) : null}
          <li>
            <Link to="/track" className={item} onClick={onNavigate}>
              <Search className={icon} aria-hidden="true" />
              <Trans>Track a parcel</Trans>
            </Link>
          </li>
          <li>
            <Link to="/settings" className={item} onClick={onNavigate}>
              <UserRound className={icon} aria-hidden="true" />
              <Trans>Profile</Trans>
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
