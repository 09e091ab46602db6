import type { ActorRefFrom } from 'xstate';
import type { consultationModalMachine } from './machines/consultation-modal.machine';
import type { feedbackModalMachine } from './machines/feedback-modal.machine';
import type { shopSystemMachine } from './machines/shop-system.machine';
import type { subscribeMachine } from './machines/subscribe.machine';
import type { UseCaseRunner } from './use-case';

/**
 * What views get of the running shop — their one door to the application layer: the page's long-lived actor system (auth, cartSync,
 * favouritesSync, recentlyViewed, adminCounters, clientCounters, city as its children — reach them
 * with `system.getSnapshot().children.<id>` and read them with `useSelector`), and the short-lived
 * machines whose actors the views start themselves, already provided with their implementations.
 */
export interface ShopRuntime {
  readonly system: ActorRefFrom<typeof shopSystemMachine>;
  /**
   * A command, query or provided machine of the application layer (use-case.ts), built from this
   * page's ports: the only way a view or a loader reaches a port.
   */
  readonly resolve: UseCaseRunner;
  readonly machines: {
    readonly consultationModal: typeof consultationModalMachine;
    readonly feedbackModal: typeof feedbackModalMachine;
    readonly subscribe: typeof subscribeMachine;
  };
}
