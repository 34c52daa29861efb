export { en, type MessageKey } from './en';
export * from './i18n';
export {
  chartDayLabels,
  foldForSearch,
  formatInstant,
  formatIsoDay,
  localizeAmount,
  localizeDates,
  localizeFigure,
} from './locale-format';
