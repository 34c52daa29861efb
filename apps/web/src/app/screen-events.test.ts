import { describe, expect, it } from 'vitest';
import { screenEvent } from './screen-events';

const q = (s: string) => new URLSearchParams(s);

describe('screenEvent', () => {
  it('names the views and their details when a drill is open', () => {
    expect(screenEvent('homepage', q(''))).toEqual({ event: 'homepage', properties: {} });
    expect(screenEvent('teamLevels', q('period=MTD'))).toEqual({
      event: 'teamView',
      properties: { period: 'MTD' },
    });
    expect(screenEvent('teamLevels', q('period=mtd&role=LEVEL3&type=distributor&dtCode=DT01'))).toEqual({
      event: 'teamDetails',
      properties: { period: 'mtd', level: 'LEVEL3', listType: 'distributor', selectedStore: 'DT01' },
    });
    expect(screenEvent('teamLevels', q('emailId=tl.vn@demo.test'))?.event).toBe('teamDetails');
    expect(screenEvent('distributorTeamLevels', q(''))?.event).toBe('distributorView');
    expect(screenEvent('disciplinaryTeamLevels', q('emailId=x'))?.event).toBe('kpiDetails');
    expect(screenEvent('disciplinaryTeamLevels', q('period=day'))).toEqual({
      event: 'kpiView',
      properties: { kpiType: 'disciplinary', period: 'day' },
    });
  });

  it('calls a salesperson’s day a tracking screen, and any tracking route one too', () => {
    expect(screenEvent('teamLevels', q('period=mtd&sm=sm.vn@demo.test'))).toEqual({
      event: 'trackingView',
      properties: { section: 'salesmanDay', period: 'mtd', selectedSalesman: 'sm.vn@demo.test' },
    });
    expect(screenEvent('trackingMap' as never, q(''))).toEqual({
      event: 'trackingView',
      properties: { section: 'trackingMap' },
    });
  });

  it('gives report views their category and name, and admin tools their key', () => {
    expect(
      screenEvent('reportPage', q('reportName=Order%20Loss&reportCategory=transactionalreports')),
    ).toEqual({
      event: 'reportView',
      properties: { category: 'transactional', name: 'Order Loss' },
    });
    expect(screenEvent('reportPage', q('reportName=Outlet%20Master&reportCategory=masterreports'))).toEqual({
      event: 'reportView',
      properties: { category: 'master', name: 'Outlet Master' },
    });
    expect(screenEvent('operationalReportsLanding', q(''))?.properties).toEqual({
      category: 'operational',
      name: null,
    });
    expect(screenEvent('adminConfiguration', q('view=usage'))).toEqual({
      event: 'adminView',
      properties: { tool: 'adminConfiguration', section: 'usage' },
    });
    expect(screenEvent('outletStatus', q(''))).toEqual({
      event: 'adminView',
      properties: { tool: 'outletStatus' },
    });
  });

  it('leaves the sign-in screens to their own events', () => {
    expect(screenEvent('login', q(''))).toBeNull();
    expect(screenEvent('forgotPassword', q(''))).toBeNull();
  });
});
