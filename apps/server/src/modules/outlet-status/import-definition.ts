/**
 * The outlet-status CSV as an import definition (lib/imports): the template, the 10 MB limit, the
 * rules of spec section 5 (rules.ts), the database rules (exists in the market under that DT and
 * site; inside the uploader's DT scope), and a set-based apply from the staging table.
 */
import { OUTLET_STATUS_MAX_BYTES, OUTLET_STATUS_TEMPLATE_HEADERS } from '@fieldforce/contracts';
import { registerImport, type ImportDefinition } from '../../lib/imports/definition.js';
import { dtScope } from '../../lib/policy.js';
import { applyFromStaging, findOutletsByCode } from './queries.js';
import {
  databaseRowErrors,
  duplicateRowErrors,
  validateOutletStatusRow,
  type OutletStatusValue,
} from './rules.js';

export const outletStatusImport: ImportDefinition<OutletStatusValue> = registerImport<OutletStatusValue>({
  kind: 'outletStatus',
  tool: 'outletStatus',
  maxBytes: OUTLET_STATUS_MAX_BYTES,
  extensions: ['.csv'],
  noSpacesInName: true,
  headers: OUTLET_STATUS_TEMPLATE_HEADERS,
  dateColumns: [],
  validateRow: validateOutletStatusRow,
  crossRowRules: [duplicateRowErrors],
  async checkAgainstDb(q, rows, ctx) {
    const known = await findOutletsByCode(
      q,
      ctx.market,
      rows.map((r) => r.value.outletCode),
    );
    return databaseRowErrors(rows, known, dtScope(ctx.user));
  },
  async plan(q, rows, ctx) {
    const { rows: current } = await q.query<{ outlet_code: string; is_online: boolean }>(
      `SELECT outlet_code, is_online FROM outlets WHERE country_code = $1 AND outlet_code = ANY($2::text[])`,
      [ctx.market, rows.map((r) => r.value.outletCode)],
    );
    const online = new Map(current.map((r) => [r.outlet_code, r.is_online]));
    let update = 0;
    for (const { value } of rows) if (online.get(value.outletCode) !== (value.status === 1)) update += 1;
    return { create: 0, update, unchanged: rows.length - update };
  },
  staging: {
    columns: [
      { name: 'dt_code', type: 'text' },
      { name: 'dt_site_code', type: 'text' },
      { name: 'outlet_code', type: 'text' },
      { name: 'status', type: 'integer' },
    ],
    toRow: (v) => [v.dtCode, v.dtSiteCode, v.outletCode, v.status],
  },
  async apply(tx, stagingTable, ctx) {
    const { updated, unchanged } = await applyFromStaging(tx, stagingTable, ctx.user, ctx.market, {
      actorId: ctx.user.id,
      sessionId: null,
      requestId: null,
      importId: ctx.importId,
    });
    return { created: 0, updated, unchanged };
  },
  auditAction: 'outlet.status.import',
});
