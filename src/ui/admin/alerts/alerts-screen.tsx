import { useActorRef, useSelector } from '@xstate/react';
import {
  STAFF_ALERT_CHANNEL_LABELS,
  STAFF_ALERT_CHANNELS,
  STAFF_ALERT_EVENT_LABELS,
  STAFF_ALERT_EVENTS,
} from '../../../../shared-rules/staff-alert-rule';
import { alertSettingsScreen, choiceKey } from '../../../application/admin/alerts/alert-settings.machine';
import type { AlertSettings } from '../../../application/ports/admin-alerts.port';
import { Button } from '../../components/button';
import { useUseCase } from '../../shell/shop-context';
import { formatDateTime } from '../admin-format';
import { Card, Notice } from '../admin-ui';
import * as ui from '../admin-ui.css';
import { PageHeader } from '../page-header';

const DONE_TEXT = {
  saved: 'Настройки уведомлений сохранены.',
  linked: 'Ссылка готова: откройте её на телефоне или компьютере с Telegram.',
  unlinked: 'Telegram отвязан: сообщения туда больше не придут.',
} as const;

/**
 * /admin/alerts «Уведомления»: which events the signed-in staff member gets by e-mail and by Telegram,
 * and their Telegram chat (docs/alerts.md). Renders the machine's state and sends it events.
 */
export function AlertsScreen({ settings: initial }: { settings: AlertSettings }) {
  const actor = useActorRef(useUseCase(alertSettingsScreen), { input: { settings: initial } });
  const settings = useSelector(actor, (snapshot) => snapshot.context.settings);
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const link = useSelector(actor, (snapshot) => snapshot.context.link);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const done = useSelector(actor, (snapshot) => snapshot.context.done);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const telegram = settings.telegram;
  return (
    <>
      <PageHeader title="Уведомления" subtitle="О чём и куда сообщать вам о событиях магазина" />
      {error !== null && (
        <Notice tone="error" role="alert">
          {error}
        </Notice>
      )}
      {done !== null && (
        <Notice tone="success" role="status">
          {DONE_TEXT[done]}
        </Notice>
      )}
      <Card title="События и каналы">
        <form
          className={ui.stack}
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'alerts.saveRequested' });
          }}
        >
          <div className={ui.tableWrap}>
            <table className={ui.table}>
              <thead>
                <tr>
                  <th className={ui.th} scope="col">
                    Событие
                  </th>
                  {STAFF_ALERT_CHANNELS.map((channel) => (
                    <th key={channel} className={ui.th} scope="col">
                      {STAFF_ALERT_CHANNEL_LABELS[channel]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {STAFF_ALERT_EVENTS.map((alertEvent) => (
                  <tr key={alertEvent} className={ui.tr}>
                    <th className={ui.td} scope="row">
                      {STAFF_ALERT_EVENT_LABELS[alertEvent]}
                    </th>
                    {STAFF_ALERT_CHANNELS.map((channel) => (
                      <td key={channel} className={ui.td}>
                        <input
                          type="checkbox"
                          className={ui.checkbox}
                          aria-label={`${STAFF_ALERT_EVENT_LABELS[alertEvent]}: ${STAFF_ALERT_CHANNEL_LABELS[channel]}`}
                          checked={draft.has(choiceKey(alertEvent, channel))}
                          disabled={busy}
                          onChange={() => actor.send({ type: 'alerts.toggled', event: alertEvent, channel })}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className={ui.muted}>
            Письма приходят на адрес вашей учётной записи.
            {settings.shopAlertEmail !== null &&
              ` Кроме того, все события уходят на почту магазина ${settings.shopAlertEmail}.`}
          </p>
          <div>
            <Button type="submit" disabled={busy}>
              Сохранить
            </Button>
          </div>
        </form>
      </Card>
      <Card title="Telegram">
        <div className={ui.stack}>
          {!telegram.enabled ? (
            <p>
              Бот магазина не подключён: сообщения в Telegram начнут приходить, когда администратор сервера
              задаст TELEGRAM_BOT_TOKEN.
            </p>
          ) : telegram.linkedAt !== null ? (
            <>
              <p>Чат привязан {formatDateTime(telegram.linkedAt)}.</p>
              <div className={ui.row}>
                <Button
                  variant="secondary"
                  size="s"
                  disabled={busy}
                  onClick={() => actor.send({ type: 'alerts.linkRequested' })}
                >
                  Привязать другой чат
                </Button>
                <Button
                  variant="secondary"
                  size="s"
                  disabled={busy}
                  onClick={() => actor.send({ type: 'alerts.unlinkRequested' })}
                >
                  Отвязать
                </Button>
              </div>
            </>
          ) : (
            <>
              <p>Чат не привязан. Получите ссылку, откройте её и нажмите «Старт» в Telegram.</p>
              <div>
                <Button
                  variant="secondary"
                  size="s"
                  disabled={busy}
                  onClick={() => actor.send({ type: 'alerts.linkRequested' })}
                >
                  Получить ссылку для Telegram
                </Button>
              </div>
            </>
          )}
          {link !== null && (
            <p>
              <a className={ui.link} href={link.url} target="_blank" rel="noopener noreferrer">
                Открыть бота в Telegram
              </a>{' '}
              <span className={ui.muted}>
                — ссылка одноразовая и действует до {formatDateTime(link.expiresAt)}.
              </span>
            </p>
          )}
        </div>
      </Card>
    </>
  );
}
