import type { PartContext } from './authz.js';
export async function hostilePart(_ctx: PartContext): Promise<Record<string, number>> {
  return {};
}
