import type { ReportColumn } from '@fieldforce/contracts';
import { useDisclosure } from '../../../components/use-dismiss';
import { useT } from '../../../lib/i18n';

/**
 * "Columns": a button opening a list of checkboxes, one per column, to hide and show columns. Tab
 * and Space work the checkboxes, Escape closes and returns to the button. The last visible column
 * cannot be hidden. The parent remembers the choice (useHiddenColumns).
 */
export function ColumnChooser({
  columns,
  hidden,
  onChange,
  headerOf,
}: {
  columns: readonly ReportColumn[];
  hidden: readonly string[];
  onChange(hidden: string[]): void;
  headerOf(column: ReportColumn): string;
}) {
  const t = useT();
  const { open, toggle, panelId, container, trigger } = useDisclosure({ closeOnSearch: false });
  const hiddenHere = hidden.filter((key) => columns.some((c) => c.key === key));
  const shown = columns.length - hiddenHere.length;
  const label =
    hiddenHere.length > 0
      ? t('reports.columns.buttonCount', { shown, all: columns.length })
      : t('reports.columns.button');

  return (
    <div className="report-columns" ref={container}>
      <button
        ref={trigger}
        type="button"
        className="button button--ghost button--small"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        {label}
      </button>
      {open ? (
        <div id={panelId} className="report-columns__panel">
          <fieldset className="report-columns__list">
            <legend className="report-columns__legend">{t('reports.columns.legend')}</legend>
            {columns.map((column) => {
              const visible = !hiddenHere.includes(column.key);
              const last = visible && shown === 1;
              return (
                <label key={column.key} className="report-columns__option">
                  <input
                    type="checkbox"
                    checked={visible}
                    disabled={last}
                    title={last ? t('reports.columns.lastOne') : undefined}
                    onChange={() =>
                      onChange(
                        visible
                          ? [...hiddenHere, column.key]
                          : hiddenHere.filter((key) => key !== column.key),
                      )
                    }
                  />
                  <span>{headerOf(column)}</span>
                </label>
              );
            })}
          </fieldset>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={hiddenHere.length === 0}
            onClick={() => onChange([])}
          >
            {t('reports.columns.showAll')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
