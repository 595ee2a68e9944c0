import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet } from '@tanstack/react-router';
import { meQueryOptions } from '../../features/auth';
import { isStaffSide } from '../../lib/roles';

const tab =
  'border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 data-[status=active]:border-teal-700 data-[status=active]:text-teal-800';

/** Settings: profile and saved addresses, as tabs over one page. */
export function SettingsLayout() {
  // Staff-side accounts keep no address book here (riders, agents, business members have none at all).
  const { t } = useLingui();
  const me = useQuery(meQueryOptions());
  const addressBook = !isStaffSide(me.data);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">
          <Trans>Settings</Trans>
        </h1>
        <nav aria-label={t`Settings`} className="mt-3 flex gap-2 border-b border-slate-200">
          <Link to="/settings" className={tab} activeOptions={{ exact: true }}>
            <Trans>Profile</Trans>
          </Link>
          {addressBook ? (
            <Link to="/settings/addresses" className={tab}>
              <Trans>Addresses</Trans>
            </Link>
          ) : null}
        </nav>
      </div>
      <Outlet />
    </div>
  );
}
