import { Alert, Button, Flex, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { CompanyCreateRequest } from '@solar/shared';
import { IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateCompany } from '../../api/admin';
import { useDiscardGuard } from '../../lib/discard-guard';
import { handleFormError } from '../../lib/errors';
import { useSingleFlight } from '../../lib/single-flight';
import { focusFirstInvalid, useForm } from '../../lib/use-form';

/** The fields of the form, as the API names them (`errors.email` goes under the e-mail). */
const FIELDS = ['companyName', 'email', 'firstName', 'lastName'] as const;
const EMPTY = { companyName: '', email: '', firstName: '', lastName: '' };
/** The buttons: in a row at the right; on a narrow screen one under the other, full width, the main one first. */
const FOOTER = {
  direction: { base: 'column-reverse', xs: 'row' },
  justify: 'flex-end',
  gap: 'sm',
} as const;

/** What the confirmation names: the company as saved, and the address the invitation went to. */
interface Created {
  companyName: string;
  email: string;
}

interface CreateCompanyModalProps {
  opened: boolean;
  onClose: () => void;
  /** A company was created (the list goes back to its first page, where the newest is). */
  onCreated?: () => void;
}

/**
 * ADMIN onboards an installer company (POST /api/admin/companies): its name and its first company
 * admin, who is sent the invitation. The form checks with the server's schema before sending; the
 * server's refusals (an address that has an account already) show at their fields. Once created, the
 * dialog says where the invitation went. Closing with something typed asks first, as every form
 * dialog does.
 */
export function CreateCompanyModal({ opened, onClose, onCreated }: CreateCompanyModalProps) {
  const { t } = useTranslation('dashboard');
  const { t: tApp } = useTranslation();
  const guard = useDiscardGuard(opened, onClose);
  const [created, setCreated] = useState<Created | null>(null);
  // "Create another": the form again, with the focus in its first field.
  const [another, setAnother] = useState(false);
  // A new opening starts with the form again (the notice stays while the dialog fades out).
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setCreated(null);
      setAnother(false);
    }
  }

  return (
    <>
      <Modal
        opened={opened}
        onClose={guard.requestClose}
        title={created ? t('createCompany.doneTitle') : t('createCompany.title')}
        size="lg"
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
        data-testid="create-company-modal"
      >
        {created ? (
          <CreatedNotice
            created={created}
            onClose={onClose}
            onAnother={() => {
              setCreated(null);
              setAnother(true);
            }}
          />
        ) : (
          <CreateCompanyForm
            onCreated={(next) => {
              guard.setDirty(false);
              setCreated(next);
              onCreated?.();
            }}
            onCancel={guard.requestClose}
            onDirty={guard.setDirty}
            focusFirst={another}
          />
        )}
      </Modal>
      {guard.question}
    </>
  );
}

interface CreateCompanyFormProps {
  onCreated: (created: Created) => void;
  /** Cancel: asks first when something was typed. */
  onCancel: () => void;
  onDirty: (dirty: boolean) => void;
  /** Puts the focus in the first field (the dialog's own first focus is over: "Create another"). */
  focusFirst: boolean;
}

function CreateCompanyForm({ onCreated, onCancel, onDirty, focusFirst }: CreateCompanyFormProps) {
  const { t } = useTranslation('dashboard');
  const { t: tApp } = useTranslation();
  const form = useForm(EMPTY);
  const create = useCreateCompany();
  // Enter pressed twice before the button shows it is busy would create the company twice.
  const flight = useSingleFlight();
  const dirty = FIELDS.some((field) => form.values[field].trim() !== '');
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusFirst) first.current?.focus();
  }, [focusFirst]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    // The server's schema: the messages show at their fields before anything is sent.
    const body = form.validate(CompanyCreateRequest, tApp);
    if (!body) {
      focusFirstInvalid(element);
      return;
    }
    flight((done) =>
      create.mutate(body, {
        onSettled: done,
        onSuccess: (data) => onCreated({ companyName: data.company.companyName, email: data.owner.email }),
        onError: (error) => {
          // A field's refusal (`account_exists` for the e-mail) under that field; anything else as a toast.
          const errors = handleFormError(error, FIELDS, tApp);
          form.setErrors(errors);
          if (Object.keys(errors).length > 0) focusFirstInvalid(element);
        },
      }),
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={create.isPending} data-testid="create-company-form">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('createCompany.intro')}
        </Text>
        <TextInput
          label={t('createCompany.companyName')}
          {...form.textProps('companyName')}
          maxLength={200}
          autoComplete="organization"
          required
          ref={first}
          data-autofocus
          data-testid="create-company-name"
        />
        <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0 }}>
          <Text component="legend" fw={600} size="sm" p={0} mb="xs">
            {t('createCompany.admin')}
          </Text>
          <TextInput
            label={t('createCompany.email')}
            description={t('createCompany.emailHint')}
            type="email"
            inputMode="email"
            autoComplete="off"
            {...form.textProps('email')}
            maxLength={254}
            required
            data-testid="create-company-email"
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t('createCompany.firstName')}
              description={tApp('common.optional')}
              autoComplete="off"
              {...form.textProps('firstName')}
              maxLength={100}
              data-testid="create-company-first-name"
            />
            <TextInput
              label={t('createCompany.lastName')}
              description={tApp('common.optional')}
              autoComplete="off"
              {...form.textProps('lastName')}
              maxLength={100}
              data-testid="create-company-last-name"
            />
          </SimpleGrid>
        </Stack>
        <Flex {...FOOTER}>
          <Button variant="default" onClick={onCancel}>
            {tApp('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="create-company-submit">
            {t('createCompany.submit')}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

function CreatedNotice({
  created,
  onClose,
  onAnother,
}: {
  created: Created;
  onClose: () => void;
  onAnother: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const done = useRef<HTMLButtonElement>(null);
  // The form is gone with the focus in it: the focus goes to "Done", and the notice is read out.
  useEffect(() => done.current?.focus(), []);
  return (
    <Stack gap="md">
      <Alert
        color="teal"
        variant="light"
        role="status"
        icon={<IconMailCheck size={20} aria-hidden />}
        data-testid="create-company-done"
      >
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {t('createCompany.doneText', { company: created.companyName })}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('createCompany.doneMail', { email: created.email })}
        </Text>
      </Alert>
      <Flex {...FOOTER}>
        <Button variant="default" onClick={onAnother} data-testid="create-company-another">
          {t('createCompany.createAnother')}
        </Button>
        <Button ref={done} onClick={onClose} data-testid="create-company-close">
          {t('createCompany.done')}
        </Button>
      </Flex>
    </Stack>
  );
}
