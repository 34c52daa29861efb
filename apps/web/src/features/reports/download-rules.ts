/** A report file's name when the server named none: report, market, range. */
export function fallbackFileName(
  reportKey: string,
  country: string,
  from: string,
  to: string,
  format: string,
) {
  return [reportKey, country, from, to].filter(Boolean).join('_') + `.${format}`;
}
