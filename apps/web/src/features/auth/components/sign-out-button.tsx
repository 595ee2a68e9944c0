import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { LogOut } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { SIGN_OUT } from '../../../i18n/shell-messages';
import { errorMessage } from '../../../lib/api-client';
import { useLogout } from '../api/logout';
import { clearSignInFlow } from '../sign-in-flow';

export function SignOutButton({ showLabel }: { showLabel?: boolean } = {}) {
  const { i18n } = useLingui();
  const logout = useLogout();
  const navigate = useNavigate();
  const onClick = async () => {
    try {
      await logout.mutateAsync();
    } catch (error) {
      toast.error(errorMessage(error));
    }
    clearSignInFlow();
    await navigate({ to: '/login' });
  };
  return (
    <Button variant="ghost" size="sm" onClick={onClick} loading={logout.isPending}>
      <LogOut className="h-4 w-4" aria-hidden="true" />
      {/*
        Icon-only on narrow phones; the name stays for screen readers. max-sm rather than sr-only +
        sm:not-sr-only, whose white-space: normal let a tight header wrap the label onto two lines.
      */}
      <span className={showLabel ? undefined : 'max-sm:sr-only'}>
        {/* The header shows it on every page: its words are the app catalogue's (i18n/shell-messages.ts). */}
        {i18n._(SIGN_OUT)}
      </span>
    </Button>
  );
}
