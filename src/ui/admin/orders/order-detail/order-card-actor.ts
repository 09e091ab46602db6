import type { ActorRefFrom } from 'xstate';
import type { orderCardMachine } from '../../../../application/admin/orders/order-card.machine';

/** The running order card (src/application/admin/orders/order-card.machine.ts) its sections read and tell. */
export type OrderCardActor = ActorRefFrom<typeof orderCardMachine>;
