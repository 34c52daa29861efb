import {
  ALL_ROLES,
  BSA_VALUES,
  CHAIN_TYPES,
  COUNTRY_CODES,
  KPI_PERIODS,
  KPI_VIEWS,
  distributorChain,
  kpiColumnsFor,
  teamChain,
} from '@fieldforce/contracts';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { translate } from './i18n';
import { dataWord, dataWordChoices, term } from './terms';

const vi = (key: Parameters<typeof translate>[1]) => translate('vi', key);

describe('words the server sends in English', () => {
  it('has a translation for every role, level heading, BSA and KPI header the contracts can produce', () => {
    const words = new Set<string>([...ALL_ROLES, ...BSA_VALUES]);
    for (const country of COUNTRY_CODES) {
      for (const role of ALL_ROLES) {
        for (const level of [...teamChain(country, role), ...distributorChain(country, role)]) {
          words.add(level.levelname);
          words.add(level.columnName);
        }
      }
      for (const view of KPI_VIEWS)
        for (const period of KPI_PERIODS)
          for (const type of CHAIN_TYPES)
            for (const k of kpiColumnsFor(view, country, period, type)) {
              words.add(k.label);
              words.add(k.targetLabel);
              words.add(k.actualLabel);
            }
    }
    const missing = [...words].filter((word) => !Object.hasOwn(en, `term.${word}`));
    expect(missing).toEqual([]);
  });

  it('shows them in Vietnamese, and an unknown word as sent', () => {
    expect(term('Salesman', vi)).toBe('Nhân viên bán hàng');
    expect(term('Secondary [TP] Target', vi)).toBe('Chỉ tiêu doanh số thứ cấp [TP]');
    expect(term('GSV', vi)).toBe('GSV');
    expect(term('Something new', vi)).toBe('Something new');
  });
});

describe('stored data words', () => {
  it('shows an outlet type in the reader’s language, and one it does not know as stored', () => {
    expect(dataWord('Mini Market', vi)).toBe('Siêu thị mini');
    expect(dataWord('Grocery', (key) => translate('en', key))).toBe('Grocery');
    expect(dataWord('Kiosk 42', vi)).toBe('Kiosk 42');
  });

  it('offers stored words as choices in the reader’s words and order', () => {
    expect(dataWordChoices(['Grocery', 'Wet Market', 'Mini Market'], vi, 'vi')).toEqual([
      { value: 'Wet Market', label: 'Chợ truyền thống' },
      { value: 'Mini Market', label: 'Siêu thị mini' },
      { value: 'Grocery', label: 'Tạp hóa' },
    ]);
  });
});
