/**
 * A set version's compliance by outlet: each outlet's last audit is a day the reader's way
 * (21-Nov-26; 21/11/2026 in Vietnamese), not the stored YYYY-MM-DD; the chart's summary in words
 * reads right for one week and for several ('1 weeks below' before).
 */
import type { MerchCompliance } from '@fieldforce/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../lib/i18n';
import { ComplianceView } from './merchandizing-compliance';

const data: MerchCompliance = {
  setId: 'VN-SET-001',
  version: 1,
  hurdles: { osa: 90, facings: 85, stock: 80 },
  overall: { audits: 4, osaPct: 92.9, facingsPct: 85, stockPct: 81.5, outlets: 1, outletsMeetingAll: 1 },
  weeks: [{ weekStart: '2026-11-16', audits: 4, osaPct: 92.9, facingsPct: 85, stockPct: 81.5 }],
  outlets: [
    {
      outletCode: '3100000004',
      outletName: 'Tạp hóa Chú An',
      dtCode: 'VNDT001',
      lastAuditDate: '2026-11-21',
      audits: 4,
      osaPct: 92.9,
      facingsPct: 85,
      stockPct: 81.5,
      osaMet: true,
      facingsMet: true,
      stockMet: true,
    },
  ],
};

function lastAudit(language: 'en' | 'vi') {
  render(
    <I18nProvider language={language}>
      <ComplianceView data={data} />
    </I18nProvider>,
  );
  const row = screen.getByRole('row', { name: /Tạp hóa Chú An/ });
  return row.querySelector('td:last-child')?.textContent;
}

describe('compliance by outlet', () => {
  it('shows the last audit as a day in English', () => {
    expect(lastAudit('en')).toBe('21-Nov-26');
  });

  it('and in Vietnamese', () => {
    expect(lastAudit('vi')).toBe('21/11/2026');
  });

  it('sums up one week without a plural, and several weeks by how many fell below', () => {
    const { unmount } = render(
      <I18nProvider language="en">
        <ComplianceView data={data} />
      </I18nProvider>,
    );
    expect(
      screen.getByText(
        /^On-shelf availability in the one week audited: 92\.9\s%\sagainst the hurdle of 90\s%\.$/,
      ),
    ).toBeTruthy();
    unmount();
    const twoWeeks = {
      ...data,
      weeks: [{ ...data.weeks[0]!, weekStart: '2026-11-09', osaPct: 80 }, ...data.weeks],
    };
    render(
      <I18nProvider language="en">
        <ComplianceView data={twoWeeks} />
      </I18nProvider>,
    );
    expect(screen.getByText(/over 2 weeks: below the hurdle of 90\s% in 1 of them/)).toBeTruthy();
  });

  it('counts one audit in the singular', () => {
    render(
      <I18nProvider language="en">
        <ComplianceView data={{ ...data, overall: { ...data.overall, audits: 1 } }} />
      </I18nProvider>,
    );
    expect(screen.getByText('1 audit')).toBeTruthy();
  });
});
