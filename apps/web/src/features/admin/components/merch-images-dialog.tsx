import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CountryCode, ImportJob, MerchImageReport } from '@fieldforce/contracts';
import { UploadDialog } from '../../../components/upload';
import { useT, type MessageKey } from '../../../lib/i18n';
import { track } from '../../../lib/usage';
import { MERCH_IMAGE_UPLOAD, merchImageKeys, useMerchImageReport } from '../api/merch-images';
import './merch-images.css';

/**
 * Add Images (issue 15): the shared upload dialog taking a .zip (section 8's messages), the server's
 * progress while it checks and re-encodes, then the match report: what was stored, the images at fault
 * when the zip was refused, the images that match no display and the displays still without an image
 * (of `setId` when given, else of the market).
 */
export function MerchImagesDialog({
  country,
  setId,
  onClose,
}: {
  country: CountryCode;
  setId?: string;
  onClose(): void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  return (
    <UploadDialog
      kind={MERCH_IMAGE_UPLOAD.kind}
      title={t('merchImages.title')}
      country={country}
      templateHeaders={[]}
      templateName=""
      maxBytes={MERCH_IMAGE_UPLOAD.maxBytes}
      extensions={MERCH_IMAGE_UPLOAD.extensions}
      noSpacesInName={false}
      messages={MERCH_IMAGE_UPLOAD.messages}
      renderDetails={(job) => <MerchImageReportView country={country} job={job} setId={setId} />}
      progressText={(progress) =>
        progress.total
          ? t('merchImages.progress', { done: progress.done, total: progress.total })
          : t('merchImages.progressStart')
      }
      onEvent={(event) => track('upload', { tool: 'merchandizingSets', step: event, kind: 'merchImages' })}
      onApplied={() => void queryClient.invalidateQueries({ queryKey: merchImageKeys.all(country) })}
      onClose={onClose}
    />
  );
}

/**
 * A button opening the dialog (for the set page and the merchandizing page). On the list it stands
 * beside Create set, the page's one primary action, so it is a plain button there (`primary={false}`).
 */
export function AddMerchImagesButton({
  country,
  setId,
  primary = true,
}: {
  country: CountryCode;
  setId?: string;
  primary?: boolean;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={primary ? 'button button--primary' : 'button button--ghost'}
        onClick={() => setOpen(true)}
      >
        {t('merchImages.add')}
      </button>
      {open ? <MerchImagesDialog country={country} setId={setId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

const LIST_SHOWN = 20;

function MerchImageReportView({
  country,
  job,
  setId,
}: {
  country: CountryCode;
  job: ImportJob;
  setId?: string;
}) {
  const t = useT();
  const report = useMerchImageReport(country, job.jobId, setId);
  if (!report.data) return null;
  return <ReportBody report={report.data} t={t} />;
}

export function ReportBody({ report, t }: { report: MerchImageReport; t: ReturnType<typeof useT> }) {
  const more = (total: number, shown: number) =>
    total > shown ? (
      <li className="merch-report__more">{t('merchImages.more', { count: total - shown })}</li>
    ) : null;
  return (
    <section className="merch-report" aria-label={t('merchImages.report')}>
      <h3 className="merch-report__heading">{t('merchImages.report')}</h3>
      {report.state === 'applied' ? (
        <p>
          {t('merchImages.stored', {
            stored: report.stored,
            replaced: report.replaced,
            entries: report.entries,
          })}
        </p>
      ) : null}
      {report.problemCount > 0 ? (
        <>
          <h4>{t('merchImages.problems', { count: report.problemCount })}</h4>
          <ul className="merch-report__list">
            {report.problems.slice(0, LIST_SHOWN).map((p) => (
              <li key={`${p.name}-${p.problem}`}>
                <code>{p.name}</code>: {t(`merchImages.problem.${p.problem}` as MessageKey)}
              </li>
            ))}
            {more(report.problemCount, Math.min(LIST_SHOWN, report.problems.length))}
          </ul>
        </>
      ) : null}
      {report.imagesWithoutDisplay.length > 0 ? (
        <>
          <h4>{t('merchImages.imagesWithoutDisplay', { count: report.imagesWithoutDisplay.length })}</h4>
          <ul className="merch-report__list">
            {report.imagesWithoutDisplay.slice(0, LIST_SHOWN).map((name) => (
              <li key={name}>
                <code>{name}</code>
              </li>
            ))}
            {more(report.imagesWithoutDisplay.length, LIST_SHOWN)}
          </ul>
        </>
      ) : null}
      {report.displaysWithoutImageCount > 0 ? (
        <>
          <h4>{t('merchImages.displaysWithoutImage', { count: report.displaysWithoutImageCount })}</h4>
          <ul className="merch-report__list">
            {report.displaysWithoutImage.slice(0, LIST_SHOWN).map((d) => (
              <li key={d.displayId}>
                <code>{d.displayId}</code> {d.displayName}
              </li>
            ))}
            {more(report.displaysWithoutImageCount, Math.min(LIST_SHOWN, report.displaysWithoutImage.length))}
          </ul>
        </>
      ) : (
        <p>{t('merchImages.allDisplaysHaveImages')}</p>
      )}
    </section>
  );
}
