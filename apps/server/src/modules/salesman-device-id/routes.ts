/**
 * Salesman Device ID (issue 12; spec sections 2, 5, 8): the salesmen with their device IDs (list,
 * filtered list, Export Device ID: the declared table through registerAdminTable; search by SM codes
 * or phone numbers, at most 10, phones with or without the market's dial code), the DT filter list,
 * the market-level SM Device ID validation switch, and the update and delete of one salesman's device
 * ID. The spec names no paths: they are /api/admin/salesmanDeviceId/… (docs/admin.md). The bulk update
 * is the 'salesmanDeviceId' import (import-definition.ts) through the file calls. Admins of the market,
 * within their DT scope, where the market's salesmandeviceid flag is on.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COUNTRIES,
  deleteSalesmanDeviceQuerySchema,
  IMPORT_MESSAGES,
  normalisePhone,
  SALESMAN_DEVICE_API,
  salesmanDeviceChangeResultSchema,
  salesmanDevicePageSchema,
  salesmanDeviceQuerySchema,
  salesmanDeviceSettingsSchema,
  saveSalesmanDeviceSettingsSchema,
  updateSalesmanDeviceSchema,
} from '@fieldforce/contracts';
import { AppError } from '../../lib/errors.js';
import { dtScope } from '../../lib/policy.js';
import {
  changedRow,
  registerAdminChange,
  registerAdminRead,
  registerAdminTable,
  type AuthorizeChange,
} from '../../lib/tables/index.js';
import { assertSalesmanDeviceId } from './policy.js';
import { deleteDevice, readSettings, salesmanRow, saveValidation, updateDevice } from './queries.js';
import { salesmanDeviceTable } from './table.js';
// Registers the 'salesmanDeviceId' upload with the import pipeline (and names the tool).
import { SALESMAN_DEVICE_TOOL } from './import-definition.js';

const TAG = 'admin';

const ACCESS_TEXT =
  'Admins (userType admin) of the market, in a market whose salesmandeviceid flag is on (403 otherwise), rows ' +
  'limited to the market and the caller’s DT codes.';
const FILTER_TEXT =
  'filter_dt_code, filter_sm_code: comma-joined codes; filter_phone_number: comma-joined phone numbers with or ' +
  'without the market’s dial code (+84901234567, 84901234567, 0901234567 and 901234567 are one number); at most ' +
  '10 values each (400 naming the field past that). sort: a column key, - for descending; page, pageSize.';

export const salesmanDeviceIdRoutes: FastifyPluginAsyncZod = async (app) => {
  // Phone numbers are searched as stored: each typed number rewritten with the market's dial code
  // before the table's filter reads it (a value that is not a phone number is left for it to refuse).
  app.addHook('preHandler', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    const typed = query?.['filter_phone_number'];
    if (typeof typed !== 'string' || !request.auth) return;
    const market = request.market ?? request.auth.user.homeCountryCode;
    const dial = COUNTRIES[market].dialCode;
    query!['filter_phone_number'] = typed
      .split(',')
      .map((value) => value.trim())
      .filter((value) => value.length > 0)
      .map((value) => normalisePhone(value, dial) ?? value)
      .join(',');
  });

  registerAdminTable(app, {
    tool: 'salesmanDeviceId',
    table: salesmanDeviceTable,
    query: salesmanDeviceQuerySchema,
    page: salesmanDevicePageSchema,
    access: ACCESS_TEXT,
    filters: FILTER_TEXT,
    authorize: assertSalesmanDeviceId,
    list: [
      {
        path: `${SALESMAN_DEVICE_API}/list`,
        summary: 'Salesman Device ID: a page of every salesman with their device ID (no filters)',
        filters: false,
      },
      {
        path: `${SALESMAN_DEVICE_API}/filterResult`,
        summary:
          'Salesman Device ID: a page of the salesmen matching the filters (SM codes, phone numbers, DT)',
        filters: true,
      },
    ],
    export: {
      path: `${SALESMAN_DEVICE_API}/fileExport`,
      summary: 'Salesman Device ID: Export Device ID, the filtered salesmen as a CSV or XLSX file, streamed',
      fileName: (market) => `salesman-device-id_${market}`,
      sheetName: 'Salesman Device ID',
    },
    filterOptions: {
      path: `${SALESMAN_DEVICE_API}/filters`,
      summary: 'Salesman Device ID: the DT codes and DT site codes the caller may filter by',
    },
  });

  registerAdminRead(app, {
    path: `${SALESMAN_DEVICE_API}/settings`,
    tag: TAG,
    summary: 'Salesman Device ID: the market’s SM Device ID validation switch and dial code',
    description: ACCESS_TEXT,
    response: salesmanDeviceSettingsSchema,
    authorize: assertSalesmanDeviceId,
    read: (ctx) => readSettings(ctx.db, ctx.market),
  });

  const tool = SALESMAN_DEVICE_TOOL;
  const authorize: AuthorizeChange = (q, user, market) => assertSalesmanDeviceId(q, user, market, 'edit');

  registerAdminChange(app, {
    method: 'PUT',
    path: `${SALESMAN_DEVICE_API}/settings`,
    tool,
    tag: TAG,
    summary: 'Salesman Device ID: enable or disable SM Device ID validation for the market',
    description:
      `${ACCESS_TEXT} The whole market’s switch (any DT scope may not change it: the caller must see every ` +
      "distributor of the market). One audit entry when it changes ('salesman.validation.update', before " +
      'and after {validationEnabled}).',
    body: saveSalesmanDeviceSettingsSchema,
    response: salesmanDeviceSettingsSchema,
    authorize: async (q, user, market) => {
      const can = await authorize(q, user, market);
      if (dtScope(user) !== null) {
        // A market-wide switch: not for an admin limited to some distributors.
        throw new AppError(
          'FORBIDDEN',
          'SM Device ID validation is switched for the whole market: only admins of every distributor may change it.',
        );
      }
      return can;
    },
    run: (tx, ctx) => saveValidation(tx, ctx.market, ctx.body.validationEnabled),
    answer: (tx, ctx) => readSettings(tx, ctx.market),
  });

  registerAdminChange(app, {
    method: 'PUT',
    path: SALESMAN_DEVICE_API,
    tool,
    tag: TAG,
    summary: 'Salesman Device ID: map a new device ID to one salesman',
    description:
      `${ACCESS_TEXT} The salesman must be one of the market’s inside the caller’s DT codes (404 otherwise); a ` +
      'device ID mapped to another salesman is refused (409 naming them when the caller may see them). One ' +
      "audit entry when it changes ('salesman.device.update', before and after {deviceId}); the data version " +
      'is bumped.',
    body: updateSalesmanDeviceSchema,
    response: salesmanDeviceChangeResultSchema,
    authorize,
    run: (tx, ctx) =>
      updateDevice(tx, ctx.user, ctx.market, ctx.body.smCode, ctx.body.deviceId, ctx.clock.now()),
    answer: changedRow((tx, ctx) => salesmanRow(tx, ctx.user, ctx.market, ctx.body.smCode)),
  });

  registerAdminChange(app, {
    method: 'DELETE',
    path: SALESMAN_DEVICE_API,
    tool,
    tag: TAG,
    summary: 'Salesman Device ID: delete the device ID mapped to one salesman',
    description:
      `${ACCESS_TEXT} The salesman’s next sign-in on the app binds a new device. One audit entry when a device ` +
      `was mapped ('salesman.device.delete'); the data version is bumped. A failure answers ` +
      `'${IMPORT_MESSAGES.DEVICE_DELETE_FAILED}' (404 with it when the salesman is not one of the caller’s).`,
    query: deleteSalesmanDeviceQuerySchema,
    response: salesmanDeviceChangeResultSchema,
    failure: IMPORT_MESSAGES.DEVICE_DELETE_FAILED,
    authorize,
    run: (tx, ctx) => deleteDevice(tx, ctx.user, ctx.market, ctx.query.smCode, ctx.clock.now()),
    answer: changedRow((tx, ctx) => salesmanRow(tx, ctx.user, ctx.market, ctx.query.smCode)),
  });
};
