import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { buttonClasses, Button } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';

export function PageSpinner() {
  return <Spinner label="Loading" className="py-16" />;
}

export function NotFound() {
  return (
    <Card className="mx-auto max-w-md text-center">
      <CardTitle>Page not found</CardTitle>
      <CardDescription className="mt-2">The page you asked for does not exist.</CardDescription>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-6')}>
        Go home
      </Link>
    </Card>
  );
}

export function RouteError({ error, reset }: ErrorComponentProps) {
  return (
    <Card role="alert" className="mx-auto max-w-md text-center">
      <CardTitle>Something went wrong</CardTitle>
      <CardDescription className="mt-2">{errorMessage(error)}</CardDescription>
      <Button className="mt-6" onClick={reset}>
        Try again
      </Button>
    </Card>
  );
}
