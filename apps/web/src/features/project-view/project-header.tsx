import { Badge, Button, Group, Paper, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TeamMember } from '@solar/shared';
import { IconExternalLink, IconFolder, IconMapPin, IconTarget } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { type ProjectDetail, useTeamQuery, useUpdateProject } from '../../api/project-view';
import { PageTitle } from '../../layout/page-title';
import { notifyError, notifySuccess } from '../../lib/errors';
import { CustomerTargetDrawer } from './customer-target-drawer';
import { FileManagerDrawer } from './file-manager-drawer';
import { ReportProblemButton } from './report-problem';
import { SatelliteModal } from './satellite-modal';
import { STAGE_COLORS } from './stage-card';

function memberName(member: TeamMember): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.email;
}

/**
 * The count on a header button, or no section at all at zero. Hidden from assistive technology: the
 * button's name says the count in words ('Customer target, 2 selected'), where the bare number would
 * be read as part of the label ('Customer target 2').
 */
function countBadge(count: number) {
  if (count === 0) return undefined;
  return (
    <Badge size="sm" variant="filled" circle aria-hidden>
      {count}
    </Badge>
  );
}

/** 'Responsible Person': a team member, saved as soon as it is chosen. */
function ResponsibleSelect({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation('projectView');
  const { t: tApp } = useTranslation();
  const team = useTeamQuery(true);
  const update = useUpdateProject(project._id);
  const options = (team.data ?? []).map((member) => ({ value: member._id, label: memberName(member) }));
  // Until the team loads (or if the person left), the current choice still shows by name.
  if (project.responsibleUserId && !options.some((o) => o.value === project.responsibleUserId)) {
    options.unshift({ value: project.responsibleUserId, label: project.responsiblePerson ?? '…' });
  }

  return (
    <Select
      label={t('responsible.label')}
      placeholder={t('responsible.nobody')}
      data={options}
      value={project.responsibleUserId}
      clearable
      searchable
      nothingFoundMessage={t('responsible.noMatch')}
      disabled={update.isPending}
      error={team.isError ? t('responsible.loadFailed') : undefined}
      onChange={(value) => {
        if (value === project.responsibleUserId) return;
        update.mutate(
          { responsibleUserId: value },
          {
            onSuccess: (data) =>
              notifySuccess(
                data.responsiblePerson
                  ? t('responsible.saved', { name: data.responsiblePerson })
                  : t('responsible.cleared'),
              ),
            onError: (error) => notifyError(error, tApp),
          },
        );
      }}
      w={{ base: '100%', sm: 260 }}
      comboboxProps={{ withinPortal: true }}
      clearButtonProps={{ 'aria-label': t('responsible.clear') }}
      data-testid="responsible-select"
    />
  );
}

/** The project-view header of SPEC §2. */
export function ProjectHeader({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation('projectView');
  const { t: tp } = useTranslation('pipeline');
  const { t: tApp } = useTranslation();
  const [mapOpened, map] = useDisclosure(false);
  const [targetOpened, target] = useDisclosure(false);
  const [filesOpened, files] = useDisclosure(false);
  const name =
    `${project.customer.firstName} ${project.customer.lastName}`.trim() || t('header.unknownCustomer');
  const address = project.quote.mapboxAddress.complete || project.address;
  const targets = project.customerTarget.length;
  const fileCount = project.uploadedInstallerImages.length;
  // The customer view opens through a signed, expiring link made for this project.
  const customerLink = useMutation({
    mutationFn: async () =>
      (await api.post<{ data: { url: string } }>('/offers/customer-link', { projectId: project._id })).data
        .url,
  });
  const openCustomerView = () => {
    const tab = window.open('', '_blank');
    customerLink.mutate(undefined, {
      onSuccess: (url) => {
        if (tab) tab.location.href = url;
        else window.location.href = url;
      },
      onError: (error) => {
        tab?.close();
        notifyError(error, tApp);
      },
    });
  };

  return (
    <Paper p="lg" data-testid="project-header">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 280px' }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('header.owner')}
            </Text>
            <Group gap="sm" align="center">
              {/* A name or an address without spaces wraps rather than running off the page. */}
              <PageTitle style={{ overflowWrap: 'anywhere', minWidth: 0 }} data-testid="project-owner">
                {name}
              </PageTitle>
              <Badge color={STAGE_COLORS[project.projectStatus]} variant="light">
                {tp(`stage.${project.projectStatus}`)}
              </Badge>
            </Group>
            <Button
              variant="subtle"
              size="compact-md"
              px={4}
              leftSection={<IconMapPin size={16} aria-hidden />}
              onClick={map.open}
              aria-haspopup="dialog"
              h="auto"
              py={4}
              style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
              styles={{
                label: {
                  whiteSpace: 'normal',
                  textAlign: 'left',
                  overflowWrap: 'anywhere',
                  lineHeight: 1.35,
                },
              }}
              data-testid="project-address"
            >
              {address}
              <VisuallyHidden>{` (${t('header.showSatellite')})`}</VisuallyHidden>
            </Button>
          </Stack>
          <ResponsibleSelect project={project} />
        </Group>
        <Group gap="sm">
          <ReportProblemButton quoteId={project.quoteId} />
          <Button
            variant="light"
            leftSection={<IconTarget size={16} aria-hidden />}
            onClick={target.open}
            aria-haspopup="dialog"
            rightSection={countBadge(targets)}
            aria-label={
              targets > 0
                ? t('header.customerTargetCount', { label: t('header.customerTarget'), count: targets })
                : undefined
            }
            data-testid="customer-target-button"
          >
            {t('header.customerTarget')}
          </Button>
          <Button
            variant="light"
            loading={customerLink.isPending}
            onClick={openCustomerView}
            leftSection={<IconExternalLink size={16} aria-hidden />}
            data-testid="customer-view-link"
          >
            {t('header.customerView')}
            <VisuallyHidden>{` (${tApp('common.opensInNewTab')})`}</VisuallyHidden>
          </Button>
          <Button
            variant="light"
            leftSection={<IconFolder size={16} aria-hidden />}
            onClick={files.open}
            aria-haspopup="dialog"
            rightSection={countBadge(fileCount)}
            aria-label={
              fileCount > 0
                ? t('header.fileManagerCount', { label: t('header.fileManager'), count: fileCount })
                : undefined
            }
            data-testid="file-manager-button"
          >
            {t('header.fileManager')}
          </Button>
        </Group>
      </Stack>
      <SatelliteModal
        opened={mapOpened}
        onClose={map.close}
        address={address}
        lat={project.quote.lat}
        long={project.quote.long}
      />
      <CustomerTargetDrawer project={project} opened={targetOpened} onClose={target.close} />
      <FileManagerDrawer project={project} opened={filesOpened} onClose={files.close} />
    </Paper>
  );
}
