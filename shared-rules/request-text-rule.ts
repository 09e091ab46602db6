/**
 * The text of a consultation or feedback request (spec §3: "composed lines: source, phone, email,
 * flags, comment or message"), the one home of its wording: the browser composes it
 * (src/infrastructure/shop-system.ts), the server reads it back into fields for the shopper's account
 * and the back office's card (issue 25, item 11), so nobody reads «Источник: … Клиент: № 2» as prose.
 * Dependency-free: the pure layers import it.
 *
 * The lines, in this order: «Источник: Консультация|Обратная связь», «Телефон: …», «Email: …»,
 * «Клиент: № N|гость», for a consultation «Вложение: да|нет», and last «Комментарий: …» (consultation)
 * or «Сообщение: …» (feedback), which runs to the end of the text (it may hold line breaks). An absent
 * value is «—». A text in any other shape (an older request, one sent to the API by hand) is not read:
 * `readRequestText` answers null and the text is shown as written.
 */
import { REQUEST_KIND_LABELS, type RequestKind } from './request-labels-rule';

type RequestSource = RequestKind;

export interface RequestTextFields {
  readonly source: RequestSource;
  readonly phone: string | null;
  readonly email: string | null;
  /** The sender's account when signed in; null for a guest. */
  readonly clientId: number | null;
  /** Consultation only: whether a file was attached; null for feedback. */
  readonly attachment: boolean | null;
  /** The comment (consultation) or message (feedback); null when left empty. */
  readonly comment: string | null;
}

/** The «Источник» line names the kind as the back office does. */
const REQUEST_SOURCE_LABELS = REQUEST_KIND_LABELS;

const NONE = '—';
const commentLabel = (source: RequestSource) => (source === 'consultation' ? 'Комментарий' : 'Сообщение');
const shown = (value: string | null) => (value === null || value.trim() === '' ? NONE : value.trim());
const read = (value: string) => (value === NONE ? null : value);

export function composeRequestText(fields: RequestTextFields): string {
  const lines = [
    `Источник: ${REQUEST_SOURCE_LABELS[fields.source]}`,
    `Телефон: ${shown(fields.phone)}`,
    `Email: ${shown(fields.email)}`,
    `Клиент: ${fields.clientId === null ? 'гость' : `№ ${fields.clientId}`}`,
  ];
  if (fields.source === 'consultation') lines.push(`Вложение: ${fields.attachment === true ? 'да' : 'нет'}`);
  lines.push(`${commentLabel(fields.source)}: ${shown(fields.comment)}`);
  return lines.join('\n');
}

function valueAfter(line: string | undefined, label: string): string | null {
  const prefix = `${label}: `;
  return line?.startsWith(prefix) === true ? line.slice(prefix.length) : null;
}

/** The fields of a composed text; null when the text is not in the composed shape. */
export function readRequestText(text: string): RequestTextFields | null {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const sourceLabel = valueAfter(lines[0], 'Источник');
  const source = (Object.keys(REQUEST_SOURCE_LABELS) as RequestSource[]).find(
    (each) => REQUEST_SOURCE_LABELS[each] === sourceLabel,
  );
  if (source === undefined) return null;
  const phone = valueAfter(lines[1], 'Телефон');
  const email = valueAfter(lines[2], 'Email');
  const client = valueAfter(lines[3], 'Клиент');
  if (phone === null || email === null || client === null) return null;
  const clientMatch = /^№ ([1-9][0-9]{0,15})$/.exec(client);
  if (client !== 'гость' && clientMatch === null) return null;
  let next = 4;
  let attachment: boolean | null = null;
  if (source === 'consultation') {
    const flag = valueAfter(lines[4], 'Вложение');
    if (flag !== 'да' && flag !== 'нет') return null;
    attachment = flag === 'да';
    next = 5;
  }
  const comment = valueAfter([lines[next], ...lines.slice(next + 1)].join('\n'), commentLabel(source));
  if (comment === null) return null;
  return {
    source,
    phone: read(phone),
    email: read(email),
    clientId: clientMatch === null ? null : Number(clientMatch[1]),
    attachment,
    comment: read(comment),
  };
}
