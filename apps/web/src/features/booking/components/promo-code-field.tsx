import type { PricedBoxName } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { BadgePercent, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { errorMessage } from '../../../lib/api-client';
import { useVerifyPromoCode } from '../api/verify-promo-code';

export interface PromoCodeFieldProps {
  /** The applied code, '' for none. */
  applied: string;
  boxNames: readonly PricedBoxName[];
  onApply: (code: string) => void;
  onRemove: () => void;
  /** The price's own verdict on the applied code (it may stop applying when the boxes change). */
  priceError?: string | null | undefined;
}

/** Promo code: verified with the server when applied; a refused code shows the spec's message as given. */
export function PromoCodeField({ applied, boxNames, onApply, onRemove, priceError }: PromoCodeFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const verify = useVerifyPromoCode();

  const apply = async () => {
    const typed = code.trim();
    if (!typed) {
      setRefusal(t`Enter a promo code`);
      return;
    }
    setRefusal(null);
    try {
      const result = await verify.mutateAsync({ code: typed, boxNames: [...boxNames] });
      if (result.valid) {
        onApply(result.promo.code);
        setCode('');
      } else {
        setRefusal(result.message);
      }
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };

  if (applied) {
    return (
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-medium text-slate-800">
          <Trans>Promo code</Trans>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-teal-50 px-3 py-1 text-sm font-medium text-teal-900">
            <BadgePercent className="h-4 w-4" aria-hidden="true" /> <Trans>{applied} applied</Trans>
          </span>
          <Button variant="ghost" size="sm" onClick={onRemove} aria-label={t`Remove promo code ${applied}`}>
            <X className="h-4 w-4" aria-hidden="true" /> <Trans>Remove</Trans>
          </Button>
        </div>
        {priceError ? (
          <p role="alert" className="text-sm text-red-600">
            {priceError}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>
        <Trans>
          Promo code <span className="font-normal text-slate-500">(optional)</span>
        </Trans>
      </Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${id}-error` : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            setRefusal(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void apply();
            }
          }}
        />
        <Button variant="secondary" onClick={() => void apply()} loading={verify.isPending}>
          <Trans>Apply</Trans>
        </Button>
      </div>
      {refusal ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
