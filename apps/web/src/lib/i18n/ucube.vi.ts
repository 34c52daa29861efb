import type { ucubeEn } from './ucube.en';

/** Vietnamese strings of the UCube screens; typed against the English keys. */
export const ucubeVi: Record<keyof typeof ucubeEn, string> = {
  'ucube.i18n.ready': 'UCube',
};
