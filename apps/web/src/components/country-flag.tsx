import type { CountryCode } from '@fieldforce/contracts';
import type { ReactElement } from 'react';

/*
 * Country flags drawn as small SVGs: flag emoji do not render on Windows (they show two letters)
 * nor on machines without a colour emoji font.
 */
const FLAGS: Record<CountryCode, ReactElement> = {
  id: (
    <>
      <rect width="30" height="10" fill="#CE1126" />
      <rect y="10" width="30" height="10" fill="#FFFFFF" />
    </>
  ),
  idic: (
    <>
      <rect width="30" height="10" fill="#CE1126" />
      <rect y="10" width="30" height="10" fill="#FFFFFF" />
    </>
  ),
  vn: (
    <>
      <rect width="30" height="20" fill="#DA251D" />
      <polygon
        points="15.00,4.00 16.41,8.06 20.71,8.15 17.28,10.74 18.53,14.85 15.00,12.40 11.47,14.85 12.72,10.74 9.29,8.15 13.59,8.06"
        fill="#FFFF00"
      />
    </>
  ),
  ph: (
    <>
      <rect width="30" height="10" fill="#0038A8" />
      <rect y="10" width="30" height="10" fill="#CE1126" />
      <polygon points="0,0 17.3,10 0,20" fill="#FFFFFF" />
      <circle cx="6" cy="10" r="2.2" fill="#FCD116" />
    </>
  ),
  th: (
    <>
      <rect width="30" height="20" fill="#A51931" />
      <rect y="3.33" width="30" height="13.34" fill="#F4F5F8" />
      <rect y="6.67" width="30" height="6.66" fill="#2D2A4A" />
    </>
  ),
  pk: (
    <>
      <rect width="30" height="20" fill="#01411C" />
      <rect width="7.5" height="20" fill="#FFFFFF" />
      <circle cx="18.5" cy="10" r="5" fill="#FFFFFF" />
      <circle cx="19.9" cy="8.9" r="4.3" fill="#01411C" />
      <polygon
        points="19.60,6.00 19.98,7.07 21.12,7.11 20.22,7.80 20.54,8.89 19.60,8.25 18.66,8.89 18.98,7.80 18.08,7.11 19.22,7.07"
        fill="#FFFFFF"
      />
    </>
  ),
  bd: (
    <>
      <rect width="30" height="20" fill="#006A4E" />
      <circle cx="13.5" cy="10" r="6" fill="#F42A41" />
    </>
  ),
};

/** A decorative flag; the country name next to it is what assistive technology reads. */
export function CountryFlag({ country, className }: { country: CountryCode; className?: string }) {
  return (
    <svg
      className={className ?? 'country__flag'}
      viewBox="0 0 30 20"
      width="24"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      {FLAGS[country]}
    </svg>
  );
}
