import type { PartContext } from './authz.js';
export async function injectionPart(_ctx: PartContext): Promise<Record<string, number>> {
  return {};
}
