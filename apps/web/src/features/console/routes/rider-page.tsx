import { Bike } from 'lucide-react';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';

/** Placeholder for the rider app (pickups, deliveries, proof photos, time in and out): a later issue. */
export function RiderPage() {
  return (
    <section aria-labelledby="rider-title" className="flex flex-col gap-5">
      <h1 id="rider-title" className="text-2xl font-semibold text-slate-900">
        Rider app
      </h1>
      <Card className="flex flex-col items-center gap-2 py-10 text-center">
        <Bike className="h-8 w-8 text-slate-400" aria-hidden="true" />
        <CardTitle>Rider app coming soon</CardTitle>
        <CardDescription>Your pickups and deliveries will be listed here, with proof photos and cash collected.</CardDescription>
      </Card>
    </section>
  );
}
