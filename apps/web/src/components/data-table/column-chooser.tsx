import { useDisclosure } from '../use-dismiss';
import { useT } from '../../lib/i18n';

export interface ChooserColumn {
  key: string;
  header: string;
}

/**
 * "Columns": a button opening one checkbox per column to hide and show it. Tab and Space work the
 * checkboxes, Escape closes and returns to the button; the last visible column cannot be hidden.
 */
export function ColumnChooser({
  columns,
  hidden,
  onChange,
}: {
  columns: readonly ChooserColumn[];
  hidden: readonly string[];
  onChange(hidden: string[]): void;
}) {
  const t = useT();
  const { open, toggle, panelId, container, trigger } = useDisclosure({ closeOnSearch: false });
  const hiddenHere = hidden.filter((key) => columns.some((c) => c.key === key));
  const shown = columns.length - hiddenHere.length;
  const label =
    hiddenHere.length > 0
      ? t('table.columns.buttonCount', { shown, all: columns.length })
      : t('table.columns.button');

  return (
    <div className="dtable-columns" ref={container}>
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
        <div id={panelId} className="dtable-columns__panel">
          <fieldset className="dtable-columns__list">
            <legend className="dtable-columns__legend">{t('table.columns.legend')}</legend>
            {columns.map((column) => {
              const visible = !hiddenHere.includes(column.key);
              const last = visible && shown === 1;
              return (
                <label key={column.key} className="dtable-columns__option">
                  <input
                    type="checkbox"
                    checked={visible}
                    disabled={last}
                    title={last ? t('table.columns.lastOne') : undefined}
                    onChange={() =>
                      onChange(
                        visible
                          ? [...hiddenHere, column.key]
                          : hiddenHere.filter((key) => key !== column.key),
                      )
                    }
                  />
                  <span>{column.header}</span>
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
            {t('table.columns.showAll')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
