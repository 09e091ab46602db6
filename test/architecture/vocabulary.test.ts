import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS } from '../../shared-rules/audit-action-rule';
import { EMAIL_FORMAT_MESSAGE } from '../../shared-rules/email-rule';
import {
  DELIVERY_METHOD_LABELS,
  LIFT_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATE_LABELS,
} from '../../shared-rules/order-options-rule';
import {
  CLOSE_PAY_LINK_LABEL,
  ORDER_ACTION_LABELS,
  ORDER_STATUS_LABELS,
} from '../../shared-rules/order-status-rule';
import { PHONE_FORMAT_MESSAGE } from '../../shared-rules/phone-rule';
import { SPEC_LABELS } from '../../shared-rules/product-spec-rule';
import {
  OWN_REQUEST_KIND_LABELS,
  OWN_REQUEST_STATUS_LABELS,
  REQUEST_KIND_LABELS,
  REQUEST_STATUS_LABELS,
} from '../../shared-rules/request-labels-rule';
import { STOCK_MOVEMENT_REASON_LABELS } from '../../shared-rules/stock-movement-rule';

/**
 * Issue 25, item 4: one vocabulary. Order statuses and their button verbs, payment states, delivery and
 * payment methods, lift options, stock-movement reasons, spec labels and hidden fields, the e-mail and
 * phone checks, money grouping and plural forms each have one home in shared-rules/, which src/, api/
 * and server/ import. Three copies had already drifted apart («Ожидает оплаты» / «Ждёт оплаты», «Нет» /
 * «Нет лифта», an admin phone check weaker than the contract's).
 *
 * The test reads every source file of src/, api/ and server/ and fails when one types a vocabulary
 * label as a string of its own ('Самовывоз', "Самовывоз", `Самовывоз`, >Самовывоз< in JSX) or writes
 * one of the rules again. The back-office files in STILL_HOLDING_COPIES are being rewritten by other
 * work and still hold copies: the list only shrinks — a listed file that no longer holds a copy fails
 * the second test until its entry goes (or its entry names fewer items).
 */

const ROOT = resolve(import.meta.dirname, '../..');
const SCANNED_FOLDERS = ['src', 'api', 'server'] as const;

interface VocabularyItem {
  /** How the item is named in the allow-list and in failures. */
  readonly id: string;
  /** Its one home and the export to use. */
  readonly home: string;
  readonly found: (source: string) => boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A label typed as a string literal of its own, or as JSX text. */
function labelItem(label: string, home: string): VocabularyItem {
  const pattern = new RegExp(
    `'${escapeRegExp(label)}'|"${escapeRegExp(label)}"|\`${escapeRegExp(label)}\`|>\\s*${escapeRegExp(label)}\\s*<`,
  );
  return { id: `«${label}»`, home, found: (source) => pattern.test(source) };
}

function labelsOf(record: Readonly<Record<string, string>>, home: string): VocabularyItem[] {
  return Object.entries(record).map(([key, label]) => labelItem(label, `${home} (${key})`));
}

const VOCABULARY: readonly VocabularyItem[] = [
  ...labelsOf(ORDER_STATUS_LABELS, 'shared-rules/order-status-rule.ts ORDER_STATUS_LABELS'),
  ...labelsOf(ORDER_ACTION_LABELS, 'shared-rules/order-status-rule.ts ORDER_ACTION_LABELS'),
  ...labelsOf(PAYMENT_STATE_LABELS, 'shared-rules/order-options-rule.ts PAYMENT_STATE_LABELS'),
  ...labelsOf(DELIVERY_METHOD_LABELS, 'shared-rules/order-options-rule.ts DELIVERY_METHOD_LABELS'),
  ...labelsOf(PAYMENT_METHOD_LABELS, 'shared-rules/order-options-rule.ts PAYMENT_METHOD_LABELS'),
  ...labelsOf(LIFT_LABELS, 'shared-rules/order-options-rule.ts LIFT_LABELS'),
  ...labelsOf(
    STOCK_MOVEMENT_REASON_LABELS,
    'shared-rules/stock-movement-rule.ts STOCK_MOVEMENT_REASON_LABELS',
  ),
  ...labelsOf(SPEC_LABELS, 'shared-rules/product-spec-rule.ts SPEC_LABELS'),
  ...labelsOf(REQUEST_KIND_LABELS, 'shared-rules/request-labels-rule.ts REQUEST_KIND_LABELS'),
  ...labelsOf(REQUEST_STATUS_LABELS, 'shared-rules/request-labels-rule.ts REQUEST_STATUS_LABELS'),
  ...labelsOf(OWN_REQUEST_KIND_LABELS, 'shared-rules/request-labels-rule.ts OWN_REQUEST_KIND_LABELS'),
  ...labelsOf(OWN_REQUEST_STATUS_LABELS, 'shared-rules/request-labels-rule.ts OWN_REQUEST_STATUS_LABELS'),
  ...labelsOf(
    AUDIT_ACTION_LABELS,
    'shared-rules/audit-action-rule.ts AUDIT_ACTION_LABELS / auditActionLabel',
  ),
  labelItem(CLOSE_PAY_LINK_LABEL, 'shared-rules/order-status-rule.ts CLOSE_PAY_LINK_LABEL / orderMoveLabel'),
  labelItem(EMAIL_FORMAT_MESSAGE, 'shared-rules/email-rule.ts EMAIL_FORMAT_MESSAGE'),
  labelItem(PHONE_FORMAT_MESSAGE, 'shared-rules/phone-rule.ts PHONE_FORMAT_MESSAGE'),
  // The labels of the copies that disagreed: gone for good.
  labelItem('Ждёт оплаты', 'shared-rules/order-options-rule.ts PAYMENT_STATE_LABELS.awaiting'),
  {
    id: 'e-mail pattern',
    home: 'shared-rules/email-rule.ts isValidEmail / EMAIL_PATTERN',
    found: (source) => source.includes('[^\\s@]+@'),
  },
  {
    id: 'phone pattern',
    home: 'shared-rules/phone-rule.ts isValidPhone',
    found: (source) => source.includes('/^\\+?[0-9 ()-]+$/'),
  },
  {
    // A phone accepted by counting its digits against 10 and 15 (the admin copy did only that).
    id: 'phone digit count',
    home: 'shared-rules/phone-rule.ts isValidPhone (PHONE_MIN_DIGITS, PHONE_MAX_DIGITS)',
    found: (source) =>
      source
        .split('\n')
        .some(
          (line) =>
            /phone/i.test(line) && /[<>]=?\s*(?:10|15)\b/.test(line) && !/PHONE_M(?:IN|AX)_DIGITS/.test(line),
        ),
  },
  {
    // The ids typed as a list of their own (the contract, the server's inbox and the back office each
    // had one); the database's CHECK constraint is SQL and reads `IN ('new', …)`, not a list.
    id: 'request kind and status ids',
    home: 'shared-rules/request-labels-rule.ts REQUEST_KINDS / REQUEST_STATUSES',
    found: (source) =>
      /\[\s*'consultation',\s*'feedback'\s*\]/.test(source) ||
      /\[\s*'new',\s*'in_work',\s*'waiting_client'/.test(source),
  },
  {
    id: 'hidden spec fields',
    home: 'shared-rules/product-spec-rule.ts HIDDEN_SPEC_FIELDS',
    found: (source) => source.includes("'PRICE_DILER'") && source.includes("'NAME_SMALL'"),
  },
  {
    id: 'plural rule',
    home: 'shared-rules/plural-rule.ts pluralRu / russianPluralCategory',
    found: (source) => source.includes('Intl.PluralRules(') || /%\s*100\b[\s\S]{0,300}%\s*10\b/.test(source),
  },
  {
    id: 'money digit grouping',
    home: 'shared-rules/money-rule.ts formatKopecks / groupedDigits',
    found: (source) =>
      source.includes('function groupedDigits') || source.includes('\\B(?=(\\d{3})+(?!\\d))'),
  },
];

/**
 * Back-office files that still hold copies, being rewritten by other work (issue 25, items 1–3): each
 * names what it still types and should import instead (the `home` of each item). Only shrinks.
 */
const STILL_HOLDING_COPIES: Readonly<Record<string, readonly string[]>> = {};

/** The same words meaning something else here; each says why it is not a copy. */
const SAME_WORDS_OTHER_MEANING: Readonly<Record<string, readonly string[]>> = {
  // The order history's event titles («Заказ оформлен», «Заказ изменён»), not stock-movement reasons.
  'server/application/admin-orders/order-timeline.ts': ['«Заказ оформлен»', '«Заказ изменён»'],
  // The confirm dialog's own button («Подтвердить» an action), not the status move to «Подтверждён».
  'src/ui/admin/orders/order-detail/status-section.tsx': ['«Подтвердить»'],
  // The button that opens the import dialog, not the stock-movement reason «Импорт».
  'src/ui/admin/catalogue/products-screen.tsx': ['«Импорт»'],
  // The inbox's date column («Получена» when), not the client's status of a new request.
  'src/ui/admin/requests/requests-list-view.tsx': ['«Получена»'],
  // A product check's finding on the product card, not the audit log's action.
  'src/application/admin/product-diagnostics.ts': ['«Товар удалён»'],
  // The import dialog's title, not the audit log's action.
  'src/ui/admin/catalogue/product-import-dialog.tsx': ['«Импорт товаров»'],
  // The stock ledger's note on the goods a binned order gives back, not the audit log's action.
  'server/infrastructure/orders/admin-order-stock.ts': ['«Заказ перемещён в корзину»'],
};

const ADMIN_PATHS = /^src\/(ui\/admin|ui\/routes\/admin|application\/admin)\//;

function sourceFiles(): string[] {
  return SCANNED_FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name))
      .map((name) => `${folder}/${name.split('\\').join('/')}`),
  ).sort();
}

/** What each file types of the vocabulary. */
function copiesByFile(): ReadonlyMap<string, readonly string[]> {
  const copies = new Map<string, readonly string[]>();
  for (const file of sourceFiles()) {
    const source = readFileSync(join(ROOT, file), 'utf8');
    const found = VOCABULARY.filter((item) => item.found(source)).map((item) => item.id);
    if (found.length > 0) copies.set(file, [...new Set(found)]);
  }
  return copies;
}

describe('one vocabulary (issue 25, item 4)', () => {
  const copies = copiesByFile();
  const homeOf = new Map(VOCABULARY.map((item) => [item.id, item.home]));

  it('no file types a vocabulary label or rule again: each imports it from shared-rules/', () => {
    const unexpected: string[] = [];
    for (const [file, found] of copies) {
      const allowed = new Set([
        ...(STILL_HOLDING_COPIES[file] ?? []),
        ...(SAME_WORDS_OTHER_MEANING[file] ?? []),
      ]);
      for (const id of found) {
        if (!allowed.has(id)) unexpected.push(`${file}: ${id} — import it from ${homeOf.get(id)}`);
      }
    }
    expect(unexpected).toEqual([]);
  });

  it('the list of back-office files still holding copies only shrinks', () => {
    const stale: string[] = [];
    for (const [file, ids] of Object.entries(STILL_HOLDING_COPIES)) {
      if (!ADMIN_PATHS.test(file)) stale.push(`${file}: only back-office files may be listed`);
      const found = new Set(copies.get(file) ?? []);
      for (const id of ids) {
        if (!found.has(id))
          stale.push(`${file}: no longer holds ${id} — remove it from STILL_HOLDING_COPIES`);
      }
    }
    for (const [file, ids] of Object.entries(SAME_WORDS_OTHER_MEANING)) {
      const found = new Set(copies.get(file) ?? []);
      for (const id of ids) if (!found.has(id)) stale.push(`${file}: no longer has ${id} — remove the entry`);
    }
    expect(stale).toEqual([]);
  });

  it('reads the sources it guards (a broken scan would pass everything)', () => {
    expect(sourceFiles().length).toBeGreaterThan(300);
    const probe = VOCABULARY.find((item) => item.id === '«Самовывоз»');
    expect(probe?.found("const x = { pickup: 'Самовывоз' };")).toBe(true);
    expect(probe?.found('<option value="pickup">\n  Самовывоз\n</option>')).toBe(true);
    expect(probe?.found('// Самовывоз in a comment, «Самовывоз» in a sentence')).toBe(false);
    // Request kinds and statuses (issue 25): a second copy of a label or of the id list fails.
    const waiting = VOCABULARY.find((item) => item.id === '«Ждём клиента»');
    expect(waiting?.found("{ waiting_client: 'Ждём клиента' }")).toBe(true);
    const ids = VOCABULARY.find((item) => item.id === 'request kind and status ids');
    expect(ids?.found("kind: Schema.Literals(['consultation', 'feedback'])")).toBe(true);
    expect(ids?.found("const STATUSES = ['new', 'in_work', 'waiting_client', 'closed'] as const;")).toBe(
      true,
    );
    expect(ids?.found("sql`status IN ('new', 'in_work', 'waiting_client', 'closed')`")).toBe(false);
  });
});
