import { Button } from '../components/button';
import { Notice } from './admin-ui';
import * as styles from './admin-ui.css';
import type { AdminFormView } from './use-admin-form';

/** Save / reset buttons of an admin form, with «Сохранено» and the kept-draft error. */
export function FormActions<D>({
  form,
  saveLabel = 'Сохранить',
}: {
  form: AdminFormView<D>;
  saveLabel?: string;
}) {
  return (
    <div className={styles.stackSmall}>
      {form.status === 'failed' && form.error !== null && (
        <Notice tone="error" role="alert">
          {form.error} Введённые данные сохранены в форме.
        </Notice>
      )}
      <div className={styles.row}>
        <Button type="submit" size="s" disabled={!form.dirty || form.status === 'saving'}>
          {form.status === 'saving' ? 'Сохраняем…' : saveLabel}
        </Button>
        {form.dirty && form.status !== 'saving' && (
          <Button size="s" variant="ghost" onClick={form.reset}>
            Отменить изменения
          </Button>
        )}
        {form.status === 'saved' && (
          <span className={styles.muted} role="status">
            Сохранено
          </span>
        )}
      </div>
    </div>
  );
}
