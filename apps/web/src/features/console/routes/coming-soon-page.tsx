import { useRouterState } from '@tanstack/react-router';
import { Construction } from 'lucide-react';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { SCREENS } from '../screens';

/** A console screen a later issue builds: already gated by its ability, and says so plainly. */
export function ComingSoonPage() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const screen = SCREENS.find((s) => s.path === pathname);
  return (
    <section aria-labelledby="screen-title" className="flex flex-col gap-5">
      <div>
        <h1 id="screen-title" className="text-2xl font-semibold text-slate-900">
          {screen?.label ?? 'Console'}
        </h1>
        {screen ? <p className="mt-1 text-sm text-slate-600">{screen.description}</p> : null}
      </div>
      <Card className="flex flex-col items-center gap-2 py-10 text-center">
        <Construction className="h-8 w-8 text-slate-400" aria-hidden="true" />
        <CardTitle>Coming soon</CardTitle>
        <CardDescription>This screen is being built. Your account will be able to use it here.</CardDescription>
      </Card>
    </section>
  );
}
