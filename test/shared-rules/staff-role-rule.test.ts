import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_AREA_LABELS,
  ADMIN_AREAS,
  areaRefusedMessage,
  isAdminArea,
  isStaffRole,
  roleMayOpen,
  STAFF_ROLE_AREAS,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
} from '../../shared-rules/staff-role-rule';

describe('the staff role map (docs/staff.md «Roles»)', () => {
  it('names every role and area in Russian', () => {
    expect(STAFF_ROLE_LABELS).toEqual({
      owner: 'Владелец',
      manager: 'Менеджер',
      content: 'Контент-редактор',
    });
    for (const area of ADMIN_AREAS) expect(ADMIN_AREA_LABELS[area]).toMatch(/^[А-ЯЁ][а-яё ]+$/);
  });

  it('gives the owner everything, staff and settings included', () => {
    for (const area of ADMIN_AREAS) expect(roleMayOpen('owner', area)).toBe(true);
  });

  it('gives the manager orders, requests, clients and delivery days, and nothing of the catalogue', () => {
    expect(ADMIN_AREAS.filter((area) => roleMayOpen('manager', area))).toEqual([
      'common',
      'orders',
      'requests',
      'clients',
      'delivery',
    ]);
  });

  it('gives the content editor the catalogue, content and promo codes, and no client data', () => {
    expect(ADMIN_AREAS.filter((area) => roleMayOpen('content', area))).toEqual([
      'common',
      'catalogue',
      'content',
      'promo',
    ]);
  });

  it('keeps staff and settings for the owner alone, and common work for everyone', () => {
    for (const role of STAFF_ROLES) {
      expect(roleMayOpen(role, 'staff')).toBe(role === 'owner');
      expect(roleMayOpen(role, 'settings')).toBe(role === 'owner');
      expect(roleMayOpen(role, 'common')).toBe(true);
    }
  });

  test.prop([fc.constantFrom(...STAFF_ROLES), fc.constantFrom(...ADMIN_AREAS)])(
    'a role opens an area exactly when the map lists it, and the owner’s areas include every other role’s',
    (role, area) => {
      expect(roleMayOpen(role, area)).toBe(STAFF_ROLE_AREAS[role].includes(area));
      if (roleMayOpen(role, area)) expect(roleMayOpen('owner', area)).toBe(true);
    },
  );

  test.prop([fc.oneof(fc.string(), fc.constantFrom(...STAFF_ROLES, ...ADMIN_AREAS))])(
    'recognises only the known ids',
    (value) => {
      expect(isStaffRole(value)).toBe((STAFF_ROLES as readonly string[]).includes(value));
      expect(isAdminArea(value)).toBe((ADMIN_AREAS as readonly string[]).includes(value));
    },
  );

  it('refuses with a message naming the area', () => {
    expect(areaRefusedMessage('orders')).toBe(
      'Раздел «Заказы» недоступен вашей роли. Обратитесь к владельцу магазина.',
    );
  });
});
