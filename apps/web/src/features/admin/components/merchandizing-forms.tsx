import {
  MERCH_LIMITS,
  newMerchVersionSchema,
  saveMerchDisplaySchema,
  saveMerchOutletSchema,
  saveMerchSetSchema,
  type CountryCode,
  type MerchDisplay,
  type MerchSaveResult,
  type MerchSetDetail,
} from '@fieldforce/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { DateRangeFields } from '../../../components/date-range-fields';
import { Dialog } from '../../../components/dialog';
import { FormField, FormMessage } from '../../../components/form-field';
import { useT, type MessageKey } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/server-messages';
import { track } from '../../../lib/usage';
import { newMerchVersion, saveMerchDisplay, saveMerchOutlet, saveMerchSet } from '../api/merchandizing';

type Errors = Record<string, string>;

/** The first zod issue of each field, by its path joined with dots ('products.0.itemCode'). */
function fieldErrors(error: z.ZodError): Errors {
  const out: Errors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

/** A form in a dialog: fields, a server error line, Save and Cancel. */
function FormDialog({
  title,
  onClose,
  onSubmit,
  busy,
  error,
  children,
}: {
  title: string;
  onClose(): void;
  onSubmit(): void;
  busy: boolean;
  error: string | null;
  children: ReactNode;
}) {
  const t = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog title={title} onClose={onClose} className="merch-dialog">
      <form onSubmit={submit} noValidate>
        {children}
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        <div className="dialog__actions">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {t('merch.form.save')}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('merch.form.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Runs a save: the usage event, the server's words on failure. */
function useSave() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (
    what: string,
    call: () => Promise<MerchSaveResult>,
    done: (r: MerchSaveResult) => void,
  ) => {
    setBusy(true);
    setError(null);
    try {
      const result = await call();
      track('save', { tool: 'merchandizingSets', kind: what, count: result.changed ? 1 : 0 });
      done(result);
    } catch (err) {
      setError(errorMessage(err, t));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.trim().replace(',', '.')));

/** A set's validity, Go live to End date (one range: the messages under the pair). */
function ValidityFields({
  goLive,
  endDate,
  errors,
  onChange,
}: {
  goLive: string;
  endDate: string;
  errors: Errors;
  onChange(range: { goLive: string; endDate: string }): void;
}) {
  const t = useT();
  return (
    <DateRangeFields
      className="merch-form__validity"
      fromLabel={t('merch.field.goLive')}
      toLabel={t('merch.field.endDate')}
      from={goLive}
      to={endDate}
      fromError={errors['goLive'] ? t('merch.form.invalid.goLive') : null}
      toError={errors['endDate'] ? t('merch.form.invalid.endDate') : null}
      onChange={({ from, to }) => onChange({ goLive: from, endDate: to })}
    />
  );
}

/** Create Sets, one record: a new Set ID (version 1) or the current version of one being edited. */
export function SetFormDialog({
  country,
  initial,
  onClose,
  onSaved,
}: {
  country: CountryCode;
  initial?: MerchSetDetail;
  onClose(): void;
  onSaved(result: MerchSaveResult): void;
}) {
  const t = useT();
  const [v, setV] = useState({
    setId: initial?.setId ?? '',
    setName: initial?.setName ?? '',
    buAssetType: initial?.buAssetType ?? '',
    subRegion: initial?.subRegion ?? '',
    osaHurdle: initial ? String(initial.osaHurdle) : '',
    facingsHurdle: initial ? String(initial.facingsHurdle) : '',
    stockHurdle: initial ? String(initial.stockHurdle) : '',
    goLive: initial?.goLive ?? '',
    endDate: initial?.endDate ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const save = useSave();
  const field = (key: keyof typeof v, label: MessageKey, extra: Record<string, unknown> = {}) => (
    <FormField
      label={t(label)}
      value={v[key]}
      error={errors[key] ? t(`merch.form.invalid.${key}` as MessageKey) : null}
      onChange={(event) => setV((s) => ({ ...s, [key]: event.target.value }))}
      {...extra}
    />
  );
  const submit = () => {
    const parsed = saveMerchSetSchema.safeParse({
      ...v,
      setId: v.setId.trim(),
      osaHurdle: num(v.osaHurdle),
      facingsHurdle: num(v.facingsHurdle),
      stockHurdle: num(v.stockHurdle),
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    void save.run('set', () => saveMerchSet(country, parsed.data), onSaved);
  };
  return (
    <FormDialog
      title={t(initial ? 'merch.form.editSet' : 'merch.form.newSet')}
      onClose={onClose}
      onSubmit={submit}
      busy={save.busy}
      error={save.error}
    >
      <div className="merch-form__grid">
        {field('setId', 'merch.field.setId', {
          disabled: Boolean(initial),
          hint: t('merch.form.codeHint'),
          autoComplete: 'off',
        })}
        {field('setName', 'merch.field.setName')}
        {field('buAssetType', 'merch.field.buAssetType')}
        {field('subRegion', 'merch.field.subRegion')}
        {field('osaHurdle', 'merch.field.osaHurdle', {
          inputMode: 'decimal',
          hint: t('merch.form.rateHint'),
        })}
        {field('facingsHurdle', 'merch.field.facingsHurdle', { inputMode: 'decimal' })}
        {field('stockHurdle', 'merch.field.stockHurdle', { inputMode: 'decimal' })}
        <ValidityFields
          goLive={v.goLive}
          endDate={v.endDate}
          errors={errors}
          onChange={(range) => setV((s) => ({ ...s, ...range }))}
        />
      </div>
    </FormDialog>
  );
}

interface LineText {
  itemCode: string;
  facings: string;
  depth: string;
}

/** Create Displays, one record: a display of the set's current version with its product lines in order. */
export function DisplayFormDialog({
  country,
  setId,
  initial,
  onClose,
  onSaved,
}: {
  country: CountryCode;
  setId: string;
  initial?: MerchDisplay;
  onClose(): void;
  onSaved(result: MerchSaveResult): void;
}) {
  const t = useT();
  const id = useId();
  const [displayId, setDisplayId] = useState(initial?.displayId ?? '');
  const [displayName, setDisplayName] = useState(initial?.displayName ?? '');
  const [lines, setLines] = useState<LineText[]>(
    initial && initial.products.length > 0
      ? initial.products.map((p) => ({
          itemCode: p.itemCode,
          facings: String(p.facings),
          depth: String(p.depth),
        }))
      : [{ itemCode: '', facings: '1', depth: '1' }],
  );
  const [errors, setErrors] = useState<Errors>({});
  const save = useSave();
  const setLine = (i: number, patch: Partial<LineText>) =>
    setLines((all) => all.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const submit = () => {
    const parsed = saveMerchDisplaySchema.safeParse({
      setId,
      displayId: displayId.trim(),
      displayName,
      products: lines.map((l, i) => ({
        productOrder: i + 1,
        itemCode: l.itemCode.trim(),
        facings: num(l.facings),
        depth: num(l.depth),
      })),
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    void save.run('display', () => saveMerchDisplay(country, parsed.data), onSaved);
  };
  const lineError = (i: number, key: keyof LineText) =>
    errors[`products.${i}.${key}`] ? t(`merch.form.invalid.${key}` as MessageKey) : null;
  return (
    <FormDialog
      title={t(initial ? 'merch.form.editDisplay' : 'merch.form.newDisplay')}
      onClose={onClose}
      onSubmit={submit}
      busy={save.busy}
      error={save.error ?? (errors['products'] ? t('merch.form.invalid.products') : null)}
    >
      <p className="merch-form__for">{t('merch.form.forSet', { setId })}</p>
      <div className="merch-form__grid">
        <FormField
          label={t('merch.field.displayId')}
          value={displayId}
          disabled={Boolean(initial)}
          hint={t('merch.form.codeHint')}
          autoComplete="off"
          error={errors['displayId'] ? t('merch.form.invalid.displayId') : null}
          onChange={(event) => setDisplayId(event.target.value)}
        />
        <FormField
          label={t('merch.field.displayName')}
          value={displayName}
          error={errors['displayName'] ? t('merch.form.invalid.displayName') : null}
          onChange={(event) => setDisplayName(event.target.value)}
        />
      </div>
      <fieldset className="merch-lines">
        <legend>{t('merch.form.lines')}</legend>
        <ol className="merch-lines__list" aria-describedby={`${id}-lines`}>
          {lines.map((line, i) => (
            <li key={i} className="merch-lines__row">
              <span className="merch-lines__order" aria-hidden="true">
                {i + 1}
              </span>
              <FormField
                label={t('merch.field.productCode', { order: i + 1 })}
                value={line.itemCode}
                autoComplete="off"
                error={lineError(i, 'itemCode')}
                onChange={(event) => setLine(i, { itemCode: event.target.value })}
              />
              <FormField
                label={t('merch.field.facings')}
                value={line.facings}
                inputMode="numeric"
                error={lineError(i, 'facings')}
                onChange={(event) => setLine(i, { facings: event.target.value })}
              />
              <FormField
                label={t('merch.field.depth')}
                value={line.depth}
                inputMode="numeric"
                error={lineError(i, 'depth')}
                onChange={(event) => setLine(i, { depth: event.target.value })}
              />
              <button
                type="button"
                className="button button--ghost merch-lines__remove"
                disabled={lines.length === 1}
                aria-label={t('merch.form.removeLine', { order: i + 1 })}
                onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
              >
                {t('merch.form.remove')}
              </button>
            </li>
          ))}
        </ol>
        <p id={`${id}-lines`} className="field__hint">
          {t('merch.form.linesHint', { facings: MERCH_LIMITS.facings, depth: MERCH_LIMITS.depth })}
        </p>
        <button
          type="button"
          className="button button--ghost"
          disabled={lines.length >= MERCH_LIMITS.productsPerDisplay}
          onClick={() => setLines((all) => [...all, { itemCode: '', facings: '1', depth: '1' }])}
        >
          {t('merch.form.addLine')}
        </button>
      </fieldset>
    </FormDialog>
  );
}

/** Upload Outlet list, one record: an outlet on a display of the set's current version. */
export function OutletFormDialog({
  country,
  setId,
  displays,
  onClose,
  onSaved,
}: {
  country: CountryCode;
  setId: string;
  displays: readonly MerchDisplay[];
  onClose(): void;
  onSaved(result: MerchSaveResult): void;
}) {
  const t = useT();
  const selectId = useId();
  const [displayId, setDisplayId] = useState(displays[0]?.displayId ?? '');
  const [outletCode, setOutletCode] = useState('');
  const [times, setTimes] = useState('1');
  const [errors, setErrors] = useState<Errors>({});
  const save = useSave();
  const submit = () => {
    const parsed = saveMerchOutletSchema.safeParse({
      setId,
      displayId,
      outletCode: outletCode.trim(),
      times: num(times),
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    void save.run('outlet', () => saveMerchOutlet(country, parsed.data), onSaved);
  };
  return (
    <FormDialog
      title={t('merch.form.assignOutlet')}
      onClose={onClose}
      onSubmit={submit}
      busy={save.busy}
      error={save.error}
    >
      <p className="merch-form__for">{t('merch.form.forSet', { setId })}</p>
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          {t('merch.col.display')}
        </label>
        <select
          id={selectId}
          className="field__control"
          value={displayId}
          onChange={(event) => setDisplayId(event.target.value)}
        >
          {displays.map((d) => (
            <option key={d.displayId} value={d.displayId}>
              {d.displayName} ({d.displayId})
            </option>
          ))}
        </select>
      </div>
      <FormField
        label={t('merch.field.outletId')}
        value={outletCode}
        inputMode="numeric"
        autoComplete="off"
        error={errors['outletCode'] ? t('merch.form.invalid.outletCode') : null}
        onChange={(event) => setOutletCode(event.target.value)}
      />
      <FormField
        label={t('merch.field.times')}
        value={times}
        inputMode="numeric"
        error={errors['times'] ? t('merch.form.invalid.times') : null}
        onChange={(event) => setTimes(event.target.value)}
      />
    </FormDialog>
  );
}

/** A new version of the set, copying the current one, with new validity dates if given. */
export function VersionDialog({
  country,
  set,
  onClose,
  onSaved,
}: {
  country: CountryCode;
  set: MerchSetDetail;
  onClose(): void;
  onSaved(result: MerchSaveResult): void;
}) {
  const t = useT();
  const [goLive, setGoLive] = useState(set.goLive);
  const [endDate, setEndDate] = useState(set.endDate);
  const [errors, setErrors] = useState<Errors>({});
  const save = useSave();
  const submit = () => {
    const parsed = newMerchVersionSchema.safeParse({ setId: set.setId, goLive, endDate });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    void save.run('version', () => newMerchVersion(country, parsed.data), onSaved);
  };
  return (
    <FormDialog
      title={t('merch.form.newVersion')}
      onClose={onClose}
      onSubmit={submit}
      busy={save.busy}
      error={save.error}
    >
      <p>{t('merch.form.newVersionLead', { setId: set.setId, version: set.version + 1 })}</p>
      <div className="merch-form__grid">
        <ValidityFields
          goLive={goLive}
          endDate={endDate}
          errors={errors}
          onChange={(range) => {
            setGoLive(range.goLive);
            setEndDate(range.endDate);
          }}
        />
      </div>
    </FormDialog>
  );
}
