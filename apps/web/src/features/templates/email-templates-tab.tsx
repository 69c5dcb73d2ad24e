import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { type EmailTemplate, LANGUAGES, type Language, TEMPLATE_PLACEHOLDERS } from '@solar/shared';
import { IconCopy, IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import {
  useDeleteEmailTemplate,
  useEmailTemplatesQuery,
  usePreviewEmail,
  useRestoreEmailTemplate,
  useSaveEmailTemplate,
} from '../../api/offers';
import { useSavedProjectSearch } from '../../api/projects';
import { currentLanguage } from '../../i18n';
import { useDiscardGuard } from '../../lib/discard-guard';
import { errorMessage, notifyError, notifySuccess } from '../../lib/errors';
import { useSingleFlight } from '../../lib/single-flight';
import { notifyWithUndo } from '../../lib/undo-toast';
import { type FieldErrors, useForm } from '../../lib/use-form';
import { useIsPhone } from '../../lib/use-is-phone';
import { hasOfferLink, OfferLinkNotice, withOfferLink } from '../offers/offer-link';
import { notifyFailure } from './notify';

const LANGUAGE_NAMES: Record<Language, string> = { de: 'Deutsch', en: 'English', es: 'Español' };
export const languageOptions = LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }));

type Draft = {
  id: string | null;
  name: string;
  language: Language;
  subject: string;
  body: string;
};

interface EmailTemplateFormProps {
  draft: Draft;
  /** After a save. */
  onClose: () => void;
  /** Cancel: asks first when something was typed. */
  onCancel: () => void;
  onDirty: (dirty: boolean) => void;
}

function EmailTemplateForm({ draft, onClose, onCancel, onDirty }: EmailTemplateFormProps) {
  const { t } = useTranslation('offers');
  const { t: tApp } = useTranslation();
  const save = useSaveEmailTemplate();
  // Two submits before the button shows it is busy would create the template twice.
  const flight = useSingleFlight();
  const preview = usePreviewEmail();
  const projects = useSavedProjectSearch({ filters: {}, limit: 50 });
  // A field's message goes as soon as the user changes it, as in the other forms.
  const { values, errors, setErrors, setField } = useForm<Draft>(draft);
  const [projectId, setProjectId] = useState<string | null>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const lastField = useRef<'subject' | 'body'>('body');
  const dirty = (Object.keys(draft) as (keyof Draft)[]).some((key) => values[key] !== draft[key]);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  const projectOptions = (projects.data?.pages.flatMap((p) => p.docs) ?? []).map((p) => ({
    value: p._id,
    label: `${p.shortId} · ${p.customer.firstName} ${p.customer.lastName} · ${p.city}`,
  }));
  const chosenProject = projectId ?? projectOptions[0]?.value ?? null;

  const insert = (placeholder: string) => {
    const token = `{{${placeholder}}}`;
    const field = lastField.current;
    const el = field === 'subject' ? subjectRef.current : bodyRef.current;
    const text = values[field];
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + token + text.slice(end);
    setField(field, next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  // The link's line goes at the end of the body, in the template's language, and the cursor after it.
  const addOfferLink = () => {
    const next = withOfferLink(values.body, values.language);
    setField('body', next);
    lastField.current = 'body';
    requestAnimationFrame(() => {
      bodyRef.current?.focus();
      bodyRef.current?.setSelectionRange(next.length, next.length);
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: FieldErrors<Draft> = {};
    if (!values.name.trim()) local.name = tApp('validation.required');
    if (!values.subject.trim()) local.subject = tApp('validation.required');
    if (!values.body.trim()) local.body = tApp('validation.required');
    setErrors(local);
    if (Object.keys(local).length) return;
    const { id, ...body } = values;
    flight((done) =>
      save.mutate(
        { id, body },
        {
          onSettled: done,
          onSuccess: (saved) => {
            notifySuccess(id ? t('templates.updated') : t('templates.savedAs', { name: saved.name }));
            onClose();
          },
          onError: (error) => {
            if (isApiError(error)) setErrors(error.errors);
            notifyFailure(id ? (errorMessage(error, tApp) ?? '') : t('templates.createFailed'), error, tApp);
          },
        },
      ),
    );
  };

  const runPreview = () => {
    if (!chosenProject || preview.isPending) return;
    preview.mutate({ subject: values.subject, body: values.body, projectId: chosenProject });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="email-template-form">
      <Stack gap="sm">
        {/* Side by side from a tablet up; on a phone each as wide as the fields below (a wrapped
            growing Group kept them at half width). */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label={t('templates.name')}
            required
            value={values.name}
            onChange={(e) => setField('name', e.currentTarget.value)}
            error={errors.name}
            data-testid="email-template-name"
          />
          <Select
            label={t('templates.language')}
            data={languageOptions}
            value={values.language}
            onChange={(v) => v && setField('language', v as Language)}
            allowDeselect={false}
          />
        </SimpleGrid>
        <TextInput
          ref={subjectRef}
          label={t('templates.subject')}
          required
          value={values.subject}
          onFocus={() => {
            lastField.current = 'subject';
          }}
          onChange={(e) => setField('subject', e.currentTarget.value)}
          error={errors.subject}
          data-testid="email-template-subject"
        />
        <Textarea
          ref={bodyRef}
          label={t('templates.body')}
          required
          autosize
          minRows={8}
          maxRows={20}
          value={values.body}
          onFocus={() => {
            lastField.current = 'body';
          }}
          onChange={(e) => setField('body', e.currentTarget.value)}
          error={errors.body}
          data-testid="email-template-body"
        />
        {/* Saving is not held up; only once there is a text, so a new template does not start with it. */}
        {values.body.trim() && !hasOfferLink(values.body) && <OfferLinkNotice onAdd={addOfferLink} />}
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('templates.placeholders')}
          </Text>
          <Group gap={6}>
            {TEMPLATE_PLACEHOLDERS.map((p) => (
              <UnstyledButton
                key={p}
                onClick={() => insert(p)}
                aria-label={t('templates.insert', { name: p })}
              >
                <Badge variant="outline" style={{ cursor: 'pointer', textTransform: 'none' }}>
                  {`{{${p}}}`}
                </Badge>
              </UnstyledButton>
            ))}
          </Group>
        </div>
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <Group align="flex-end" wrap="wrap">
              <Select
                label={t('templates.previewProject')}
                data={projectOptions}
                value={chosenProject}
                onChange={setProjectId}
                searchable
                disabled={projects.isPending}
                nothingFoundMessage={t('templates.noProjects')}
                style={{ flex: '1 1 220px' }}
              />
              {/* Busy rather than `loading`: a disabled button would drop the keyboard focus out of the dialog. */}
              <Button
                variant="light"
                leftSection={preview.isPending ? <Loader size={16} /> : <IconEye size={16} aria-hidden />}
                onClick={runPreview}
                aria-busy={preview.isPending || undefined}
                disabled={!chosenProject || !values.subject.trim() || !values.body.trim()}
                data-testid="email-template-preview"
              >
                {t('templates.preview')}
              </Button>
            </Group>
            {preview.isError && (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(preview.error, tApp)}
              </Alert>
            )}
            {preview.data && (
              <Stack gap={4} data-testid="email-template-preview-result">
                <Text fw={600}>{preview.data.subject}</Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {preview.data.text}
                </Text>
              </Stack>
            )}
          </Stack>
        </Paper>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {tApp('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="email-template-save">
            {tApp('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The company's e-mail templates (built-in ones read-only). */
export function EmailTemplatesTab() {
  const { t } = useTranslation('offers');
  // On a phone only the name (with its language) and the actions: the rest pushed them off-screen.
  const isPhone = useIsPhone();
  const { t: tApp } = useTranslation();
  const templates = useEmailTemplatesQuery();
  const remove = useDeleteEmailTemplate();
  const restore = useRestoreEmailTemplate();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null);
  // A double click sends both clicks before the button shows it is busy: the second delete of the
  // same template would answer 'delete failed'.
  const deleteFlight = useSingleFlight();
  // Closing the editor (Escape, the overlay, ×, Cancel) after typing asks before the text is lost.
  const guard = useDiscardGuard(draft !== null, () => setDraft(null));

  const edit = (tpl: EmailTemplate, copy = false) =>
    setDraft({
      id: copy ? null : tpl._id,
      name: copy ? t('templates.copyOf', { name: tpl.name }) : tpl.name,
      language: tpl.language,
      subject: tpl.subject,
      body: tpl.body,
    });

  const confirmDelete = () => {
    if (!deleting) return;
    const id = deleting._id;
    deleteFlight((done) =>
      remove.mutate(id, {
        onSuccess: (message) => {
          // Deleted softly: the toast offers the undo, run once per toast (notifyWithUndo). The promise
          // rather than mutate's callbacks: those run for the latest call only.
          notifyWithUndo(message || t('templates.deleted'), tApp('common.undo'), () =>
            restore.mutateAsync(id).catch((error: unknown) => notifyError(error, tApp)),
          );
          setDeleting(null);
        },
        onError: (error) => notifyFailure(t('templates.deleteFailed'), error, tApp),
        onSettled: done,
      }),
    );
  };

  let content: ReactNode;
  if (templates.isPending) {
    content = (
      <Stack gap="xs" role="status">
        <VisuallyHidden>{tApp('common.loading')}</VisuallyHidden>
        <Skeleton height={32} />
        <Skeleton height={32} />
      </Stack>
    );
  } else if (templates.isError) {
    content = (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          {errorMessage(templates.error, tApp)}
          <Button size="xs" variant="light" color="red" onClick={() => void templates.refetch()}>
            {tApp('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    content = (
      <ScrollArea type="auto">
        <Table miw={isPhone ? undefined : 560} verticalSpacing="xs" data-testid="email-templates-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('templates.name')}</Table.Th>
              {!isPhone && <Table.Th>{t('templates.language')}</Table.Th>}
              {!isPhone && <Table.Th>{t('templates.subject')}</Table.Th>}
              <Table.Th>
                <VisuallyHidden>{t('templates.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {templates.data.map((tpl) => (
              <Table.Tr key={tpl._id} data-testid="email-template-row">
                <Table.Td>
                  {/* On a phone the badge goes under the name rather than being cut off. */}
                  <Group gap={6}>
                    {/* A name without spaces wraps: it would push the actions out of sight. */}
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {tpl.name}
                    </Text>
                    {isPhone && (
                      <Text size="xs" c="dimmed">
                        {tpl.language.toUpperCase()}
                      </Text>
                    )}
                    {tpl.isDefault && (
                      <Badge
                        size="xs"
                        variant="light"
                        style={{ flexShrink: 0 }}
                        data-testid="template-built-in"
                      >
                        {t('templates.builtIn')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                {!isPhone && <Table.Td>{tpl.language.toUpperCase()}</Table.Td>}
                {!isPhone && (
                  <Table.Td>
                    <Text size="sm" lineClamp={1}>
                      {tpl.subject}
                    </Text>
                  </Table.Td>
                )}
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label={t('templates.copy')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${t('templates.copy')}: ${tpl.name}`}
                        onClick={() => edit(tpl, true)}
                      >
                        <IconCopy size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    {!tpl.isDefault && (
                      <>
                        <Tooltip label={t('templates.edit')}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`${t('templates.edit')}: ${tpl.name}`}
                            onClick={() => edit(tpl)}
                          >
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('templates.delete')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`${t('templates.delete')}: ${tpl.name}`}
                            onClick={() => setDeleting(tpl)}
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {t('templates.emailHint')}
        </Text>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setDraft({ id: null, name: '', language: currentLanguage(), subject: '', body: '' })}
          data-testid="email-template-new"
        >
          {t('templates.new')}
        </Button>
      </Group>
      {content}
      <Modal
        opened={draft !== null}
        onClose={guard.requestClose}
        title={draft?.id ? t('templates.editTitle') : t('templates.newTitle')}
        size="xl"
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
      >
        {draft && (
          <EmailTemplateForm
            draft={draft}
            onClose={() => setDraft(null)}
            onCancel={guard.requestClose}
            onDirty={guard.setDirty}
          />
        )}
      </Modal>
      {guard.question}
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('templates.deleteTitle')}
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
      >
        <Stack>
          <Text style={{ overflowWrap: 'anywhere' }}>
            {t('templates.deleteConfirm', { name: deleting?.name ?? '' })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {tApp('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={confirmDelete}
              data-testid="confirm-delete"
            >
              {t('templates.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
