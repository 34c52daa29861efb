export { en, type MessageKey } from './en';
export * from './i18n';
