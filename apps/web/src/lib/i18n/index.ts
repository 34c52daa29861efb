export { en, type MessageKey } from './en';
export * from './i18n';
export { formatIsoDay, localizeDates, localizeFigure } from './locale-format';
