import { Button, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { VIEW_TYPES, type ViewType } from '@solar/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSingleFlight } from '../../../../lib/single-flight';

interface ViewNameFormProps {
  initialName?: string;
  /** Offer the layout choice (new views). */
  withLayout?: boolean;
  submitLabel: string;
  /** Resolves with a field error to show, or null when done. */
  onSubmit: (name: string, layout: ViewType) => Promise<string | null>;
}

/** A view's name (and layout for a new one). SPEC §5: empty or only spaces is refused. */
export function ViewNameForm({
  initialName = '',
  withLayout = false,
  submitLabel,
  onSubmit,
}: ViewNameFormProps) {
  const { t } = useTranslation('board');
  const [name, setName] = useState(initialName);
  const [layout, setLayout] = useState<ViewType>('table');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Enter pressed twice in the name field would otherwise create the view twice.
  const flight = useSingleFlight();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('views.nameEmpty'));
      return;
    }
    flight((done) => {
      setBusy(true);
      void onSubmit(name.trim(), layout).then((message) => {
        setError(message);
        setBusy(false);
        done();
      });
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <TextInput
          label={t('views.name')}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={100}
          data-autofocus
          autoFocus
        />
        {withLayout && (
          <SegmentedControl
            aria-label={t('views.layout')}
            value={layout}
            onChange={(value) => setLayout(value as ViewType)}
            data={VIEW_TYPES.map((value) => ({ value, label: t(`layouts.${value}`) }))}
          />
        )}
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
