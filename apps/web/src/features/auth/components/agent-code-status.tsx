import { agentCodeSchema } from '@hatid/domain';
import { Trans } from '@lingui/react/macro';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useAgentCodeValidity } from '../../../lib/api/agent-codes';
import { useDebouncedValue } from './use-debounced-value';

/** Checks an agent (referral) code while the person types it; `onValidity` learns the answer. */
export function useLiveAgentCode(raw: string | undefined) {
  const typed = useDebouncedValue((raw ?? '').trim(), 400);
  const parsed = agentCodeSchema.safeParse(typed);
  const code = typed && parsed.success ? parsed.data : null;
  const query = useAgentCodeValidity(code);
  const settled = code !== null && (raw ?? '').trim().toUpperCase() === code;
  return {
    code,
    checking: code !== null && (query.isFetching || !settled),
    valid: settled && query.data ? query.data.valid : undefined,
  };
}

export function AgentCodeStatus({ checking, valid }: { checking: boolean; valid: boolean | undefined }) {
  if (checking) {
    return (
      <span className="flex items-center gap-1 text-slate-600">
        <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" /> <Trans>Checking code…</Trans>
      </span>
    );
  }
  if (valid === true) {
    return (
      <span className="flex items-center gap-1 text-teal-700">
        <CheckCircle2 className="h-3.5 w-3.5" aria-hidden="true" /> <Trans>Valid agent code</Trans>
      </span>
    );
  }
  if (valid === false) {
    return (
      <span className="flex items-center gap-1 text-red-600">
        <XCircle className="h-3.5 w-3.5" aria-hidden="true" /> <Trans>We could not find this agent code</Trans>
      </span>
    );
  }
  return (
    <span>
      <Trans>If an agent referred you, enter their code.</Trans>
    </span>
  );
}
