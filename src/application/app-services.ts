import type { AdminServices } from './admin-services';
import type { AuthPort } from './ports/auth.port';
import type { CartPort } from './ports/cart.port';
import type { CataloguePort } from './ports/catalogue.port';
import type { ClientsPort } from './ports/clients.port';
import type { ClockPort } from './ports/clock.port';
import type { FavouritesPort } from './ports/favourites.port';
import type { NewsPort } from './ports/news.port';
import type { OrdersPort } from './ports/orders.port';
import type { PagesPort } from './ports/pages.port';
import type { PaymentsPort } from './ports/payments.port';
import type { RequestsPort } from './ports/requests.port';
import type { SpeechRecognitionPort } from './ports/speech-recognition.port';

/**
 * The ports that views reach through the typed router context (route loaders read the catalogue and
 * content through them). Long-lived behaviour (auth, cart, favourites, counters, city, modals) is not
 * here: views talk to the machines of the shop system instead.
 */
export interface AppServices {
  readonly catalogue: CataloguePort;
  readonly news: NewsPort;
  readonly pages: PagesPort;
  readonly auth: AuthPort;
  readonly cart: CartPort;
  readonly clients: ClientsPort;
  readonly favourites: FavouritesPort;
  readonly orders: OrdersPort;
  readonly payments: PaymentsPort;
  /** The client's own requests (the account's «Заявки» tab). */
  readonly requests: RequestsPort;
  readonly speech: SpeechRecognitionPort;
  readonly clock: ClockPort;
  /** The back office's ports (admin routes only). */
  readonly admin: AdminServices;
}
