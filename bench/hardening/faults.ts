import type { PartContext } from './authz.js';
import type { Cluster } from './cluster.js';
export async function faultsPart(_ctx: PartContext, _cluster: Cluster): Promise<Record<string, number>> {
  return {};
}
