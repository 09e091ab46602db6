import {
  confirmTotp,
  createStaff,
  disableTotp,
  getStaffProfile,
  listAudit,
  listStaff,
  resetStaffSecondFactor,
  startTotpSetup,
  updateStaff,
} from '../../../api/admin-staff';
import { ErrorCode } from '../../../api/errors';
import type { AccountServices } from '../../application/accounts.services';
import type { StaffRecord } from '../../application/admin-staff/staff.port';
import { normaliseEmail } from '../../domain/contact-validation';
import type { RouteModule } from '../app';
import { ApiFailure, failure, notFound } from '../contract';
import { adminOnlyRouter, type SessionSettings, staffCaller, tooManyRequests } from './session.hooks';

const SECOND_FACTOR_REFUSALS = {
  not_started: 'Сначала получите новый ключ: нажмите «Подключить».',
  already_enabled: 'Вход по коду из приложения уже включён.',
  not_enabled: 'Вход по коду из приложения не включён.',
  wrong_code: 'Неверный код из приложения.',
  not_found: 'Сотрудник не найден.',
} as const;

/** A refusal of the second factor's profile calls (422 for a wrong code, 409 for the wrong state). */
const secondFactorRefusal = (error: keyof typeof SECOND_FACTOR_REFUSALS): ApiFailure =>
  error === 'wrong_code'
    ? failure(ErrorCode.badRequest, SECOND_FACTOR_REFUSALS[error], 422)
    : error === 'not_found'
      ? notFound(SECOND_FACTOR_REFUSALS[error])
      : failure(ErrorCode.conflict, SECOND_FACTOR_REFUSALS[error]);

const NO_STAFF = 'Сотрудник не найден.';
/** The shop's days are Moscow days (UTC+3 all year). */
const MOSCOW_OFFSET = '+03:00';
const DAY_MS = 86_400_000;

const asText = (value: unknown): string | null =>
  value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value);

/** An entry's before → after, field by field, in the order the fields first appear. */
function auditChanges(
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>> | null,
): { field: string; before: string | null; after: string | null }[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => ({ field, before: asText(before?.[field]), after: asText(after?.[field]) }));
}

const staffJson = (staff: StaffRecord) => ({ ...staff, createdAt: new Date(staff.createdAt).toISOString() });

/** Staff accounts and the audit log: the owner's «Сотрудники» and «Журнал действий» (docs/staff.md). */
export function adminStaffRoutes(
  settings: SessionSettings,
  staff: AccountServices['adminStaff'],
): RouteModule {
  return {
    name: 'admin-staff',
    register(_app, contractRouter) {
      const router = adminOnlyRouter(contractRouter, settings);
      router.route(listStaff, async ({ raw }) => {
        const actor = await staffCaller(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        return (await staff.list()).map(staffJson);
      });
      router.route(createStaff, async ({ body, raw }) => {
        const actor = await staffCaller(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        const result = await staff.create(actor, { ...body, email: normaliseEmail(body.email) });
        if (result.ok) return staffJson(result.staff);
        return failure(
          ErrorCode.conflict,
          result.by === 'staff'
            ? 'Сотрудник с таким email уже есть.'
            : 'Этот email принадлежит клиенту магазина. Укажите другой адрес.',
        );
      });
      router.route(updateStaff, async ({ params, body, raw }) => {
        const actor = await staffCaller(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        const result = await staff.change(actor, params.id, body);
        if (result.ok) return staffJson(result.staff);
        if (result.error === 'not_found') return notFound(NO_STAFF);
        if (result.error === 'self_block')
          return failure(ErrorCode.conflict, 'Нельзя заблокировать самого себя.');
        return failure(ErrorCode.conflict, 'В магазине должен остаться хотя бы один владелец.');
      });
      router.route(resetStaffSecondFactor, async ({ params, raw }) => {
        const actor = await staffCaller(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        const result = await staff.resetSecondFactor(actor, params.id);
        if (result.ok) return staffJson(result.staff);
        if (result.error === 'not_found') return notFound(NO_STAFF);
        if (result.error === 'self')
          return failure(
            ErrorCode.conflict,
            'Свой вход по коду отключается в профиле: там нужен код из приложения или код восстановления.',
          );
        return failure(ErrorCode.conflict, 'У сотрудника не включён вход по коду из приложения.');
      });
      router.route(getStaffProfile, async ({ raw }) => {
        const actor = await staffCaller(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        return (await staff.profile(actor.adminId)) ?? notFound(NO_STAFF);
      });
      router.route(startTotpSetup, async ({ raw }) => {
        const actor = await staffCaller(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        const profile = await staff.profile(actor.adminId);
        if (profile === null) return notFound(NO_STAFF);
        const result = await staff.secondFactor.setup({ id: profile.id, email: profile.email });
        if (!result.ok) return secondFactorRefusal(result.error);
        return { otpauthUrl: result.otpauthUrl, qrCode: result.qrCode, secret: result.secret };
      });
      router.route(confirmTotp, async ({ body, raw, reply }) => {
        const actor = await staffCaller(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        const result = await staff.secondFactor.confirm(actor, body.code);
        if (result.ok) return { recoveryCodes: result.recoveryCodes };
        if (result.error === 'rate_limited') return tooManyRequests(reply, result.retryAfterSeconds);
        return secondFactorRefusal(result.error);
      });
      router.route(disableTotp, async ({ body, raw, reply }) => {
        const actor = await staffCaller(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        const result = await staff.secondFactor.disable(actor, body.code);
        if (!result.ok) {
          if (result.error === 'rate_limited') return tooManyRequests(reply, result.retryAfterSeconds);
          return secondFactorRefusal(result.error);
        }
        return (await staff.profile(actor.adminId)) ?? notFound(NO_STAFF);
      });
      router.route(listAudit, async ({ query, raw }) => {
        const actor = await staffCaller(raw, settings);
        if (actor instanceof ApiFailure) return actor;
        const listing = await staff.audit.search({
          page: query.page,
          limit: query.limit,
          ...(query.actorId !== undefined ? { actorId: query.actorId } : {}),
          ...(query.area !== undefined ? { area: query.area } : {}),
          ...(query.q !== undefined ? { text: query.q } : {}),
          ...(query.from !== undefined
            ? { fromMs: Date.parse(`${query.from}T00:00:00${MOSCOW_OFFSET}`) }
            : {}),
          ...(query.to !== undefined
            ? { toMs: Date.parse(`${query.to}T00:00:00${MOSCOW_OFFSET}`) + DAY_MS }
            : {}),
        });
        return {
          total: listing.total,
          page: query.page,
          limit: query.limit,
          items: listing.items.map((entry) => ({
            id: entry.id,
            at: new Date(entry.at).toISOString(),
            actor:
              entry.actorId === null || entry.actorName === null
                ? null
                : { id: entry.actorId, name: entry.actorName },
            area: entry.area,
            action: entry.action,
            entityType: entry.entityType,
            entityId: entry.entityId,
            changes: auditChanges(entry.before ?? null, entry.after ?? null),
            ip: entry.ip ?? null,
          })),
        };
      });
    },
  };
}
