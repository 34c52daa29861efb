/**
 * The planogram of a display: the shelf drawn with each product `facings` columns wide and `depth` rows
 * deep (front rows filled, the back past its depth left empty), hidden from screen readers, and the same
 * shelf said in words as an ordered list in the products' order, in English and Vietnamese.
 */
import type { MerchDisplay } from '@fieldforce/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../lib/i18n';
import { Planogram } from './merchandizing-planogram';

const display: MerchDisplay = {
  displayId: 'D-TEST-01',
  displayName: 'Cooler top shelf',
  outlets: 3,
  products: [
    { productOrder: 1, itemCode: 'A1', itemName: 'Cola 330ml', facings: 3, depth: 2 },
    { productOrder: 2, itemCode: 'B2', itemName: 'Lemon 500ml', facings: 1, depth: 4 },
  ],
};

describe('Planogram', () => {
  it('draws facings × depth per product and lists the products in order for screen readers', () => {
    const { container } = render(
      <I18nProvider language="en">
        <Planogram display={display} />
      </I18nProvider>,
    );
    const figure = screen.getByRole('figure', { name: /Cooler top shelf/ });
    const items = within(figure).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Cola 330ml (A1): 3 facings wide, 2 deep',
      'Lemon 500ml (B2): 1 facing wide, 4 deep',
    ]);
    const shelf = container.querySelector('.planogram__shelf')!;
    expect(shelf.getAttribute('aria-hidden')).toBe('true');
    const [first, second] = [...shelf.querySelectorAll('.planogram__product')];
    // Four rows (the deepest product): the first product fills its 2 front rows of 3 columns.
    expect(first!.querySelectorAll('.planogram__unit')).toHaveLength(6);
    expect(first!.querySelectorAll('.planogram__gap')).toHaveLength(6);
    expect((first as HTMLElement).style.gridColumn).toBe('span 3');
    expect(second!.querySelectorAll('.planogram__unit')).toHaveLength(4);
  });

  it('speaks Vietnamese', () => {
    render(
      <I18nProvider language="vi">
        <Planogram display={display} />
      </I18nProvider>,
    );
    expect(screen.getByText('Cola 330ml (A1): rộng 3 mặt, sâu 2')).toBeTruthy();
  });
});
