import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../../../shared-rules/staff-role-rule';
import {
  type StaffDraft,
  staffDraftErrors,
  staffScreen,
  type staffScreenMachine,
} from '../../../application/admin/staff/staff-screen.machine';
import type { StaffMember } from '../../../application/ports/admin-staff.port';
import { Button } from '../../components/button';
import { useUseCase } from '../../shell/shop-context';
import { formatDay } from '../admin-format';
import { Card, ConfirmDialog, Field, Notice, StatusBadge } from '../admin-ui';
import * as styles from '../admin-ui.css';
import { PageHeader } from '../page-header';

type ScreenActor = ActorRefFrom<typeof staffScreenMachine>;

const isRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);

function RoleSelect({
  value,
  label,
  disabled,
  onChange,
}: {
  value: StaffRole;
  label: string;
  disabled?: boolean;
  onChange: (role: StaffRole) => void;
}) {
  return (
    <select
      className={styles.control}
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => {
        if (isRole(event.target.value)) onChange(event.target.value);
      }}
    >
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {STAFF_ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

function StaffRow({
  member,
  screen,
  isSelf,
}: {
  member: StaffMember;
  screen: ScreenActor;
  /** The signed-in owner's own row: their second factor is turned off on «Профиль», with a code. */
  isSelf: boolean;
}) {
  const busy = useSelector(
    screen,
    (snapshot) =>
      (snapshot.matches('changing') || snapshot.matches('resetting')) &&
      snapshot.context.pendingId === member.id,
  );
  const who = member.name ?? member.email;
  return (
    <tr className={styles.tr}>
      <td className={styles.td}>
        <span className={styles.strong}>{who}</span>
        <br />
        <span className={styles.muted}>{member.email}</span>
      </td>
      <td className={styles.td}>
        <RoleSelect
          value={member.role}
          label={`Роль: ${who}`}
          disabled={busy}
          onChange={(role) => screen.send({ type: 'staff.changeRequested', id: member.id, change: { role } })}
        />
      </td>
      <td className={styles.td}>
        {member.blocked ? (
          <StatusBadge tone="danger">Заблокирован</StatusBadge>
        ) : (
          <StatusBadge tone="success">Активен</StatusBadge>
        )}
      </td>
      <td className={styles.td}>{member.totpEnabled ? 'Включён' : 'Нет'}</td>
      <td className={styles.td}>{formatDay(member.createdAt)}</td>
      <td className={styles.td}>
        {member.totpEnabled && !isSelf && (
          <Button
            size="s"
            variant="ghost"
            disabled={busy}
            onClick={() => screen.send({ type: 'secondFactor.resetRequested', id: member.id })}
          >
            Сбросить второй фактор
          </Button>
        )}
        <Button
          size="s"
          variant="secondary"
          disabled={busy}
          onClick={() =>
            screen.send({
              type: 'staff.changeRequested',
              id: member.id,
              change: { blocked: !member.blocked },
            })
          }
        >
          {member.blocked ? 'Разблокировать' : 'Заблокировать'}
        </Button>
      </td>
    </tr>
  );
}

function NewStaffForm({ screen }: { screen: ScreenActor }) {
  const draft = useSelector(screen, (snapshot) => snapshot.context.draft);
  const showErrors = useSelector(screen, (snapshot) => snapshot.context.showErrors);
  const creating = useSelector(screen, (snapshot) => snapshot.matches('creating'));
  const errors = showErrors ? staffDraftErrors(draft) : {};
  const edit = (patch: Partial<StaffDraft>) => screen.send({ type: 'draft.edited', patch });
  return (
    <Card title="Добавить сотрудника">
      <form
        className={styles.stack}
        aria-label="Новый сотрудник"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          screen.send({ type: 'create.submitted' });
        }}
      >
        <div className={styles.formGrid}>
          <Field label="E-mail" hint="На него придёт временный пароль" error={errors.email}>
            {(control) => (
              <input
                {...control}
                type="email"
                className={styles.control}
                autoComplete="off"
                readOnly={creating}
                value={draft.email}
                onChange={(event) => edit({ email: event.target.value })}
              />
            )}
          </Field>
          <Field label="Имя" error={errors.name}>
            {(control) => (
              <input
                {...control}
                className={styles.control}
                autoComplete="off"
                readOnly={creating}
                value={draft.name}
                onChange={(event) => edit({ name: event.target.value })}
              />
            )}
          </Field>
          <Field label="Роль">
            {(control) => (
              <RoleSelect
                value={draft.role}
                label="Роль нового сотрудника"
                onChange={(role) => edit({ role })}
                {...control}
              />
            )}
          </Field>
        </div>
        <p className={styles.muted}>
          Владелец — всё, включая сотрудников и журнал действий; менеджер — заказы, заявки, клиенты и дни
          доставки; контент-редактор — каталог, контент и промокоды.
        </p>
        <div className={styles.row}>
          <Button type="submit" size="s" disabled={creating}>
            {creating ? 'Добавляем…' : 'Добавить'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/**
 * «Сотрудники» (/admin/staff, the owner's): the staff with their roles, blocking and second factor, and
 * the form that adds one. The view renders the screen machine's state and sends it events.
 */
export function StaffView({
  staff: loaded,
  selfId,
}: {
  staff: readonly StaffMember[];
  /** The signed-in owner: their own row offers no reset (the server refuses it too). */
  selfId: number;
}) {
  const screen = useActorRef(useUseCase(staffScreen), { input: { staff: loaded } });
  const staff = useSelector(screen, (snapshot) => snapshot.context.staff);
  const confirming = useSelector(screen, (snapshot) =>
    snapshot.matches('confirmingReset') || snapshot.matches('resetting')
      ? (snapshot.context.staff.find((member) => member.id === snapshot.context.pendingId) ?? null)
      : null,
  );
  const resetting = useSelector(screen, (snapshot) => snapshot.matches('resetting'));
  const failure = useSelector(screen, (snapshot) => snapshot.context.failure);
  const notice = useSelector(screen, (snapshot) => snapshot.context.notice);
  return (
    <>
      <PageHeader title="Сотрудники" subtitle="Кто работает в панели управления и что им доступно" />
      {failure !== null && (
        <Notice tone="error" role="alert">
          {failure}
        </Notice>
      )}
      {notice !== null && (
        <Notice tone="success" role="status">
          {notice}
        </Notice>
      )}
      <div className={styles.stack} style={{ marginTop: '16px' }}>
        <Card title="Сотрудники">
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th className={styles.th}>Сотрудник</th>
                  <th className={styles.th}>Роль</th>
                  <th className={styles.th}>Доступ</th>
                  <th className={styles.th}>Код из приложения</th>
                  <th className={styles.th}>Добавлен</th>
                  <th className={styles.th}>
                    <span className={styles.muted}>Действия</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {staff.map((member) => (
                  <StaffRow key={member.id} member={member} screen={screen} isSelf={member.id === selfId} />
                ))}
              </tbody>
            </table>
          </div>
        </Card>
        <NewStaffForm screen={screen} />
      </div>
      {confirming !== null && (
        <ConfirmDialog
          title="Сбросить второй фактор?"
          confirmLabel="Сбросить"
          destructive
          busy={resetting}
          onConfirm={() => screen.send({ type: 'reset.confirmed' })}
          onCancel={() => screen.send({ type: 'reset.cancelled' })}
        >
          <p>
            {confirming.name ?? confirming.email} больше не будет вводить код из приложения: вход только по
            паролю. Все открытые сеансы сотрудника завершатся сразу. Код можно будет подключить заново в
            профиле.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
