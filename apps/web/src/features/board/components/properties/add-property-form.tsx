import { Button, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { addOption, type DataType, ROLLUP_AGGREGATES, type SelectOption } from '@solar/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoard } from '../../hooks/board-context';
import type { PropertyConfig } from '../../hooks/use-property-actions';
import { isEditable, orderColumns, TITLE_KEY } from '../../lib/columns';
import { FormulaField } from './formula-field';
import { CHOOSABLE_TYPES, typeKey } from './type-labels';

interface AddPropertyFormProps {
  onSubmit: (name: string, type: DataType, config: PropertyConfig) => Promise<boolean>;
}

/** The new-property form of the '+' column and of 'Insert left/right': a name, a type and its settings. */
export function AddPropertyForm({ onSubmit }: AddPropertyFormProps) {
  const { t } = useTranslation('board');
  const { columns } = useBoard();
  const [name, setName] = useState('');
  const [type, setType] = useState<DataType>('text');
  const [options, setOptions] = useState<string[]>([]);
  const [formula, setFormula] = useState('');
  const [relationBoard, setRelationBoard] = useState<'tasks' | 'projects'>('tasks');
  const [rollup, setRollup] = useState({
    relationProperty: '',
    targetProperty: '',
    aggregate: 'sum' as const as string,
  });
  const [button, setButton] = useState({ label: '', setProperty: '', setValue: '' });
  const [busy, setBusy] = useState(false);
  const all = orderColumns(columns);
  const relations = all
    .filter((c) => c.dataType === 'relation')
    .map((c) => ({ value: c.id, label: c.label }));
  const targets = all.filter((c) => c.id !== TITLE_KEY).map((c) => ({ value: c.id, label: c.label }));
  const settable = all
    .filter((c) => isEditable(c) && c.id !== TITLE_KEY)
    .map((c) => ({ value: c.id, label: c.label }));

  const config = (): PropertyConfig => {
    switch (type) {
      case 'select':
      case 'multi-select':
      case 'status':
        return {
          options: options.reduce<SelectOption[]>((list, o) => addOption(list, o) as SelectOption[], []),
        };
      case 'formula':
        return { formula };
      case 'relation':
        return { relationBoard };
      case 'rollup':
        return { rollup: { ...rollup, aggregate: rollup.aggregate as (typeof ROLLUP_AGGREGATES)[number] } };
      case 'button':
        return {
          button: {
            label: button.label.trim() || name.trim(),
            setProperty: button.setProperty,
            setValue: button.setValue,
          },
        };
      default:
        return {};
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const ok = await onSubmit(name, type, config());
    setBusy(false);
    if (ok) setName('');
  };

  return (
    <form
      onSubmit={submit}
      onKeyDown={(event) => event.stopPropagation()}
      noValidate
      data-testid="add-property-form"
    >
      <Stack gap="xs">
        <TextInput
          label={t('addProperty.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
          autoFocus
          required
          maxLength={100}
        />
        <Select
          label={t('addProperty.type')}
          data={CHOOSABLE_TYPES.map((value) => ({ value, label: t(typeKey(value)) }))}
          value={type}
          onChange={(value) => value && setType(value as DataType)}
          allowDeselect={false}
          searchable
          comboboxProps={{ withinPortal: false }}
        />
        {(type === 'select' || type === 'multi-select' || type === 'status') && (
          <TagsInput
            label={t('addProperty.options')}
            value={options}
            onChange={setOptions}
            comboboxProps={{ withinPortal: false }}
          />
        )}
        {type === 'formula' && <FormulaField value={formula} onChange={setFormula} />}
        {type === 'relation' && (
          <Select
            label={t('addProperty.relationBoard')}
            data={[
              { value: 'tasks', label: t('board.tasks') },
              { value: 'projects', label: t('board.projects') },
            ]}
            value={relationBoard}
            onChange={(value) => value && setRelationBoard(value as 'tasks' | 'projects')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
        )}
        {type === 'rollup' && (
          <>
            <Select
              label={t('addProperty.rollupRelation')}
              data={relations}
              value={rollup.relationProperty || null}
              onChange={(v) => setRollup((r) => ({ ...r, relationProperty: v ?? '' }))}
              required
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              label={t('addProperty.rollupTarget')}
              data={targets}
              value={rollup.targetProperty || null}
              onChange={(v) => setRollup((r) => ({ ...r, targetProperty: v ?? '' }))}
              required
              searchable
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              label={t('addProperty.rollupAggregate')}
              data={ROLLUP_AGGREGATES.map((a) => ({ value: a, label: t(`aggregates.${a}`) }))}
              value={rollup.aggregate}
              onChange={(v) => v && setRollup((r) => ({ ...r, aggregate: v }))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
            />
          </>
        )}
        {type === 'button' && (
          <>
            <TextInput
              label={t('addProperty.buttonLabel')}
              value={button.label}
              onChange={(e) => setButton((b) => ({ ...b, label: e.currentTarget.value }))}
            />
            <Select
              label={t('addProperty.buttonProperty')}
              data={settable}
              value={button.setProperty || null}
              onChange={(v) => setButton((b) => ({ ...b, setProperty: v ?? '' }))}
              required
              searchable
              comboboxProps={{ withinPortal: false }}
            />
            <TextInput
              label={t('addProperty.buttonValue')}
              value={button.setValue}
              onChange={(e) => setButton((b) => ({ ...b, setValue: e.currentTarget.value }))}
            />
          </>
        )}
        <Button type="submit" loading={busy}>
          {t('addProperty.submit')}
        </Button>
      </Stack>
    </form>
  );
}
