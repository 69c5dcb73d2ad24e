import { describe, expect, it } from 'vitest';
import { canMoveStage } from './pipeline';

describe('canMoveStage', () => {
  it.each([
    ['INSTALLER_ADMIN', 'ACQUISITION', 'OFFER_PROVIDED', true],
    ['INSTALLER_ADMIN', 'ACQUISITION', 'PROJECT_REALIZED', false],
    ['INSTALLER_ADMIN', 'OFFER_PROVIDED', 'INSTALLER_SIGNED', true],
    ['INSTALLER_SALES', 'OFFER_PROVIDED', 'INSTALLER_SIGNED', true],
    ['INSTALLER_SALES', 'INSTALLER_SIGNED', 'PROJECT_REALIZED', false],
    ['INSTALLER', 'INSTALLER_SIGNED', 'PROJECT_REALIZED', true],
    ['INSTALLER', 'OFFER_PROVIDED', 'INSTALLER_SIGNED', false],
    ['INSTALLER_ADMIN', 'PROJECT_REALIZED', 'OFFER_PROVIDED', false],
    ['INSTALLER_ADMIN', 'OFFER_NOT_ACCEPTED', 'OFFER_PROVIDED', true],
    ['ADMIN', 'ACQUISITION', 'OFFER_PROVIDED', false],
    ['CITY_ADMIN', 'ACQUISITION', 'OFFER_PROVIDED', false],
  ] as const)('%s %s -> %s: %s', (role, from, to, allowed) => {
    expect(canMoveStage(role, from, to)).toBe(allowed);
  });
});
