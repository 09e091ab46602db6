import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_FIELD_LABELS,
  AUDIT_RECORD_KIND_LABELS,
  auditActionLabel,
  auditCodesNamed,
  auditFieldLabel,
  auditRecordKindLabel,
  auditValueText,
} from '../../shared-rules/audit-action-rule';
import { formatKopecks } from '../../shared-rules/money-rule';

/**
 * «Журнал действий» in Russian: every action the server writes has a label. The server's actions are
 * read from its sources the way the contract-enumerating tests read routes: every `'area.verb'` string
 * in server/ (comments left out) is an action, a field written in before / after («delivery.date»), a
 * file name, or one of the few other dotted words listed below with the reason — so a new action
 * fails here until it has its Russian label in shared-rules/audit-action-rule.ts.
 */

const ROOT = resolve(import.meta.dirname, '../..');

/** Dotted strings in server/ that are not audit actions, and what they are. */
const NOT_ACTIONS: Readonly<Record<string, string>> = {
  'order.moveTo': 'the order lifecycle machine’s event (server/domain/order-lifecycle.machine.ts)',
  'payment.succeeded': 'the payment gateway’s notification event',
  'excluded.active': 'SQL: the ON CONFLICT row of the dictionaries’ upsert',
  'headers.authorization': 'a log redaction path (server/infrastructure/logging/personal-data.ts)',
  'headers.cookie': 'a log redaction path (server/infrastructure/logging/personal-data.ts)',
};

/** File names («index.html», «domistil.ru») and one-letter SQL aliases («p.price») are not actions. */
const FILE_NAME = /\.(?:html|tsx?|json|ru|lock)$/;
const SQL_ALIAS = /^[a-z]\./;

function serverSources(): { file: string; source: string }[] {
  return readdirSync(join(ROOT, 'server'), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.ts$/.test(name))
    .map((name) => {
      const file = `server/${name.split('\\').join('/')}`;
      const source = readFileSync(join(ROOT, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      return { file, source };
    });
}

/** Every dotted string the server's code holds, with the files holding it. */
function dottedStrings(): ReadonlyMap<string, readonly string[]> {
  const found = new Map<string, string[]>();
  for (const { file, source } of serverSources()) {
    for (const match of source.matchAll(/['`]([a-z]+\.[a-z][a-zA-Z]*)['`]/g)) {
      const text = match[1] ?? '';
      if (FILE_NAME.test(text) || SQL_ALIAS.test(text)) continue;
      found.set(text, [...new Set([...(found.get(text) ?? []), file])]);
    }
  }
  return found;
}

/** The actions the server writes: the dotted strings that are neither fields nor listed above. */
function writtenActions(): ReadonlyMap<string, readonly string[]> {
  return new Map(
    [...dottedStrings()].filter(
      ([text]) => !Object.hasOwn(AUDIT_FIELD_LABELS, text) && !Object.hasOwn(NOT_ACTIONS, text),
    ),
  );
}

describe('the audit log’s vocabulary', () => {
  it('labels every action the server writes', () => {
    const actions = writtenActions();
    // The scan reaches each way of writing one: `action:`, adminAudit(…), admin.write(…), a helper's
    // argument (order-patch), a ternary (staff.blocked / staff.unblocked), a private helper.
    for (const known of [
      'order.statusChanged',
      'order.payLinkReissued',
      'order.cartChanged',
      'product.hidden',
      'staff.unblocked',
      'staff.secondFactorOn',
      'tariffs.changed',
      'delivery.capacityChanged',
    ])
      expect(actions.has(known), known).toBe(true);
    const unlabelled = [...actions]
      .filter(([action]) => !Object.hasOwn(AUDIT_ACTION_LABELS, action))
      .map(([action, files]) => `${action} (${files.join(', ')})`);
    expect(unlabelled).toEqual([]);
  });

  it('holds no label for an action nobody writes, and no stale entry in NOT_ACTIONS', () => {
    const actions = writtenActions();
    expect(Object.keys(AUDIT_ACTION_LABELS).filter((action) => !actions.has(action))).toEqual([]);
    const dotted = dottedStrings();
    expect(Object.keys(NOT_ACTIONS).filter((text) => !dotted.has(text))).toEqual([]);
  });

  it('words every label in Russian, and no action label is a part of another (a search finds one)', () => {
    const labels = [
      ...Object.values(AUDIT_ACTION_LABELS),
      ...Object.values(AUDIT_RECORD_KIND_LABELS),
      ...Object.values(AUDIT_FIELD_LABELS),
    ];
    // «E-mail» is how Russian shops write it.
    for (const label of labels) expect(label).toMatch(/[А-Яа-яЁё]|^E-mail$/);
    const actionLabels = Object.values(AUDIT_ACTION_LABELS).map((label) => label.toLowerCase());
    expect(new Set(actionLabels).size).toBe(actionLabels.length);
    const inside = actionLabels.flatMap((label) =>
      actionLabels
        .filter((other) => other !== label && other.includes(label))
        .map((other) => `${label} ⊂ ${other}`),
    );
    expect(inside).toEqual([]);
    for (const [action, label] of Object.entries(AUDIT_ACTION_LABELS))
      expect(auditCodesNamed(label).actions).toEqual([action]);
  });

  it('reads an entry as a manager does: «Изменён статус заказа», «Статус: Новый → Подтверждён»', () => {
    expect(auditActionLabel('order.statusChanged')).toBe('Изменён статус заказа');
    expect(auditFieldLabel('status')).toBe('Статус');
    expect(auditValueText('status', 'new')).toBe('Новый');
    expect(auditValueText('status', 'confirmed', 'order')).toBe('Подтверждён');
    // A request's status is a request's, not an order's.
    expect(auditValueText('status', 'new', 'request')).toBe('Новая');
    expect(auditValueText('status', 'in_work', 'request')).toBe('В работе');
    expect(auditValueText('role', 'manager')).toBe('Менеджер');
    expect(auditFieldLabel('name', 'staff')).toBe('Имя');
    expect(auditFieldLabel('name', 'product')).toBe('Название');
    expect(auditRecordKindLabel('order')).toBe('Заказ');
    expect(auditRecordKindLabel('style-category')).toBe('Стиль');
  });

  it('shows kopecks as roubles, flags as да / нет, lists and order lines, as stored or as the wire sends them', () => {
    expect(auditValueText('price', 13_886_400)).toBe(formatKopecks(13_886_400));
    expect(auditValueText('price', '13886450')).toBe(formatKopecks(13_886_450));
    // Already worded on the server (a refund's remaining total): kept as it is.
    expect(auditValueText('total', '138 864 ₽')).toBe('138 864 ₽');
    expect(auditValueText('blocked', 'true')).toBe('да');
    expect(auditValueText('blocked', false)).toBe('нет');
    expect(auditValueText('items', '[{"name":"Диван","quantity":2},{"productId":7,"quantity":1}]')).toBe(
      'Диван × 2; 7 × 1',
    );
    expect(auditValueText('tags', '["vip","опт"]')).toBe('vip, опт');
    expect(auditValueText('paymentMethod', 'on_delivery')).toBe('При получении');
    expect(auditValueText('stock', '12')).toBe('12');
    expect(auditValueText('note', null)).toBeNull();
    expect(auditValueText('note', '')).toBeNull();
  });

  it('shows an unknown action, record kind, field or value as its code', () => {
    expect(auditActionLabel('order.somethingNew')).toBe('order.somethingNew');
    expect(auditActionLabel('toString')).toBe('toString');
    expect(auditRecordKindLabel('constructor')).toBe('constructor');
    expect(auditFieldLabel('hasOwnProperty')).toBe('hasOwnProperty');
    expect(auditValueText('status', 'teleported')).toBe('teleported');
    expect(auditValueText('role', 'intern')).toBe('intern');
    expect(auditValueText('image', '{not json')).toBe('{not json');
  });

  it('finds codes by their Russian label in a search, case-insensitively', () => {
    expect(auditCodesNamed('  изменён СТАТУС заказа ').actions).toEqual(['order.statusChanged']);
    expect(auditCodesNamed('Подтверждён').values).toEqual(['confirmed']);
    expect(auditCodesNamed('менеджер').values).toEqual(['manager']);
    expect(auditCodesNamed('сотрудник').kinds).toEqual(['staff']);
    expect(auditCodesNamed('   ')).toEqual({ actions: [], kinds: [], values: [] });
    expect(auditCodesNamed('%')).toEqual({ actions: [], kinds: [], values: [] });
  });

  test.prop([fc.string(), fc.anything(), fc.option(fc.string(), { nil: undefined })])(
    'never throws: any field, value and record kind gives text or null',
    (field, value, kind) => {
      const text = auditValueText(field, value, kind);
      expect(text === null || typeof text === 'string').toBe(true);
      expect(typeof auditFieldLabel(field, kind)).toBe('string');
      expect(typeof auditActionLabel(field)).toBe('string');
      expect(
        auditCodesNamed(field).actions.every((action) => Object.hasOwn(AUDIT_ACTION_LABELS, action)),
      ).toBe(true);
    },
  );
});
