import { MAX_TEXT_LENGTH, reviewCommentSchema, reviewRatingSchema } from '@hatid/domain';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { showFormError } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { cn } from '../../../lib/utils';
import { useCreateReview } from '../api/create-review';
import { useReview } from '../api/get-review';

const RATINGS = [1, 2, 3, 4, 5] as const;

/** The domain's rules and messages; the radios give a string, or nothing until one is chosen. */
const reviewForm = z.object({
  rating: z.preprocess((v) => (v === null || v === undefined || v === '' ? undefined : Number(v)), reviewRatingSchema),
  comment: reviewCommentSchema.optional(),
});
type ReviewFormInput = z.input<typeof reviewForm>;
type ReviewFormOutput = z.output<typeof reviewForm>;

function Stars({ rating }: { rating: number }) {
  const { t } = useLingui();
  return (
    <span className="flex items-center gap-0.5" role="img" aria-label={t`${plural(rating, { one: '# star', other: '# stars' })} out of 5`}>
      {RATINGS.map((n) => (
        <Star key={n} className={cn('h-5 w-5', n <= rating ? 'fill-amber-400 text-amber-400' : 'text-slate-300')} aria-hidden="true" />
      ))}
    </span>
  );
}

/** After delivery: my rating and comment, or the form to leave them (one review per shipment). */
export function ReviewCard({ userId, shipmentId }: { userId: string; shipmentId: string }) {
  const { t } = useLingui();
  const review = useReview(userId, shipmentId, true);
  return (
    <Card aria-labelledby="review-title">
      <CardTitle id="review-title">
        <Trans>Rate this delivery</Trans>
      </CardTitle>
      {review.isPending ? (
        <Spinner label={t`Loading your review`} />
      ) : review.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errorMessage(review.error)}
        </p>
      ) : review.data ? (
        <div className="mt-3 flex flex-col gap-2">
          <CardDescription>
            <Trans>Thank you for your review.</Trans>
          </CardDescription>
          <Stars rating={review.data.rating} />
          {review.data.comment ? <p className="text-sm break-words text-slate-800">{review.data.comment}</p> : null}
        </div>
      ) : (
        <ReviewForm userId={userId} shipmentId={shipmentId} />
      )}
    </Card>
  );
}

function ReviewForm({ userId, shipmentId }: { userId: string; shipmentId: string }) {
  const { t } = useLingui();
  const create = useCreateReview(userId);
  const form = useForm<ReviewFormInput, unknown, ReviewFormOutput>({ resolver: formResolver(reviewForm), defaultValues: { comment: '' } });
  const commentId = useId();
  const ratingErrorId = useId();
  const rating = Number(form.watch('rating') ?? 0);
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync({ shipmentId, rating: values.rating, ...(values.comment ? { comment: values.comment } : {}) });
      toast.success(t`Thank you for your review`);
    } catch (error) {
      showFormError(error, form.setError, ['rating', 'comment']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Rate this delivery`} className="mt-3 flex flex-col gap-4">
      <CardDescription>
        <Trans>How was this delivery? Your rating helps our couriers.</Trans>
      </CardDescription>
      <fieldset aria-describedby={errors.rating ? ratingErrorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">
          <Trans>Rating</Trans>
        </legend>
        <div className="mt-1 flex gap-1">
          {RATINGS.map((n) => (
            <label key={n} className="relative cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600">
              <input
                type="radio"
                value={n}
                className="sr-only"
                aria-label={t`${plural(n, { one: '# star', other: '# stars' })}`}
                {...form.register('rating')}
              />
              <Star className={cn('pointer-events-none h-8 w-8', n <= rating ? 'fill-amber-400 text-amber-400' : 'text-slate-300')} aria-hidden="true" />
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p id={ratingErrorId} role="alert" className="mt-1 text-sm text-red-600">
            {errors.rating.message}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={commentId} className="text-sm font-medium text-slate-800">
          <Trans>
            Comment <span className="font-normal text-slate-500">(optional)</span>
          </Trans>
        </label>
        <textarea
          id={commentId}
          rows={3}
          maxLength={MAX_TEXT_LENGTH}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={errors.comment ? `${commentId}-error` : undefined}
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-base focus-visible:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none aria-invalid:border-red-500 sm:text-sm"
          {...form.register('comment')}
        />
        {errors.comment ? (
          <p id={`${commentId}-error`} role="alert" className="text-sm text-red-600">
            {errors.comment.message}
          </p>
        ) : null}
      </div>
      <Button type="submit" loading={create.isPending} className="self-start">
        <Trans>Submit review</Trans>
      </Button>
    </form>
  );
}
