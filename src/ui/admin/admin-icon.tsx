import {
  Bell,
  type BookOpen,
  CircleUserRound,
  FileText,
  House,
  LayoutTemplate,
  ListTree,
  MessagesSquare,
  Newspaper,
  Package,
  ScrollText,
  ShoppingBag,
  TicketPercent,
  Truck,
  UserCog,
  Users,
} from 'lucide-react';
import type { AdminSectionIcon } from './admin-sections';

const ICONS = {
  home: House,
  orders: ShoppingBag,
  requests: MessagesSquare,
  clients: Users,
  products: Package,
  promocodes: TicketPercent,
  tariffs: Truck,
  dicts: ListTree,
  news: Newspaper,
  pages: FileText,
  content: LayoutTemplate,
  alerts: Bell,
  staff: UserCog,
  audit: ScrollText,
  profile: CircleUserRound,
} as const satisfies Record<AdminSectionIcon, typeof BookOpen>;

/** A section's icon; decorative (the label beside it names the section). */
export function AdminIcon({ icon, size = 18 }: { icon: AdminSectionIcon; size?: number }) {
  const Icon = ICONS[icon];
  return <Icon width={size} height={size} aria-hidden="true" focusable="false" />;
}
