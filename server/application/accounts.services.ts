import type { StaffProfile } from '../../api/admin-staff';
import type { TrustedProxies } from '../domain/client-ip';
import type { changeClientContacts } from './admin-clients/change-client-contacts';
import type { changeClientNotes } from './admin-clients/change-client-notes';
import type { AdminClientsService } from './admin-clients.service';
import type { AdminOrderUseCases } from './admin-orders/admin-order-use-cases';
import type { MoveDeliverySlot } from './admin-orders/move-delivery-slot';
import type { AdminRequestsService } from './admin-requests.service';
import type { changeStaff } from './admin-staff/change-staff';
import type { createStaff } from './admin-staff/create-staff';
import type { resetSecondFactor } from './admin-staff/reset-second-factor';
import type { SecondFactor } from './admin-staff/second-factor';
import type { StaffDirectory } from './admin-staff/staff.port';
import type { saveTariffs } from './admin-tariffs/save-tariffs';
import type { TariffsRecord } from './admin-tariffs/tariffs.port';
import type { AttachmentStore } from './attachment-store.port';
import type { AuditSearch } from './audit-log.port';
import type { AuthService } from './auth.service';
import type { ClientDataService } from './client-data.service';
import type { DeliveryService } from './delivery.service';
import type { DeliveryCalendar } from './delivery-calendar.port';
import type { GeoLocator } from './geo.port';
import type { HomeMeasurementsRepository } from './home-measurements/home-measurements.port';
import type { saveHomeMeasurements } from './home-measurements/save-home-measurements';
import type { NotificationsService } from './notifications.service';
import type { OrdersService } from './orders.service';
import type { PayLinksService } from './pay-links.service';
import type { TestCheckout } from './payment-gateway.port';
import type { PaymentsService } from './payments.service';
import type { RateLimiter } from './rate-limiter.port';
import type { RequestsService } from './requests.service';
import type { SubscribeService } from './subscribe.service';

/** Work the server runs beside requests. */
export interface BackgroundJob {
  start(): void;
  stop(): Promise<void>;
}

/** Everything the account, client-data, order, request and notification routes need. */
export interface AccountServices {
  readonly auth: AuthService;
  readonly clientData: ClientDataService;
  readonly orders: OrdersService;
  /** Issue 23: dates, the checkout's days and windows, address zones and the carrier's quote. */
  readonly delivery: DeliveryService;
  readonly deliveryCalendar: DeliveryCalendar;
  readonly moveDeliverySlot: MoveDeliverySlot;
  /** The back office's order use cases (server/application/admin-orders/, one file each). */
  readonly adminOrders: AdminOrderUseCases;
  readonly payments: PaymentsService;
  /** Signed pay links (issue 22, item 5). */
  readonly payLinks: PayLinksService;
  readonly testCheckout: TestCheckout | null;
  readonly requests: RequestsService;
  /** The back office's client-requests inbox and clients. */
  readonly adminRequests: AdminRequestsService;
  readonly adminClients: AdminClientsService;
  /** The client card's writes (issue 25, item 9), one use case each. */
  readonly clientCard: {
    readonly changeContacts: ReturnType<typeof changeClientContacts>;
    readonly changeNotes: ReturnType<typeof changeClientNotes>;
  };
  /** The delivery tariffs (issue 23, item 1): the ones in force, and the owner's save. */
  readonly tariffs: {
    readonly current: () => Promise<TariffsRecord>;
    readonly save: ReturnType<typeof saveTariffs>;
  };
  /** Staff accounts and the audit log (docs/staff.md), the owner's. */
  readonly adminStaff: {
    readonly list: StaffDirectory['list'];
    readonly create: ReturnType<typeof createStaff>;
    readonly change: ReturnType<typeof changeStaff>;
    /** The owner drops another person's lost second factor (and their sessions). */
    readonly resetSecondFactor: ReturnType<typeof resetSecondFactor>;
    readonly audit: AuditSearch;
    readonly secondFactor: SecondFactor;
    /** The signed-in staff member's own profile; null for someone who is not staff. */
    profile(staffId: number): Promise<StaffProfile | null>;
  };
  /** «Поместится?» kept in the client's account (issue 23, item 6). */
  readonly homeMeasurements: {
    readonly find: HomeMeasurementsRepository['find'];
    readonly save: ReturnType<typeof saveHomeMeasurements>;
  };
  readonly subscribe: SubscribeService;
  readonly notifications: NotificationsService;
  readonly geo: GeoLocator;
  readonly attachments: AttachmentStore;
  readonly limiter: RateLimiter;
  readonly now: () => number;
  /** Started with the server and stopped when it closes (the mail outbox worker). */
  readonly backgroundJobs: readonly BackgroundJob[];
  /** Where the session cookie and CSRF rules come from. */
  readonly web: {
    readonly publicUrl: string;
    readonly secureCookies: boolean;
    readonly allowedOrigins: ReadonlySet<string>;
    /** TRUST_PROXY as parsed by the server configuration. */
    readonly trustProxy: TrustedProxies;
  };
}
