import type { ChangeEventHandler } from 'react';
import { CONSENT_DOCUMENT_SLUGS } from '../../../shared-rules/consent-rule';
import { CheckboxField } from './checkbox-field';
import * as styles from './consent-checkbox.css';

export interface ConsentCheckboxProps {
  /** personal_data: the form's own data; marketing: the newsletter (both documents, each its own link). */
  readonly purpose: 'personal_data' | 'marketing';
  readonly checked?: boolean;
  readonly onChange?: ChangeEventHandler<HTMLInputElement>;
  readonly error?: string | null;
  readonly disabled?: boolean;
  readonly name?: string;
  /** Where the documents open: the desktop footer's /consent, or /pages/… (same pages). */
  readonly linkBase?: '/' | '/pages/';
}

/**
 * The 152-FZ consent of a form (issue 26, item 3; docs/privacy.md): a required checkbox, never ticked in
 * advance, whose label names the consent document as its own link — apart from the privacy policy, which
 * is only pointed to below it (since 1 September 2025 the consent is a document of its own, not part of
 * the policy, and the marketing consent is not part of the personal-data one). The server stores a
 * consent record when the form succeeds.
 */
export function ConsentCheckbox({
  purpose,
  checked,
  onChange,
  error,
  disabled,
  name = 'consent',
  linkBase = '/',
}: ConsentCheckboxProps) {
  const href = (slug: string) => `${linkBase}${slug}`;
  return (
    <div className={styles.consent}>
      <CheckboxField
        name={name}
        aria-required
        {...(checked === undefined ? {} : { checked })}
        {...(onChange === undefined ? {} : { onChange })}
        {...(error === undefined ? {} : { error })}
        {...(disabled === undefined ? {} : { disabled })}
        label={
          purpose === 'personal_data' ? (
            <>
              Я даю согласие на{' '}
              <a
                href={href(CONSENT_DOCUMENT_SLUGS.personal_data)}
                target="_blank"
                rel="noopener"
                className={styles.link}
              >
                обработку персональных данных
              </a>
            </>
          ) : (
            <>
              Я даю{' '}
              <a
                href={href(CONSENT_DOCUMENT_SLUGS.marketing)}
                target="_blank"
                rel="noopener"
                className={styles.link}
              >
                согласие на получение рекламных рассылок
              </a>{' '}
              и{' '}
              <a
                href={href(CONSENT_DOCUMENT_SLUGS.personal_data)}
                target="_blank"
                rel="noopener"
                className={styles.link}
              >
                согласие на обработку персональных данных
              </a>
            </>
          )
        }
      />
      <p className={styles.note}>
        Как мы храним и защищаем данные — в{' '}
        <a href={href('privacy')} target="_blank" rel="noopener" className={styles.link}>
          политике конфиденциальности
        </a>
        .
      </p>
    </div>
  );
}
