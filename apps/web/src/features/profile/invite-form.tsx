import { ActionIcon, Button, Grid, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { Email, formatNumber, INSTALLER_ROLES, type InstallerRole } from '@solar/shared';
import { IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { useInviteUsers } from '../../api/installer';
import { currentLanguage } from '../../i18n';
import { notifyError, notifySuccess, translateMessage } from '../../lib/errors';
import { useSingleFlight } from '../../lib/single-flight';
import { focusFirstInvalid } from '../../lib/use-form';
import { SectionCard } from './section-card';

interface InviteRow {
  id: number;
  email: string;
  role: InstallerRole | '';
  firstName: string;
  lastName: string;
}
type RowErrors = Record<number, { email?: string; role?: string }>;

let nextRowId = 1;
const emptyRow = (): InviteRow => ({
  id: nextRowId++,
  email: '',
  role: 'INSTALLER',
  firstName: '',
  lastName: '',
});

/** The invitation checks of SPEC §5, run before sending: e-mail present and valid, role present, no duplicates. */
function validateRows(rows: InviteRow[], tApp: TFunction): RowErrors {
  const errors: RowErrors = {};
  const seen = new Set<string>();
  for (const [index, row] of rows.entries()) {
    const email = row.email.trim().toLowerCase();
    const rowErrors: { email?: string; role?: string } = {};
    if (!email) rowErrors.email = tApp('validation.missingEmail');
    else if (!Email.safeParse(email).success) rowErrors.email = tApp('validation.invalid_email');
    else if (seen.has(email)) rowErrors.email = tApp('validation.duplicateEmail');
    seen.add(email);
    if (!row.role) rowErrors.role = tApp('validation.missingRole');
    if (rowErrors.email || rowErrors.role) errors[index] = rowErrors;
  }
  return errors;
}

/**
 * The messages left when row `removed` goes: the rows below move up with theirs (a refusal from the
 * server stays under its address), and a "duplicate" goes once its twin was the row removed.
 */
function errorsAfterRemoving(errors: RowErrors, removed: number, remaining: InviteRow[], tApp: TFunction) {
  const recheck = validateRows(remaining, tApp);
  const duplicate = tApp('validation.duplicateEmail');
  const next: RowErrors = {};
  for (const [key, rowErrors] of Object.entries(errors)) {
    const old = Number(key);
    if (old === removed) continue;
    const index = old > removed ? old - 1 : old;
    const kept = { ...rowErrors };
    if (kept.email === duplicate && recheck[index]?.email !== duplicate) delete kept.email;
    if (kept.email || kept.role) next[index] = kept;
  }
  return next;
}

/** Server field errors such as `users.1.email`, mapped back onto the rows. */
function rowErrorsFromServer(error: unknown, tApp: TFunction): RowErrors {
  const errors: RowErrors = {};
  if (!isApiError(error)) return errors;
  for (const [path, message] of Object.entries(error.errors)) {
    const match = /^users\.(\d+)\.(email|role)$/.exec(path);
    if (!match) continue;
    const index = Number(match[1]);
    errors[index] = { ...errors[index], [match[2] as 'email' | 'role']: translateMessage(message, tApp) };
  }
  return errors;
}

/** Invite form (INSTALLER_ADMIN): several rows, sent together to POST /api/installer/userAceess/{companyId}. */
export function InviteForm({ companyId }: { companyId: string }) {
  const { t } = useTranslation('profile');
  const { t: tApp } = useTranslation();
  const invite = useInviteUsers(companyId);
  // Two submits before the button shows it is busy would invite everyone twice.
  const flight = useSingleFlight();
  const [rows, setRows] = useState<InviteRow[]>(() => [emptyRow()]);
  const [errors, setErrors] = useState<RowErrors>({});
  // A row added with the button: its e-mail field takes the focus (the button is below the rows).
  const [addedId, setAddedId] = useState<number | null>(null);

  const updateRow = (index: number, patch: Partial<InviteRow>) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
    setErrors((current) => {
      if (!current[index]) return current;
      const { [index]: _removed, ...rest } = current;
      return rest;
    });
  };

  const removeRow = (index: number) => {
    const remaining = rows.filter((_, i) => i !== index);
    setRows(remaining);
    setErrors((current) => errorsAfterRemoving(current, index, remaining, tApp));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const element = event.currentTarget as HTMLFormElement;
    const found = validateRows(rows, tApp);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(element);
      return;
    }
    const users = rows.map((row) => ({
      email: row.email.trim().toLowerCase(),
      role: row.role || undefined,
      firstName: row.firstName.trim() || undefined,
      lastName: row.lastName.trim() || undefined,
    }));
    flight((done) =>
      invite.mutate(
        { users },
        {
          onSettled: done,
          onSuccess: () => {
            // Counts the people sent: "Der Benutzer wurde eingeladen", "2 Benutzer wurden eingeladen".
            notifySuccess(
              t('invite.invited', {
                count: users.length,
                n: formatNumber(users.length, currentLanguage()),
              }),
            );
            setRows([emptyRow()]);
            setErrors({});
          },
          onError: (error) => {
            const fromServer = rowErrorsFromServer(error, tApp);
            if (Object.keys(fromServer).length > 0) {
              setErrors(fromServer);
              focusFirstInvalid(element);
            } else notifyError(error, tApp);
          },
        },
      ),
    );
  };

  const roleOptions = INSTALLER_ROLES.map((role) => ({ value: role, label: tApp(`roles.${role}`) }));

  return (
    <SectionCard id="invite" title={t('invite.title')} description={t('invite.subtitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {rows.map((row, index) => {
            const n = index + 1;
            return (
              <fieldset
                key={row.id}
                style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
                data-testid="invite-row"
              >
                <Text component="legend" size="sm" fw={600} mb={4}>
                  {t('invite.person', { n })}
                </Text>
                <Grid gap="sm" align="flex-start">
                  <Grid.Col span={{ base: 12, md: 4 }}>
                    <TextInput
                      label={t('invite.email')}
                      type="email"
                      required
                      // Only the row just added with the button below.
                      autoFocus={row.id === addedId}
                      value={row.email}
                      onChange={(e) => updateRow(index, { email: e.currentTarget.value })}
                      error={errors[index]?.email}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                    <NativeSelect
                      label={t('invite.role')}
                      required
                      data={roleOptions}
                      value={row.role}
                      onChange={(e) => updateRow(index, { role: e.currentTarget.value as InstallerRole })}
                      error={errors[index]?.role}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 3, md: 2 }}>
                    <TextInput
                      label={t('invite.firstName')}
                      description={tApp('common.optional')}
                      inputWrapperOrder={['label', 'input', 'description', 'error']}
                      value={row.firstName}
                      onChange={(e) => updateRow(index, { firstName: e.currentTarget.value })}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 3, md: 2 }}>
                    <TextInput
                      label={t('invite.lastName')}
                      description={tApp('common.optional')}
                      inputWrapperOrder={['label', 'input', 'description', 'error']}
                      value={row.lastName}
                      onChange={(e) => updateRow(index, { lastName: e.currentTarget.value })}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 1 }} style={{ alignSelf: 'center' }}>
                    {rows.length > 1 && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        mt={{ md: 'md' }}
                        onClick={() => removeRow(index)}
                        aria-label={t('invite.removeRow', { n })}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    )}
                  </Grid.Col>
                </Grid>
              </fieldset>
            );
          })}
          <Group justify="space-between">
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} />}
              onClick={() => {
                const row = emptyRow();
                setAddedId(row.id);
                setRows((current) => [...current, row]);
              }}
              disabled={rows.length >= 50}
            >
              {t('invite.addRow')}
            </Button>
            <Button type="submit" leftSection={<IconSend size={16} />} loading={invite.isPending}>
              {t('invite.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
