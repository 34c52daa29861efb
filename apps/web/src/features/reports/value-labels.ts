import type { MessageKey } from '../../lib/i18n';
import { wordKey } from '../../lib/i18n/terms';

/**
 * The words for the stored values of a report column (statuses such as `not_applied`, promotion
 * types, channels, loss reasons), by column key. The API and the exports keep the stored values
 * (docs/decisions.md, "Reports: labels"); only the screen shows these words. A value the list does
 * not know is shown as it is stored.
 */
const VALUE_LABELS: Record<string, Record<string, MessageKey>> = {
  promotionStatus: {
    scheduled: 'reports.value.promotionStatus.scheduled',
    active: 'reports.value.promotionStatus.active',
    ended: 'reports.value.promotionStatus.ended',
    cancelled: 'reports.value.promotionStatus.cancelled',
  },
  status: {
    eligible: 'reports.value.customerStatus.eligible',
    applied: 'reports.value.customerStatus.applied',
    not_applied: 'reports.value.customerStatus.not_applied',
  },
  promotionType: {
    Display: 'reports.value.promotionType.Display',
    Bundle: 'reports.value.promotionType.Bundle',
    Discount: 'reports.value.promotionType.Discount',
    'Free Goods': 'reports.value.promotionType.Free Goods',
  },
  channel: {
    'General Trade': 'reports.value.channel.General Trade',
    'Out of Home': 'reports.value.channel.Out of Home',
    'New Channel': 'reports.value.channel.New Channel',
  },
  reason: {
    'Delivery delayed': 'reports.value.reason.Delivery delayed',
    'Credit limit reached': 'reports.value.reason.Credit limit reached',
    'Outlet closed': 'reports.value.reason.Outlet closed',
    'Price too high': 'reports.value.reason.Price too high',
    'Competitor promotion': 'reports.value.reason.Competitor promotion',
    'Out of stock at distributor': 'reports.value.reason.Out of stock at distributor',
    'Outlet has enough stock': 'reports.value.reason.Outlet has enough stock',
  },
};

/** Columns whose stored data words (BSAs, categories, outlet types) have words in lib/i18n/terms and values. */
const DATA_WORD_COLUMNS: Record<string, 'term' | 'value'> = {
  bsa: 'term',
  category: 'value',
  outletType: 'value',
  outletSubtype: 'value',
};

/** The message key of a column's stored value, if it has a label. */
export function valueLabelKey(columnKey: string, value: string): MessageKey | undefined {
  const labels = VALUE_LABELS[columnKey];
  if (labels && Object.hasOwn(labels, value)) return labels[value];
  const kind = DATA_WORD_COLUMNS[columnKey];
  return kind ? wordKey(kind, value) : undefined;
}

/** Columns whose values are labelled (a test checks every stored status has a label). */
export const LABELLED_COLUMNS = Object.keys(VALUE_LABELS);
