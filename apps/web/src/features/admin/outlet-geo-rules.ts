import type { GeoCheck, OutletGeoChange, OutletGeoRow } from '@fieldforce/contracts';
import type { MessageKey, Translate } from '../../lib/i18n';

/** The check shown for a row: the pending change if there is one, else the saved one. */
export function shownGeo(row: OutletGeoRow, changes: readonly OutletGeoChange[]): GeoCheck {
  return changes.find((c) => c.outletCode === row.outletCode)?.geoCompliance ?? row.geoCompliance;
}

/**
 * Toggling a row: a row already in the changed list goes back to its saved check (removed by
 * outletCode); otherwise its flipped check is added.
 */
export function toggleGeoChange(
  row: OutletGeoRow,
  changes: readonly OutletGeoChange[],
): { remove: string } | { add: OutletGeoChange } {
  if (changes.some((c) => c.outletCode === row.outletCode)) return { remove: row.outletCode };
  return {
    add: { outletCode: row.outletCode, dtCode: row.dtCode, geoCompliance: row.geoCompliance === 1 ? 0 : 1 },
  };
}

/** The changed list after a toggle. */
export function applyGeoToggle(row: OutletGeoRow, changes: readonly OutletGeoChange[]): OutletGeoChange[] {
  const next = toggleGeoChange(row, changes);
  return 'remove' in next ? changes.filter((c) => c.outletCode !== next.remove) : [...changes, next.add];
}

/**
 * The outlets a refused save names: the server answers one field error `body.changes.{index}` per
 * refused outlet (outside the caller's distributors, or not the market's under that DT).
 */
export function refusedOutlets(
  fields: ReadonlyArray<{ field: string }>,
  changes: readonly OutletGeoChange[],
): string[] {
  const codes: string[] = [];
  for (const { field } of fields) {
    const match = /^body\.changes\.(\d+)$/.exec(field);
    const change = match ? changes[Number(match[1])] : undefined;
    if (change) codes.push(change.outletCode);
  }
  return codes;
}

/**
 * The save confirmation's sentence: how many outlets get the check switched on, then off, each part only
 * when it is not 0, in the singular for one outlet ('1 outlet will be enabled. 2 outlets will be disabled.').
 */
export function confirmBody(t: Translate, on: number, off: number): string {
  const part = (count: number, one: MessageKey, many: MessageKey) =>
    count === 0 ? [] : [t(count === 1 ? one : many, { count })];
  return [
    ...part(on, 'outletGeo.confirmOnOne', 'outletGeo.confirmOn'),
    ...part(off, 'outletGeo.confirmOffOne', 'outletGeo.confirmOff'),
  ].join(' ');
}
