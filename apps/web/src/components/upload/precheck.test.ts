import { OUTLET_STATUS_TEMPLATE_HEADERS } from '@fieldforce/contracts';
import { describe, expect, it } from 'vitest';
import { precheckFile, splitCsvLine, type PrecheckRules } from './precheck';

const rules: PrecheckRules = {
  extensions: ['.csv'],
  maxBytes: 10 * 1024 * 1024,
  noSpacesInName: true,
  headers: OUTLET_STATUS_TEMPLATE_HEADERS,
};
const file = (name: string, text: string | Uint8Array<ArrayBuffer>) => new File([text], name);
const good = 'DT Code,DT Site Code,Outlet Code,Status\r\nDT1,S1,O1,1\r\n';

describe('upload pre-check', () => {
  it('accepts a file with the template header and a row', async () => {
    expect(await precheckFile(file('status.CSV', good), rules)).toEqual({ ok: true });
  });

  it('refuses a wrong extension, spaces in the name, a file over the limit, by message code', async () => {
    expect(await precheckFile(file('status.xlsx', good), rules)).toMatchObject({ code: 'NOT_CSV' });
    expect(await precheckFile(file('my status.csv', good), rules)).toMatchObject({ code: 'NAME_HAS_SPACES' });
    expect(await precheckFile(file('big.csv', good), { ...rules, maxBytes: 10 })).toMatchObject({
      code: 'FILE_TOO_LARGE_DETAIL',
    });
  });

  it('refuses a wrong header row and an empty file', async () => {
    expect(await precheckFile(file('a.csv', 'DT Code,Outlet Code,Status\n'), rules)).toMatchObject({
      code: 'INVALID_TEMPLATE',
    });
    expect(
      await precheckFile(file('a.csv', 'DT Code,DT Site Code,Outlet Code,Status\n,,,\n'), rules),
    ).toMatchObject({
      code: 'EMPTY_FILE',
    });
    expect(await precheckFile(file('a.csv', ''), rules)).toMatchObject({ code: 'EMPTY_FILE' });
  });

  it('reads a UTF-8 BOM, quoted headers and a UTF-16 file', async () => {
    expect(
      await precheckFile(
        file('a.csv', `\uFEFF"DT Code","DT Site Code",Outlet Code,Status\nD,S,O,0\n`),
        rules,
      ),
    ).toEqual({
      ok: true,
    });
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...new Uint8Array(new Uint16Array([...good].map((c) => c.charCodeAt(0))).buffer),
    ]);
    expect(await precheckFile(file('a.csv', utf16), rules)).toEqual({ ok: true });
  });

  it('splits quoted fields with doubled quotes', () => {
    expect(splitCsvLine('a, "b,c" ,"d""e"')).toEqual(['a', 'b,c', 'd"e']);
  });
});
