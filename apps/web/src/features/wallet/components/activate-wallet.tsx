import { Trans } from '@lingui/react/macro';
import { Button } from '../../../components/ui/button';

/**
 * Offered while the person has no wallet yet. "Activate my wallet" alone told nobody what a wallet is for or
 * what activating costs (issue 29, item 19): say it in one line before asking.
 */
export function ActivateWallet({ onActivate, pending = false }: { onActivate: () => void; pending?: boolean }) {
  return (
    <div className="mt-2 flex flex-col items-start gap-2">
      <p className="text-sm text-slate-600" id="wallet-activation-explained">
        <Trans>
          Your Hatid wallet holds pesos you top up (GCash, Maya, card or QR Ph) so you can pay for bookings in one tap. Refunds of cancelled wallet bookings and
          referral rewards go to it too. Activating it is free and takes no details.
        </Trans>
      </p>
      <Button size="sm" loading={pending} onClick={onActivate} aria-describedby="wallet-activation-explained">
        <Trans>Activate my wallet</Trans>
      </Button>
    </div>
  );
}
