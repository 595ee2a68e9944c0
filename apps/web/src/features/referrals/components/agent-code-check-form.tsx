import { agentCodeSchema } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { formResolver } from '../../../lib/form-resolver';
import { agentCodeValidityQueryOptions, type AgentCodeValidity } from '../../../lib/api/agent-codes';

const checkSchema = z.object({ agentCode: agentCodeSchema });

type Result = { kind: 'answer'; answer: AgentCodeValidity } | { kind: 'error'; message: string };

/**
 * Checks whether an agent (referral) code exists. The account API has no call that links a code to an
 * existing account (codes are linked at sign-up), so this only answers the question.
 */
export function AgentCodeCheckForm() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<Result | null>(null);
  const form = useForm({ resolver: formResolver(checkSchema), defaultValues: { agentCode: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async ({ agentCode }: z.output<typeof checkSchema>) => {
    setResult(null);
    try {
      const answer = await queryClient.fetchQuery(agentCodeValidityQueryOptions(agentCode));
      setResult({ kind: 'answer', answer });
    } catch (error) {
      setResult({ kind: 'error', message: errorMessage(error) });
    }
  };

  const code = result?.kind === 'answer' ? result.answer.agentCode : '';
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate aria-label={t`Check an agent code`} className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <FormField label={t`Agent code`} error={errors.agentCode?.message} hint={t`4 to 16 letters or digits, e.g. AB12CD34.`} className="flex-1">
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="uppercase"
              {...form.register('agentCode', { onChange: () => setResult(null) })}
            />
          )}
        </FormField>
        <Button type="submit" variant="secondary" loading={isSubmitting} className="sm:mt-6">
          <Trans>Check code</Trans>
        </Button>
      </div>
      <div role="status" aria-live="polite" className="text-sm">
        {result?.kind === 'answer' && result.answer.valid ? (
          <p className="flex items-start gap-1.5 text-teal-800">
            <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>
              <Trans>{code} is a valid agent code.</Trans>
            </span>
          </p>
        ) : null}
        {result?.kind === 'answer' && !result.answer.valid ? (
          <p className="flex items-start gap-1.5 text-red-700">
            <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>
              <Trans>We could not find the agent code {code}. Check it with the person who gave it to you.</Trans>
            </span>
          </p>
        ) : null}
        {result?.kind === 'error' ? <p className="text-red-700">{result.message}</p> : null}
      </div>
    </form>
  );
}
