import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries.js';
import {
  normalisePhone,
  SALESMAN_DEVICE_TEMPLATE_HEADERS,
  salesmanDeviceIdSchema,
} from './salesman-device-id.js';

describe('normalisePhone: a phone number with or without the market dial code', () => {
  const vn = COUNTRIES.vn.dialCode;
  it.each([
    ['+84901234567', '+84901234567'],
    ['84901234567', '+84901234567'],
    ['0901234567', '+84901234567'],
    ['901234567', '+84901234567'],
    ['+84 90-123 4567', '+84901234567'],
    ['(090) 123.4567', '+84901234567'],
  ])('vn: %s → %s', (typed, stored) => {
    expect(normalisePhone(typed, vn)).toBe(stored);
  });

  it('reads a short number starting with the dial digits as national', () => {
    // 8412345 has fewer than 8 digits after "84": a national number.
    expect(normalisePhone('8412345', vn)).toBe('+848412345');
  });

  it('keeps another market’s + code as typed (it matches none of this market’s numbers)', () => {
    expect(normalisePhone('+66812345678', vn)).toBe('+66812345678');
  });

  it('a three-digit dial code (bd +880) with and without the trunk 0', () => {
    const bd = COUNTRIES.bd.dialCode;
    expect(normalisePhone('01712345678', bd)).toBe('+8801712345678');
    expect(normalisePhone('8801712345678', bd)).toBe('+8801712345678');
    expect(normalisePhone('1712345678', bd)).toBe('+8801712345678');
  });

  it.each(['abc', 'VNSM00001', '12345', '+', '', '1234567890123456'])('%j is not a phone number', (typed) => {
    expect(normalisePhone(typed, vn)).toBeNull();
  });
});

describe('the device ID template and format', () => {
  it('has the spec’s headers in order', () => {
    expect(SALESMAN_DEVICE_TEMPLATE_HEADERS).toEqual(['DT Code', 'SM Code', 'Phone number', 'Device ID']);
  });
  it.each(['a1b2c3d4e5f60718', 'AB:CD:EF:01', '3f2a-9b_1.x'])('accepts %s', (id) => {
    expect(salesmanDeviceIdSchema.safeParse(id).success).toBe(true);
  });
  it.each(['', 'has space', '-leading', 'x'.repeat(65), 'é1'])('refuses %j', (id) => {
    expect(salesmanDeviceIdSchema.safeParse(id).success).toBe(false);
  });
});
