import {
  TASK_KINDS,
  TASK_LIMITS,
  taskFormProblems,
  type CountryCode,
  type TaskDetail,
  type TaskField,
  type TaskFormProblem,
  type TaskInput,
  type TaskKind,
} from '@fieldforce/contracts';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { ChecklistField, type ChecklistGroup } from '../../../components/checklist-field';
import { DateRangeFields } from '../../../components/date-range-fields';
import { Dialog } from '../../../components/dialog';
import { FormField, FormMessage } from '../../../components/form-field';
import { ApiError } from '../../../lib/api-client';
import { useI18n, useT, type MessageKey } from '../../../lib/i18n';
import { dataWord, dataWordChoices } from '../../../lib/i18n/terms';
import { fetchTask, saveTask, useTaskOutletTypes } from '../api/tasks';
import { ChoiceField } from './task-fields';

interface Draft {
  title: string;
  kind: TaskKind;
  description: string;
  locationCode: string;
  outletTypes: string[];
  outletSubtypes: string[];
  customerCodes: string;
  itemCodes: string;
  startDate: string;
  endDate: string;
}

const EMPTY: Draft = {
  title: '',
  kind: 'displayCheck',
  description: '',
  locationCode: '',
  outletTypes: [],
  outletSubtypes: [],
  customerCodes: '',
  itemCodes: '',
  startDate: '',
  endDate: '',
};

/** Codes typed with commas, semicolons, spaces or new lines between them; each once. */
export const splitCodes = (text: string) => [...new Set(text.split(/[\s,;|]+/).filter((c) => c !== ''))];

export function draftToInput(d: Draft): TaskInput {
  return {
    title: d.title.trim(),
    kind: d.kind,
    description: d.description.trim(),
    locationCode: d.locationCode.trim() || null,
    outletTypes: [...d.outletTypes],
    outletSubtypes: [...d.outletSubtypes],
    customerCodes: splitCodes(d.customerCodes),
    itemCodes: splitCodes(d.itemCodes),
    startDate: d.startDate,
    endDate: d.endDate,
  };
}

const fromTask = (task: TaskDetail): Draft => ({
  title: task.title,
  kind: task.kind,
  description: task.description,
  locationCode: task.locationCode ?? '',
  outletTypes: [...task.outletTypes],
  outletSubtypes: [...task.outletSubtypes],
  customerCodes: task.customerCodes.join(', '),
  itemCodes: task.itemCodes.join(', '),
  startDate: task.startDate,
  endDate: task.endDate,
});

type Problems = Partial<Record<TaskField, TaskFormProblem>>;
type OfferedTypes = ReadonlyArray<{ type: string; subtypes: readonly string[] }>;

/**
 * The subtypes offered under each type's heading: of the chosen types, or of every type while none is
 * chosen; names in the reader's language, in its order.
 */
export function subtypeGroups(
  offered: OfferedTypes,
  chosenTypes: readonly string[],
  word: (text: string) => string,
  compare: (a: string, b: string) => number,
): ChecklistGroup[] {
  const types = chosenTypes.length > 0 ? offered.filter((o) => chosenTypes.includes(o.type)) : offered;
  return types
    .filter((o) => o.subtypes.length > 0)
    .map((o) => ({
      heading: word(o.type),
      options: o.subtypes
        .map((s) => ({ value: s, label: word(s) }))
        .sort((a, b) => compare(a.label, b.label)),
    }))
    .sort((a, b) => compare(a.heading, b.heading));
}

/**
 * Types chosen now: the subtypes that only a type no longer chosen held are dropped with it (a subtype
 * of no chosen type would reach nothing).
 */
export function withTypes(
  offered: OfferedTypes,
  types: string[],
  subtypes: readonly string[],
): { outletTypes: string[]; outletSubtypes: string[] } {
  if (types.length === 0) return { outletTypes: types, outletSubtypes: [...subtypes] };
  const kept = new Set(offered.filter((o) => types.includes(o.type)).flatMap((o) => o.subtypes));
  const anywhere = new Set(offered.flatMap((o) => o.subtypes));
  // A subtype the offer does not know (an old task's) is the admin's to clear, not ours.
  return { outletTypes: types, outletSubtypes: subtypes.filter((s) => kept.has(s) || !anywhere.has(s)) };
}

/** The server's refusal as problems by field ('body.itemCodes' → itemCodes: 'unknown'). */
function serverProblems(error: unknown): Problems | null {
  if (!(error instanceof ApiError) || error.fields.length === 0) return null;
  const problems: Problems = {};
  for (const f of error.fields) {
    const field = f.field.replace(/^body\./, '') as TaskField;
    problems[field] = f.message as TaskFormProblem;
  }
  return problems;
}

/** Create (code null) or edit one task: every field labelled, its problem announced beside it. */
export function TaskFormDialog({
  country,
  code,
  onClose,
  onSaved,
}: {
  country: CountryCode;
  code: string | null;
  onClose(): void;
  onSaved(task: TaskDetail): void;
}) {
  const t = useT();
  const { language } = useI18n();
  const descriptionId = useId();
  const offered = useTaskOutletTypes(country);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [loaded, setLoaded] = useState(code === null);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (code === null) return;
    let live = true;
    fetchTask(country, code)
      .then((task) => {
        if (live) {
          setDraft(fromTask(task));
          setLoaded(true);
        }
      })
      .catch(() => live && setFailure(t('tasks.form.failed')));
    return () => {
      live = false;
    };
  }, [country, code, t]);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const compare = useMemo(() => new Intl.Collator(language).compare, [language]);
  const offeredTypes = useMemo(() => offered.data?.outletTypes ?? [], [offered.data]);
  const typeGroups = useMemo<ChecklistGroup[]>(
    () => [
      {
        options: dataWordChoices(
          offeredTypes.map((o) => o.type),
          t,
          language,
        ),
      },
    ],
    [offeredTypes, t, language],
  );
  const subGroups = useMemo(
    () => subtypeGroups(offeredTypes, draft.outletTypes, (w) => dataWord(w, t), compare),
    [offeredTypes, draft.outletTypes, t, compare],
  );
  const listEmpty = offered.isError ? t('tasks.form.typesFailed') : t('tasks.form.noTypes');
  const problem = (field: TaskField) => {
    const p = problems[field];
    if (!p) return null;
    return t(`tasks.problem.${p}` as MessageKey, { days: TASK_LIMITS.days });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = draftToInput(draft);
    const found = taskFormProblems(input);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return setFailure(t('tasks.form.fix'));
    setSaving(true);
    try {
      const { task } = await saveTask(country, code, input);
      onSaved(task);
    } catch (error) {
      const refused = serverProblems(error);
      if (refused) {
        setProblems(refused);
        setFailure(t('tasks.form.fix'));
      } else {
        setFailure(t('tasks.form.failed'));
      }
    } finally {
      setSaving(false);
    }
  };

  const codes = (field: 'customerCodes' | 'itemCodes', label: MessageKey) => (
    <FormField
      label={t(label)}
      hint={t('tasks.form.codesHint')}
      error={problem(field)}
      value={draft[field]}
      autoComplete="off"
      onChange={(e) => set({ [field]: e.target.value })}
    />
  );

  return (
    <Dialog
      title={code ? t('tasks.form.editTitle', { code }) : t('tasks.form.createTitle')}
      onClose={onClose}
      className="task-form-dialog"
    >
      {loaded ? (
        <form onSubmit={(e) => void submit(e)} noValidate className="task-form">
          <FormField
            label={t('tasks.form.title')}
            required
            maxLength={TASK_LIMITS.title}
            error={problem('title')}
            value={draft.title}
            onChange={(e) => set({ title: e.target.value })}
          />
          <ChoiceField
            label={t('tasks.form.kind')}
            value={draft.kind}
            onChange={(kind) => set({ kind: kind as TaskKind })}
            choices={TASK_KINDS.map((k) => ({ value: k, label: t(`tasks.kind.${k}` as MessageKey) }))}
          />
          <div className="field task-form__wide">
            <label className="field__label" htmlFor={descriptionId}>
              {t('tasks.form.description')}
            </label>
            <textarea
              id={descriptionId}
              className="field__control"
              rows={2}
              maxLength={TASK_LIMITS.description}
              value={draft.description}
              onChange={(e) => set({ description: e.target.value })}
            />
          </div>
          <fieldset className="task-form__where task-form__wide">
            <legend>{t('tasks.form.where')}</legend>
            <p className="field__hint">{t('tasks.form.whereHint')}</p>
            <FormField
              label={t('tasks.form.location')}
              error={problem('locationCode')}
              value={draft.locationCode}
              autoComplete="off"
              onChange={(e) => set({ locationCode: e.target.value })}
            />
            {codes('customerCodes', 'tasks.form.customerCodes')}
            <ChecklistField
              legend={t('tasks.form.outletTypes')}
              hint={t('tasks.form.outletTypesHint')}
              error={problem('outletTypes')}
              groups={typeGroups}
              selected={draft.outletTypes}
              max={TASK_LIMITS.outletTypes}
              loading={offered.isPending}
              emptyText={listEmpty}
              onChange={(types) => set(withTypes(offeredTypes, types, draft.outletSubtypes))}
            />
            <ChecklistField
              legend={t('tasks.form.outletSubtypes')}
              hint={t('tasks.form.outletSubtypesHint')}
              error={problem('outletSubtypes')}
              groups={subGroups}
              selected={draft.outletSubtypes}
              max={TASK_LIMITS.outletSubtypes}
              loading={offered.isPending}
              emptyText={listEmpty}
              onChange={(outletSubtypes) => set({ outletSubtypes })}
            />
          </fieldset>
          <div className="task-form__wide">{codes('itemCodes', 'tasks.form.itemCodes')}</div>
          <DateRangeFields
            className="task-form__wide"
            fromLabel={t('tasks.form.startDate')}
            toLabel={t('tasks.form.endDate')}
            required
            from={draft.startDate}
            to={draft.endDate}
            fromError={problem('startDate')}
            toError={problem('endDate')}
            onChange={({ from, to }) => set({ startDate: from, endDate: to })}
          />
          <div className="task-form__wide">
            <FormMessage kind="error">{failure}</FormMessage>
          </div>
          <div className="dialog__actions task-form__wide">
            <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving}>
              {t('tasks.form.save')}
            </button>
            <button type="button" className="button button--ghost" onClick={onClose}>
              {t('tasks.form.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <FormMessage kind={failure ? 'error' : 'info'}>{failure ?? t('common.loading')}</FormMessage>
      )}
    </Dialog>
  );
}
