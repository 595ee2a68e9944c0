import type { PricingConfig, PricingConfigPatch } from '@hatid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pricingConfigQueryOptions } from '../../info/api/get-pricing-config';

/** PUT /shipments/pricing/configs: any subset of the config, in centavos and grams; answers the config now in force. */
export function updatePricingConfig(patch: PricingConfigPatch): Promise<PricingConfig> {
  return api.put<PricingConfig>('/shipments/pricing/configs', patch);
}

export function useUpdatePricingConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePricingConfig,
    onSuccess: (config) => {
      queryClient.setQueryData(pricingConfigQueryOptions().queryKey, config);
      // Everything priced from the config: the box catalogue (GET /boxes) and any price already asked.
      void queryClient.invalidateQueries({ queryKey: ['boxes'] });
      void queryClient.invalidateQueries({ queryKey: ['shipments', 'pricing-details'] });
      void queryClient.invalidateQueries({ queryKey: ['shipments', 'duplicate-quote'] });
    },
  });
}
