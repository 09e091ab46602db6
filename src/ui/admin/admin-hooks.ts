import { useSelector } from '@xstate/react';
import type { AdminCounters } from '../../domain/notification-counters';
import { shopChild, useShopRuntime } from '../shell/shop-context';
import { ADMIN_SECTIONS, type AdminSection } from './admin-sections';

/** The administrator's unread counters as the badges show them (the admin counters machine). */
export function useAdminCounters(): AdminCounters {
  const counters = shopChild(useShopRuntime(), 'adminCounters');
  return useSelector(counters, (snapshot) => snapshot.context.counters.accumulated);
}

/** The badge number of a section: the sum of its reset group's counters (0: no badge). */
export function sectionBadgeCount(section: AdminSection, counters: AdminCounters): number {
  if (section.badge === 'orders') return counters.newOrders + counters.orderUpdates;
  if (section.badge === 'requests') return counters.newRequests + counters.newRequestMessages;
  return 0;
}

/** Everything unread across the sections (the phone top bar's dot). */
export function totalUnread(counters: AdminCounters): number {
  return ADMIN_SECTIONS.reduce((sum, section) => sum + sectionBadgeCount(section, counters), 0);
}

/** «99+» beyond two digits, so a badge keeps its size. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
