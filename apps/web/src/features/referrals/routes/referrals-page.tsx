import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { Gift, UserCheck } from 'lucide-react';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { AgentCodeCheckForm } from '../components/agent-code-check-form';
import { CopyButton } from '../../../components/ui/copy-button';

const route = getRouteApi('/referrals');

/** /referrals: my agent code to share, and the code I signed up with (or a way to check one). */
export function ReferralsPage() {
  const { t } = useLingui();
  const { user } = route.useRouteContext();
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-4" aria-labelledby="referrals-title">
      <div>
        <h1 id="referrals-title" className="text-2xl font-semibold text-slate-900">
          <Trans>Referrals</Trans>
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          <Trans>
            When someone signs up with your agent code they become your referral, and a referral reward goes to your Hatid wallet once their first shipment is
            delivered.
          </Trans>
        </p>
      </div>

      <Card aria-labelledby="my-code-title">
        <div className="flex items-center gap-2">
          <Gift className="h-5 w-5 text-teal-700" aria-hidden="true" />
          <CardTitle id="my-code-title">
            <Trans>Your agent code</Trans>
          </CardTitle>
        </div>
        {user.agentCode ? (
          <>
            <CardDescription className="mt-1">
              <Trans>Share it with friends and customers who ship with Hatid.</Trans>
            </CardDescription>
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <p
                className="rounded-lg border border-dashed border-teal-300 bg-teal-50 px-4 py-2 font-mono text-xl font-semibold tracking-widest break-all text-teal-900"
                data-testid="my-agent-code"
              >
                {user.agentCode}
              </p>
              <CopyButton value={user.agentCode} label={t`Copy your agent code`} />
            </div>
          </>
        ) : (
          <CardDescription className="mt-1">
            <Trans>Your account does not have an agent code.</Trans>
          </CardDescription>
        )}
      </Card>

      <Card aria-labelledby="used-code-title">
        <div className="flex items-center gap-2">
          <UserCheck className="h-5 w-5 text-teal-700" aria-hidden="true" />
          <CardTitle id="used-code-title">
            <Trans>Code you signed up with</Trans>
          </CardTitle>
        </div>
        {user.usedAgentCode ? (
          <>
            <CardDescription className="mt-1">
              <Trans>You were referred with this code.</Trans>
            </CardDescription>
            <p className="mt-3 font-mono text-lg font-semibold tracking-widest text-slate-900" data-testid="used-agent-code">
              {user.usedAgentCode}
            </p>
          </>
        ) : (
          <>
            <CardDescription className="mt-1">
              <Trans>
                You did not use an agent code when you signed up. Codes are linked when an account is created, so one cannot be added afterwards; you can still
                check whether a code someone gave you is valid.
              </Trans>
            </CardDescription>
            <div className="mt-4">
              <AgentCodeCheckForm />
            </div>
          </>
        )}
      </Card>
    </section>
  );
}
