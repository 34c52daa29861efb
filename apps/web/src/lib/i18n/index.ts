// The whole English catalogue (`en`) is not exported here: the app reads MESSAGES, whose admin tools' part
// arrives with the admin screens; tests and tools import it from './en'.
export { type MessageKey } from './en';
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
