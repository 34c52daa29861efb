/** English strings of the UCube screens (kept apart so UCube and other features can grow independently). */
export const ucubeEn = {
  'ucube.i18n.ready': 'UCube',
} as const;
