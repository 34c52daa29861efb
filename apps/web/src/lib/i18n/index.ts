export { en, type MessageKey } from './en';
export * from './i18n';
export { formatIsoDay, localizeAmount, localizeDates, localizeFigure } from './locale-format';
