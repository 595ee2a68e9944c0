import { Trans, useLingui } from '@lingui/react/macro';
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { buttonClasses, Button } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { isNoAccessError } from '../../lib/no-access';

export function PageSpinner() {
  const { t } = useLingui();
  return <Spinner label={t`Loading`} className="py-16" />;
}

export function NotFound() {
  return (
    <Card className="mx-auto max-w-md text-center">
      <CardTitle>
        <Trans>Page not found</Trans>
      </CardTitle>
      <CardDescription className="mt-2">
        <Trans>The page you asked for does not exist.</Trans>
      </CardDescription>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-6')}>
        <Trans>Go home</Trans>
      </Link>
    </Card>
  );
}

export function RouteError({ error, reset }: ErrorComponentProps) {
  return (
    <Card role="alert" className="mx-auto max-w-md text-center">
      <CardTitle>
        <Trans>Something went wrong</Trans>
      </CardTitle>
      <CardDescription className="mt-2">{errorMessage(error)}</CardDescription>
      <Button className="mt-6" onClick={reset}>
        <Trans>Try again</Trans>
      </Button>
    </Card>
  );
}

/** A page that exists but is not for this account (a console URL typed by someone without the ability). */
export function NoAccess() {
  return (
    <Card role="alert" aria-labelledby="no-access-title" className="mx-auto flex max-w-md flex-col items-center gap-2 text-center">
      <CardTitle id="no-access-title">
        <Trans>You don't have access to this page</Trans>
      </CardTitle>
      <CardDescription>
        <Trans>Your account cannot open this page. If you need it for your work, ask an administrator.</Trans>
      </CardDescription>
      <Link to="/start" className={buttonClasses('primary', 'md', 'mt-4')}>
        <Trans>Go to my home page</Trans>
      </Link>
    </Card>
  );
}

/** The error of a guarded route: the no-access page when the guard refused, otherwise the usual error. */
export function GuardedRouteError(props: ErrorComponentProps) {
  return isNoAccessError(props.error) ? <NoAccess /> : <RouteError {...props} />;
}
