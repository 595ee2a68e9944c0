import { s10CheckDigit } from '@hatid/domain';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Download, FileDown } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDownloadAirWaybills, type WaybillFile, type WaybillFormat } from '../api/download-air-waybills';
import { useMyShipments } from '../api/get-my-shipments';
import { ShipmentMultiSelect } from '../components/shipment-multi-select';
import { EXAMPLE_TRACKING_NUMBER } from '../components/track-form';
import { saveBlob } from '../lib/files';
import { parseTrackingNumbers, problemsFromError, typosIn, type NumberProblem } from '../lib/waybill-numbers';

const route = getRouteApi('/air-waybill');
const PICK_LIMIT = 100;
type Source = 'pick' | 'paste';

export const WAYBILL_MESSAGES = {
  noneChosen: msg`Choose at least one shipment`,
  imageHoldsOne: msg`An image holds one label: choose one shipment, or download a PDF`,
} as const;

/** /air-waybill: printable labels for one or several of my shipments, as one PDF or a PNG image. */
export function AirWaybillPage() {
  const { t, i18n } = useLingui();
  const { trackingNumbers: preselected } = route.useSearch();
  const [source, setSource] = useState<Source>('pick');
  const [picked, setPicked] = useState<string[]>(preselected ?? []);
  const [pasted, setPasted] = useState('');
  const [format, setFormat] = useState<WaybillFormat>('pdf');
  const [formError, setFormError] = useState<string | null>(null);
  const [problems, setProblems] = useState<NumberProblem[]>([]);
  const [result, setResult] = useState<WaybillFile | null>(null);
  const download = useDownloadAirWaybills();
  const shipments = useMyShipments({ page: 1, limit: PICK_LIMIT, shipmentStatus: ['Pending', 'OnGoing'] });
  const pasteId = useId();

  const numbers = source === 'pick' ? picked : parseTrackingNumbers(pasted);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const typos = source === 'paste' ? typosIn(numbers) : [];
    setProblems(typos);
    const message = numbers.length === 0 ? WAYBILL_MESSAGES.noneChosen : format === 'image' && numbers.length > 1 ? WAYBILL_MESSAGES.imageHoldsOne : null;
    setFormError(message ? i18n._(message) : null);
    if (message || typos.length > 0) return;
    try {
      const file = await download.mutateAsync({ trackingNumbers: numbers, format });
      if (file.contentType === 'application/pdf' || format === 'pdf') saveBlob(file.blob, file.fileName);
      setResult(file);
    } catch (error) {
      const perNumber = problemsFromError(error, numbers);
      setProblems(perNumber);
      setFormError(perNumber.length ? null : errorMessage(error));
    }
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Card>
        <h1 className="text-lg font-semibold text-slate-900">
          <Trans>Air waybills</Trans>
        </h1>
        <CardDescription className="mt-1">
          <Trans>Print a 4x6 in label for each parcel and stick it on the box before pickup.</Trans>
        </CardDescription>
        <form onSubmit={onSubmit} noValidate aria-label={t`Download air waybills`} className="mt-5 flex flex-col gap-5">
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">
              <Trans>Shipments</Trans>
            </legend>
            <div className="mt-2 flex rounded-md border border-slate-300 p-0.5 sm:inline-flex" role="radiogroup" aria-label={t`How to choose shipments`}>
              {(
                [
                  ['pick', t`Pick from my shipments`],
                  ['paste', t`Paste tracking numbers`],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className="flex-1 cursor-pointer rounded px-3 py-1.5 text-center text-sm text-slate-700 has-[:checked]:bg-teal-700 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600"
                >
                  <input type="radio" name="source" value={value} checked={source === value} onChange={() => setSource(value)} className="sr-only" />
                  {label}
                </label>
              ))}
            </div>
            <div className="mt-3">
              {source === 'pick' ? (
                <PickList picked={picked} onChange={setPicked} query={shipments} />
              ) : (
                <div className="flex flex-col gap-1.5">
                  <label htmlFor={pasteId} className="text-sm font-medium text-slate-800">
                    <Trans>Tracking numbers</Trans>
                  </label>
                  <textarea
                    id={pasteId}
                    rows={5}
                    value={pasted}
                    onChange={(e) => setPasted(e.target.value)}
                    spellCheck={false}
                    autoCapitalize="characters"
                    // i18n-ignore: example tracking numbers, codes read the same in every language
                    placeholder={`${EXAMPLE_TRACKING_NUMBER}\nSD76543210${s10CheckDigit('76543210')}PH`}
                    aria-describedby={`${pasteId}-hint`}
                    className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-base focus-visible:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none sm:text-sm"
                  />
                  <p id={`${pasteId}-hint`} className="text-xs text-slate-500">
                    <Trans>One per line, or separated by commas or spaces.</Trans> <Plural value={numbers.length} one="# entered." other="# entered." />
                  </p>
                </div>
              )}
            </div>
          </fieldset>

          <fieldset>
            <legend className="text-sm font-medium text-slate-800">
              <Trans>Format</Trans>
            </legend>
            <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="format"
                  value="pdf"
                  checked={format === 'pdf'}
                  onChange={() => setFormat('pdf')}
                  className="h-4 w-4 accent-teal-700"
                />
                <Trans>PDF (any number of labels)</Trans>
              </label>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="format"
                  value="image"
                  checked={format === 'image'}
                  onChange={() => setFormat('image')}
                  className="h-4 w-4 accent-teal-700"
                />
                <Trans>Image, PNG (one label)</Trans>
              </label>
            </div>
          </fieldset>

          {formError || problems.length ? (
            <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
              {formError ? <p>{formError}</p> : null}
              {problems.length ? (
                <>
                  <p className="font-medium">
                    <Trans>Nothing was downloaded. Fix these numbers and try again:</Trans>
                  </p>
                  <ul className="mt-1 list-disc pl-5">
                    {problems.map((p) => (
                      <li key={p.trackingNumber} className="break-all">
                        <span className="font-mono">{p.trackingNumber}</span>: {p.message}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </div>
          ) : null}

          <Button type="submit" loading={download.isPending} className="self-start">
            {download.isPending ? null : <FileDown className="h-4 w-4" aria-hidden="true" />}
            {format === 'pdf' ? <Trans>Download PDF</Trans> : <Trans>Download image</Trans>}
          </Button>
        </form>
      </Card>
      {result ? <DownloadResult file={result} /> : null}
    </div>
  );
}

function PickList({ picked, onChange, query }: { picked: string[]; onChange: (n: string[]) => void; query: ReturnType<typeof useMyShipments> }) {
  const { t } = useLingui();
  if (query.isPending) return <Spinner label={t`Loading your shipments`} />;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(query.error)}
      </p>
    );
  }
  if (query.data.total === 0) {
    return (
      <div className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
        <p>
          <Trans>No data available. You have no shipments waiting for a label.</Trans>
        </p>
        <Link to="/" className={buttonClasses('link', 'sm')}>
          <Trans>Book a shipment</Trans>
        </Link>
      </div>
    );
  }
  const shown = query.data.data.length;
  return (
    <div className="flex flex-col gap-1">
      <ShipmentMultiSelect shipments={query.data.data} selected={picked} onChange={onChange} />
      {query.data.total > query.data.data.length ? (
        <p className="text-xs text-slate-500">
          <Trans>Showing your {shown} newest shipments. Paste the numbers of older ones.</Trans>
        </p>
      ) : null}
    </div>
  );
}

/** What was downloaded; an image is shown too, with a link to save it again. */
function DownloadResult({ file }: { file: WaybillFile }) {
  const { t } = useLingui();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file.blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  const isImage = file.contentType.startsWith('image/');
  const fileName = file.fileName;
  return (
    <Card aria-labelledby="waybill-result-title" className="flex flex-col gap-3">
      <CardTitle id="waybill-result-title">{isImage ? t`Your waybill image` : t`Your waybills are downloading`}</CardTitle>
      <p role="status" className="text-sm break-all text-slate-700">
        {isImage ? (
          <Trans>
            Ready: <span className="font-medium">{fileName}</span>
          </Trans>
        ) : (
          <Trans>
            Saved as <span className="font-medium">{fileName}</span>
          </Trans>
        )}
      </p>
      {isImage && url ? <img src={url} alt={t`Air waybill ${fileName}`} className="w-full max-w-sm rounded-md border border-slate-200" /> : null}
      {url ? (
        <a href={url} download={file.fileName} className={buttonClasses('secondary', 'md', 'self-start')}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {isImage ? t`Save image` : t`Save again`}
        </a>
      ) : null}
    </Card>
  );
}
