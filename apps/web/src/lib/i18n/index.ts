export { en, type MessageKey } from './en';
export { vi } from './vi';
export * from './i18n';
