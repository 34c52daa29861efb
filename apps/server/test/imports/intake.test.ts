import { describe, expect, it } from 'vitest';
import { refuseBeforeReading, storedNameFor } from '../../src/lib/imports/intake.js';

const def = { extensions: ['.csv'], noSpacesInName: true, maxBytes: 10 * 1024 * 1024 };

describe('import intake', () => {
  it('refuses a wrong extension, spaces in the name and an over-size body with the spec messages', () => {
    expect(refuseBeforeReading(def, 'outlets.xlsx', 10)?.message).toBe(
      'File is not in .csv format. Please upload with the given template in .csv',
    );
    expect(refuseBeforeReading(def, 'my outlets.csv', 10)?.message).toBe(
      'File name should not contain spaces. Please rename the file and upload again.',
    );
    expect(refuseBeforeReading(def, 'outlets.csv', def.maxBytes + 1)?.message).toBe('File size exceeded');
    expect(refuseBeforeReading(def, 'Outlets.CSV', def.maxBytes)).toBeNull();
    expect(refuseBeforeReading({ ...def, noSpacesInName: false }, 'my outlets.csv', 1)).toBeNull();
  });

  it('refuses a name holding a control character (a NUL could not be stored with the file record)', () => {
    for (const name of ['out\u0000lets.csv', 'out\tlets.csv', 'outlets\u007f.csv']) {
      expect(refuseBeforeReading({ ...def, noSpacesInName: false }, name, 10)?.code).toBe(
        'NAME_HAS_CONTROL_CHARACTERS',
      );
    }
  });

  it('stores the name with a timestamp suffix and a lower-case extension', () => {
    expect(storedNameFor('Outlets.CSV', new Date('2026-11-23T16:20:01.123Z'))).toBe(
      'Outlets_20261123T162001123Z.csv',
    );
    expect(storedNameFor('../x.csv', new Date('2026-11-23T16:20:01.123Z'))).toBe(
      '.._x_20261123T162001123Z.csv',
    );
  });
});
