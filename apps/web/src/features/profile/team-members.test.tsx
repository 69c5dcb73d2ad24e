// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import type { TeamMember } from '@solar/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import appDe from '../../i18n/de.json';
import appEn from '../../i18n/en.json';
import appEs from '../../i18n/es.json';
import { initTestI18n } from '../../i18n/testing';
import profileDe from './locales/de.json';
import profileEn from './locales/en.json';
import profileEs from './locales/es.json';
import { TeamMembers } from './team-members';

const phone = vi.hoisted(() => ({ isPhone: false }));
vi.mock('../../lib/use-is-phone', () => ({ useIsPhone: () => phone.isPhone }));

beforeAll(async () => {
  await initTestI18n('de', {
    de: { translation: appDe, profile: profileDe },
    en: { translation: appEn, profile: profileEn },
    es: { translation: appEs, profile: profileEs },
  });
});
afterEach(() => cleanup());

function member(id: string, email: string, role: TeamMember['role']): TeamMember {
  return { _id: id, email, firstName: id, lastName: 'Muster', role, isActive: true } as TeamMember;
}

const SELF = member('self', 'owner@sonnenbau.test', 'INSTALLER_ADMIN');
const OTHER = member('other', 'installer@sonnenbau.test', 'INSTALLER');

function renderTeam() {
  return render(
    <MantineProvider>
      <TeamMembers
        members={[SELF, OTHER]}
        selfId={SELF._id}
        isChangingRole={false}
        onPickRole={() => {}}
        onRemove={() => {}}
      />
    </MantineProvider>,
  );
}

describe('the team: one’s own role', () => {
  it.each([
    ['de', false, 'Firmen-Admin', 'Ihre eigene Rolle können Sie nicht ändern.'],
    ['en', true, 'Company admin', 'You cannot change your own role.'],
    ['es', false, 'Administrador de la empresa', 'No puede cambiar su propio rol.'],
  ] as const)(
    '%s (phone: %s): read as text with the reason, no faint select; the others keep theirs',
    async (lng, isPhone, role, hint) => {
      phone.isPhone = isPhone;
      await i18next.changeLanguage(lng);
      expect(i18next.t(`roles.${SELF.role}`)).toBe(role);
      renderTeam();
      const self = screen.getByTestId(`team-member-${SELF.email}`);
      expect(within(self).queryByRole('combobox')).toBeNull();
      const own = within(self).getByTestId('own-role');
      expect(own.textContent).toBe(`${role}${hint}`);

      const other = screen.getByTestId(`team-member-${OTHER.email}`);
      const select = within(other).getByRole('combobox') as HTMLSelectElement;
      expect(select.value).toBe('INSTALLER');
      expect(select.disabled).toBe(false);
      expect(within(other).queryByTestId('own-role')).toBeNull();
    },
  );
});
