/**
 * Column builders the schema files share (Drizzle's reusable-columns pattern: spread the object into a
 * table's columns). Each call returns new builders, so no two tables share a builder object. They match
 * the migrations' SQL exactly: `created_at` / `updated_at timestamptz NOT NULL DEFAULT now()` and
 * `created_by` / `updated_by text REFERENCES users (id)` (nullable, no ON DELETE). A table whose column
 * differs (no default, another ON DELETE) keeps its own definition.
 *
 * schema.ts imports this file and this file imports `users` from schema.ts: the builders are function
 * declarations (initialised before either module runs) and read `users` only inside the lazy reference,
 * so the import cycle is harmless whichever module loads first.
 */
import { text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema.js';

/** `timestamptz`, read as a Date. */
export function tstz(name: string) {
  return timestamp(name, { withTimezone: true, mode: 'date' });
}

/** `created_at timestamptz NOT NULL DEFAULT now()` */
export function createdAt() {
  return tstz('created_at').notNull().defaultNow();
}

/** `updated_at timestamptz NOT NULL DEFAULT now()` */
export function updatedAt() {
  return tstz('updated_at').notNull().defaultNow();
}

/** `created_by text REFERENCES users (id)` */
export function createdBy() {
  return text('created_by').references(() => users.id);
}

/** `updated_by text REFERENCES users (id)` */
export function updatedBy() {
  return text('updated_by').references(() => users.id);
}

/** `created_at` and `updated_at`. */
export function timestamps() {
  return { createdAt: createdAt(), updatedAt: updatedAt() };
}

/** Who made the row and when: `created_by`, `created_at`. */
export function created() {
  return { createdBy: createdBy(), createdAt: createdAt() };
}

/** Who last changed the row and when: `updated_by`, `updated_at`. */
export function updated() {
  return { updatedBy: updatedBy(), updatedAt: updatedAt() };
}

/** Who made and last changed the row, and when: `created_by`, `created_at`, `updated_by`, `updated_at`. */
export function whoWhen() {
  return { ...created(), ...updated() };
}
