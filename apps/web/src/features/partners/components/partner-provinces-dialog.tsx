import type { PartnerDto, PartnerStatus } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormModal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { api, errorMessage } from '../../../lib/api-client';

interface ProvinceStatus {
  provinceCode: string;
  name: string;
  partnerStatus: PartnerStatus;
}

/**
 * "Provinces served": which covered provinces this partner serves (PUT /partners/{id}/provinces, admins).
 * A province served by another partner is shown but cannot be ticked: it is taken from that partner first.
 */
export function PartnerProvincesDialog({ partner, open, onOpenChange }: { partner: PartnerDto; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const own = new Set(partner.provinces.map((p) => p.provinceCode));
  const [chosen, setChosen] = useState<ReadonlySet<string>>(own);
  const [problem, setProblem] = useState<string | null>(null);
  const provinces = useQuery({
    queryKey: ['addresses', 'covered-provinces', 'partner-status'],
    queryFn: ({ signal }) => api.get<ProvinceStatus[]>('/addresses/covered-provinces/partner-status', { signal }),
    enabled: open,
  });
  const save = useMutation({
    mutationFn: (provinceCodes: string[]) => api.put<PartnerDto>(`/partners/${encodeURIComponent(partner.id)}/provinces`, { provinceCodes }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['partners'] });
      void queryClient.invalidateQueries({ queryKey: ['addresses', 'covered-provinces'] });
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    try {
      await save.mutateAsync([...chosen]);
      toast.success(t`Provinces of ${partner.name} saved`);
      onOpenChange(false);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title={t`Provinces served`}
      description={t`Tick the covered provinces ${partner.name} picks up and delivers in. Their shipments there show on the partner's screens.`}
      submitLabel={t`Save provinces`}
      onSubmit={(event) => void onSubmit(event)}
      pending={save.isPending}
      problem={problem}
    >
      {provinces.isPending ? (
        <Spinner label={t`Loading provinces`} className="py-6" />
      ) : provinces.isError ? (
        <p role="alert" className="text-sm text-red-700">
          <Trans>We could not load the provinces: {errorMessage(provinces.error)}</Trans>
        </p>
      ) : (
        <fieldset className="grid max-h-80 gap-2 overflow-y-auto sm:grid-cols-2">
          <legend className="sr-only">
            <Trans>Covered provinces</Trans>
          </legend>
          {provinces.data.map((province) => {
            const takenElsewhere = province.partnerStatus === 'partner' && !own.has(province.provinceCode);
            return (
              <Checkbox
                key={province.provinceCode}
                label={takenElsewhere ? t`${province.name} (another partner)` : province.name}
                checked={chosen.has(province.provinceCode)}
                disabled={takenElsewhere}
                onChange={(event) => {
                  const next = new Set(chosen);
                  if (event.target.checked) next.add(province.provinceCode);
                  else next.delete(province.provinceCode);
                  setChosen(next);
                }}
              />
            );
          })}
        </fieldset>
      )}
    </FormModal>
  );
}
