import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../admin/page-header';

export const Route = createFileRoute('/admin/')({
  component: AdminHome,
});

function AdminHome() {
  return <PageHeader title="Главная" subtitle="Сводка за сегодня" />;
}
