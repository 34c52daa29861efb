import type { CountryCode, MerchImage } from '@fieldforce/contracts';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { formatInstant, useI18n } from '../../../lib/i18n';
import { merchImageUrl, useMerchImages } from '../api/merch-images';
import './merch-images.css';

/**
 * The reference images of a set's displays (or of the Display IDs given): thumbnails with the display
 * names, each a button opening the full image in a dialog (Escape closes it, focus returns).
 */
export function MerchImageGallery({
  country,
  setId,
  displayIds,
}: {
  country: CountryCode;
  setId?: string;
  displayIds?: readonly string[];
}) {
  const { t, language } = useI18n();
  const images = useMerchImages(country, { setId, displayIds });
  const [open, setOpen] = useState<MerchImage | null>(null);
  const name = (image: MerchImage) => image.displayName ?? image.displayId;
  return (
    <section className="merch-gallery" aria-label={t('merchImages.gallery')}>
      {images.isPending ? <p role="status">{t('common.loading')}</p> : null}
      {images.isError ? <p role="alert">{t('merchImages.loadFailed')}</p> : null}
      {images.data && images.data.images.length === 0 ? <p>{t('merchImages.empty')}</p> : null}
      {images.data && images.data.images.length > 0 ? (
        <ul className="merch-gallery__grid">
          {images.data.images.map((image) => (
            <li key={image.id} className="merch-gallery__item">
              <button
                type="button"
                className="merch-gallery__open"
                aria-label={t('merchImages.open', { name: name(image) })}
                onClick={() => setOpen(image)}
              >
                <img
                  src={merchImageUrl(country, image.thumbnailPath)}
                  alt=""
                  width={image.thumbWidth}
                  height={image.thumbHeight}
                  loading="lazy"
                  decoding="async"
                />
              </button>
              <span className="merch-gallery__name">{name(image)}</span>
              <code className="merch-gallery__id">{image.displayId}</code>
            </li>
          ))}
        </ul>
      ) : null}
      {open ? (
        <Dialog title={name(open)} onClose={() => setOpen(null)} className="merch-gallery__dialog">
          <figure className="merch-gallery__figure">
            <img
              src={merchImageUrl(country, open.imagePath)}
              alt={t('merchImages.imageAlt', { name: name(open), id: open.displayId })}
              width={open.width}
              height={open.height}
            />
            <figcaption>
              {t('merchImages.size', { width: open.width, height: open.height })} ·{' '}
              {t('merchImages.uploaded', {
                by: open.uploadedBy ?? '—',
                at: formatInstant(open.uploadedAt, { language }),
              })}
            </figcaption>
          </figure>
          <div className="dialog__actions">
            <button type="button" className="button button--primary" onClick={() => setOpen(null)}>
              {t('merchImages.close')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
