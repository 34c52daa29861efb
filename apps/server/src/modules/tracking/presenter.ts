/** The tracking table as a file: its columns (en and vi headers) and one row's cells. */
import type { TrackingSalesmanRow } from '@fieldforce/contracts';

export interface TrackingExportColumn {
  key: keyof TrackingSalesmanRow | 'distanceKm';
  header: { en: string; vi: string };
  type: 'text' | 'number' | 'datetime' | 'boolean';
}

export const TRACKING_EXPORT_COLUMNS: readonly TrackingExportColumn[] = [
  { key: 'name', header: { en: 'Salesman', vi: 'Nhân viên bán hàng' }, type: 'text' },
  { key: 'smCode', header: { en: 'SM Code', vi: 'Mã NVBH' }, type: 'text' },
  { key: 'dtCode', header: { en: 'DT Code', vi: 'Mã NPP' }, type: 'text' },
  { key: 'dtName', header: { en: 'Distributor', vi: 'Nhà phân phối' }, type: 'text' },
  { key: 'status', header: { en: 'Status', vi: 'Trạng thái' }, type: 'text' },
  { key: 'firstPingAt', header: { en: 'First ping', vi: 'Tín hiệu đầu' }, type: 'datetime' },
  { key: 'lastPingAt', header: { en: 'Last ping', vi: 'Tín hiệu cuối' }, type: 'datetime' },
  { key: 'plannedVisits', header: { en: 'Visits planned', vi: 'Lượt ghé theo kế hoạch' }, type: 'number' },
  { key: 'actualVisits', header: { en: 'Visits made', vi: 'Lượt ghé thực tế' }, type: 'number' },
  { key: 'productiveCalls', header: { en: 'Productive calls', vi: 'Lượt ghé có đơn' }, type: 'number' },
  { key: 'distanceKm', header: { en: 'Distance (km)', vi: 'Quãng đường (km)' }, type: 'number' },
  { key: 'silent', header: { en: 'Silent device', vi: 'Thiết bị im lặng' }, type: 'boolean' },
  { key: 'suspiciousPoints', header: { en: 'Suspicious points', vi: 'Điểm đáng ngờ' }, type: 'number' },
  { key: 'lat', header: { en: 'Latitude', vi: 'Vĩ độ' }, type: 'number' },
  { key: 'lng', header: { en: 'Longitude', vi: 'Kinh độ' }, type: 'number' },
];

export const STATUS_WORDS: Record<TrackingSalesmanRow['status'], { en: string; vi: string }> = {
  moving: { en: 'Moving', vi: 'Đang di chuyển' },
  'at-outlet': { en: 'At an outlet', vi: 'Tại cửa hàng' },
  idle: { en: 'Idle over an hour', vi: 'Đứng yên hơn 1 giờ' },
  'no-signal': { en: 'No signal', vi: 'Không có tín hiệu' },
};

/** A row's cell values for the file (the status in the file's language, the distance in km). */
export function exportCells(row: TrackingSalesmanRow, lang: 'en' | 'vi'): Record<string, unknown> {
  return {
    ...row,
    status: STATUS_WORDS[row.status][lang],
    distanceKm: Math.round(row.distanceM / 100) / 10,
  };
}
