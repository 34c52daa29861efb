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
    expect(screenEvent('teamLevels', q('emailId=tl.vn@demo.test'))?.event).toBe('teamDetails');
    expect(screenEvent('distributorTeamLevels', q(''))?.event).toBe('distributorView');
    expect(screenEvent('disciplinaryTeamLevels', q('emailId=x'))?.event).toBe('kpiDetails');
  });

  it('gives report views their category and name, and admin tools their key', () => {
    expect(screenEvent('reportPage', q('reportName=Order%20Loss&reportCategory=transactional'))).toEqual({
      event: 'reportView',
      properties: { category: 'transactional', name: 'Order Loss' },
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
