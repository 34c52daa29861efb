/**
 * Vietnamese marks, folded away for searches: people often type names without them ('hoang' for
 * 'Hoàng'), and a search should find the name either way. SQL translate(), not unaccent (not in every
 * PostgreSQL, nor in PGlite); the same letters in JS for the typed values.
 */

/** Vietnamese letters with their marks, and the same letters without them (lower and upper case). */
const VI_MARKED = 'àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ';
const VI_PLAIN = [...VI_MARKED].map((c) => (c === 'đ' ? 'd' : c.normalize('NFD')[0]!)).join('');
const VI_FROM = VI_MARKED + VI_MARKED.toUpperCase();
const VI_TO = VI_PLAIN + VI_PLAIN.toUpperCase();
const PLAIN_OF = new Map([...VI_FROM].map((c, i) => [c, VI_TO[i]!]));

/** `sql` without Vietnamese marks ('Hoàng Đức' → 'Hoang Duc'). */
export const withoutMarks = (sql: string) => `translate(${sql}, '${VI_FROM}', '${VI_TO}')`;

/** A typed value without Vietnamese marks, as `withoutMarks` folds a column (composed letters). */
export const foldMarks = (value: string) =>
  [...value.normalize('NFC')].map((c) => PLAIN_OF.get(c) ?? c).join('');
