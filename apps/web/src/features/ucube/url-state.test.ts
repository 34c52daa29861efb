import { describe, expect, it } from 'vitest';
import type { HierarchyLevelEntry } from '@fieldforce/contracts';
import {
  crumbReachable,
  crumbState,
  drillState,
  parseUcubeUrl,
  requestParams,
  ucubeSearch,
} from './url-state';

describe('UCube URL state', () => {
  it('defaults to MTD, achievement descending, no drill-down', () => {
    const state = parseUcubeUrl('');
    expect(state).toEqual({ period: 'mtd', sort: 'achievedPercentage', order: 'desc', q: '' });
    expect(ucubeSearch(state)).toBe('');
    expect(requestParams(state, null)).toEqual({ period: 'mtd' });
  });

  it('round-trips the drill-down state and ignores junk', () => {
    const search = '?period=day&role=LEVEL4&type=team&emailId=asm1.vn%40demo.test&sort=email&order=desc&q=an';
    const state = parseUcubeUrl(search);
    expect(state).toMatchObject({
      period: 'day',
      role: 'LEVEL4',
      type: 'team',
      emailId: 'asm1.vn@demo.test',
      sort: 'email',
      order: 'desc',
      q: 'an',
    });
    expect(parseUcubeUrl(ucubeSearch(state))).toEqual(state);
    expect(parseUcubeUrl('?period=week&role=boss&type=x&sort=y')).toEqual(parseUcubeUrl(''));
  });

  it('maps to the server query with the BSA and without sort or search', () => {
    const state = parseUcubeUrl('?period=lm&role=LEVEL3&type=distributor&dtCode=DT1&q=x');
    expect(requestParams(state, 'HPC')).toEqual({
      period: 'lm',
      bsa: 'HPC',
      role: 'LEVEL3',
      type: 'distributor',
      dtCode: 'DT1',
    });
  });

  it('drills with the row query, keeping period and sort, dropping the search', () => {
    const state = parseUcubeUrl('?period=day&sort=email&q=abc&role=LEVEL2&type=team');
    expect(drillState(state, { role: 'LEVEL3', type: 'team', emailId: 'bm.vn@demo.test' })).toEqual({
      period: 'day',
      sort: 'email',
      order: 'asc',
      q: '',
      role: 'LEVEL3',
      type: 'team',
      emailId: 'bm.vn@demo.test',
    });
  });

  it('goes back up by the breadcrumb: the chosen node lists the level below it', () => {
    const entry = (level: string, emailId = '', dtCode?: string): HierarchyLevelEntry => ({
      levelname: level,
      columnName: level,
      level,
      emailId,
      active: false,
      ...(dtCode ? { dtCode } : {}),
    });
    const levels = [
      entry('LEVEL1', 'super@demo.test'),
      entry('LEVEL2', 'bm@demo.test'),
      entry('LEVEL3', 'asm@demo.test'),
      entry('LEVEL4'),
    ];
    const state = parseUcubeUrl('?period=day&role=LEVEL4&type=team&emailId=asm@demo.test');
    expect(crumbState(state, levels, 0, 'team')).toEqual({
      period: 'day',
      sort: 'achievedPercentage',
      order: 'desc',
      q: '',
    });
    expect(crumbState(state, levels, 1, 'team')).toMatchObject({
      role: 'LEVEL3',
      type: 'team',
      emailId: 'bm@demo.test',
    });
    const dt = [entry('LEVEL1', 'x'), entry('LEVEL2', '', 'DT9'), entry('LEVEL3', 'tl@x'), entry('LEVEL4')];
    expect(crumbState(state, dt, 1, 'distributor')).toMatchObject({
      role: 'LEVEL3',
      type: 'distributor',
      dtCode: 'DT9',
    });
  });

  it('carries the total row’s whole-node drill (span) and skips unchosen levels in the breadcrumb', () => {
    const state = drillState(parseUcubeUrl('?period=day'), {
      role: 'LEVEL6',
      type: 'team',
      emailId: 'bm@demo.test',
      span: 'subtree',
    });
    expect(ucubeSearch(state)).toBe('?period=day&role=LEVEL6&type=team&emailId=bm%40demo.test&span=subtree');
    expect(parseUcubeUrl(ucubeSearch(state))).toEqual(state);
    expect(requestParams(state, null)).toMatchObject({ span: 'subtree', emailId: 'bm@demo.test' });
    expect(parseUcubeUrl('?span=everything').span).toBeUndefined();
    const entry = (level: string, emailId = ''): HierarchyLevelEntry => ({
      levelname: level,
      columnName: level,
      level,
      emailId,
      active: false,
    });
    const levels = [
      entry('LEVEL1', 'super@demo.test'),
      entry('LEVEL2', 'bm@demo.test'),
      entry('LEVEL3'),
      entry('LEVEL4'),
    ];
    expect([0, 1, 2].map((i) => crumbReachable(levels, i))).toEqual([true, true, false]);
    // Going back to a spanned view's chosen node lists its own level below, one level at a time.
    expect(crumbState(state, levels, 1, 'team')).not.toHaveProperty('span');
  });
});
