import { ActionIcon, Button, Group, Menu, Modal, Text } from '@mantine/core';
import type { View } from '@solar/shared';
import { IconCopy, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../api/errors';
import { notifySuccess } from '../../../../lib/errors';
import { useCreateView, useDeleteView } from '../../api/views-api';
import { useBoard } from '../../hooks/board-context';
import { useViewSettings } from '../../hooks/use-view-settings';
import { notifyBoardError } from '../../lib/notify';
import { ViewNameForm } from './view-name-form';

/** The current view's menu: rename, duplicate, delete (confirmed). */
export function ViewMenu({ view }: { view: View }) {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { scope, views, selectView } = useBoard();
  const { update } = useViewSettings();
  const remove = useDeleteView(scope);
  const create = useCreateView(scope);

  /** A new view with this one's settings, named as its copy, opened at once. */
  const duplicate = async () => {
    try {
      const answer = await create.mutateAsync({
        name: t('views.copyName', { name: view.name }).slice(0, 100),
        viewType: view.viewType,
        filters: view.filters,
        sort: view.sort,
        hiddenProperties: view.hiddenProperties,
        groupBy: view.groupBy,
        sumProperty: view.sumProperty,
        order: view.order,
        width: view.width,
        calculations: view.calculations,
      });
      notifySuccess(answer.message ?? t('views.created'));
      selectView(answer.data._id);
    } catch (error) {
      notifyBoardError(error, tApp);
    }
  };
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('views.options', { name: view.name })}>
            <IconDots size={16} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setRenaming(true)}>
            {t('views.rename')}
          </Menu.Item>
          <Menu.Item leftSection={<IconCopy size={14} aria-hidden />} onClick={() => void duplicate()}>
            {t('views.duplicate')}
          </Menu.Item>
          <Menu.Item
            color="red.9"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => setDeleting(true)}
          >
            {t('views.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={renaming}
        onClose={() => setRenaming(false)}
        title={t('views.rename')}
        size="sm"
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
      >
        <ViewNameForm
          initialName={view.name}
          submitLabel={tApp('common.save')}
          onSubmit={async (name) => {
            // The dialog waits for the save: on failure it stays open with the name typed.
            const failure = await update({ name }, t('undo.viewRenamed'), false);
            if (failure === null) setRenaming(false);
            return failure === null ? null : t('views.renameFailed', { reason: failure });
          }}
        />
      </Modal>
      <Modal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('views.deleteTitle')}
        size="sm"
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
      >
        <Text size="sm">{t('views.deleteText', { name: view.name })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(false)}>
            {tApp('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={async () => {
              try {
                const message = await remove.mutateAsync(view._id);
                notifySuccess(message);
                selectView(views.find((v) => v._id !== view._id)?._id ?? null);
                setDeleting(false);
              } catch (error) {
                if (!isApiError(error) || !error.cancelled) notifyBoardError(error, tApp);
              }
            }}
          >
            {t('views.delete')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
