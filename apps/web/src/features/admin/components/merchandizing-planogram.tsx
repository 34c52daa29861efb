import type { MerchDisplay } from '@fieldforce/contracts';
import type { CSSProperties } from 'react';
import { useT } from '../../../lib/i18n';

/** Eight shelf colours; the product's order number is always printed too, so colour is never the only cue. */
const PALETTE = 8;

/**
 * One display drawn as a shelf seen from above: the products left to right in their order, each
 * `facings` columns wide and `depth` rows deep (the front row at the bottom), with its order number on
 * the blocks and its name under them. The drawing is decoration for sighted readers: the ordered list
 * after it says the same in words, and screen readers read that list.
 */
export function Planogram({ display }: { display: MerchDisplay }) {
  const t = useT();
  const columns = display.products.reduce((sum, p) => sum + p.facings, 0);
  const rows = display.products.reduce((max, p) => Math.max(max, p.depth), 1);
  const style = { '--shelf-columns': columns, '--shelf-rows': rows } as CSSProperties;
  return (
    <figure className="planogram" aria-labelledby={`display-${display.displayId}`}>
      <figcaption className="planogram__caption" id={`display-${display.displayId}`}>
        <strong>{display.displayName}</strong> <span className="planogram__id">{display.displayId}</span>
        <span className="planogram__meta">
          {t('merch.planogram.meta', {
            products: display.products.length,
            facings: columns,
            outlets: display.outlets,
          })}
        </span>
      </figcaption>
      {display.products.length === 0 ? (
        <p className="planogram__empty">{t('merch.planogram.empty')}</p>
      ) : (
        <>
          <div className="planogram__scroll">
            <div className="planogram__shelf" style={style} aria-hidden="true">
              {display.products.map((p, i) => (
                <div
                  key={p.productOrder}
                  className={`planogram__product planogram__product--c${i % PALETTE}`}
                  style={{ gridColumn: `span ${p.facings}` }}
                  title={`${p.productOrder}. ${p.itemName} (${p.itemCode}) · ${p.facings} × ${p.depth}`}
                >
                  <div
                    className="planogram__cells"
                    style={{
                      gridTemplateColumns: `repeat(${p.facings}, 1fr)`,
                      gridTemplateRows: `repeat(${rows}, 1fr)`,
                    }}
                  >
                    {Array.from({ length: p.facings * rows }, (_, cell) => {
                      const row = Math.floor(cell / p.facings);
                      // Rows fill from the front (the bottom): the back rows past the depth stay empty.
                      const filled = row >= rows - p.depth;
                      return <span key={cell} className={filled ? 'planogram__unit' : 'planogram__gap'} />;
                    })}
                  </div>
                  <span className="planogram__order">{p.productOrder}</span>
                </div>
              ))}
            </div>
            <div className="planogram__front" aria-hidden="true">
              {t('merch.planogram.front')}
            </div>
          </div>
          <ol className="planogram__list">
            {display.products.map((p) => (
              <li key={p.productOrder} value={p.productOrder}>
                {t(p.facings === 1 ? 'merch.planogram.lineOne' : 'merch.planogram.line', {
                  name: p.itemName,
                  code: p.itemCode,
                  facings: p.facings,
                  depth: p.depth,
                })}
              </li>
            ))}
          </ol>
        </>
      )}
    </figure>
  );
}
