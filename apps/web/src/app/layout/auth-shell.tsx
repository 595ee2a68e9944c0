import { Outlet } from '@tanstack/react-router';

/** The sign-in steps share one narrow column. */
export function AuthShell() {
  return (
    <div className="flex justify-center sm:pt-6">
      <Outlet />
    </div>
  );
}
