import type { PartContext } from './authz.js';
export async function jwtPart(_ctx: PartContext): Promise<Record<string, number>> {
  return {};
}
