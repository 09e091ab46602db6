import type { ProductSummary } from '../../../domain/product';
import { commandMachine } from '../../machines/admin/admin-machines';
import { CATALOGUE_PORT } from '../../ports/catalogue.port';
import { defineUseCase } from '../../use-case';

/**
 * Finds products to add to an order by the shop's own search (morphology, typos, layout; `args.q`).
 * It runs as an admin command, so its progress and failure are the machine's.
 */
export const findProducts = defineUseCase(
  'admin.orders.findProducts',
  { catalogue: CATALOGUE_PORT },
  ({ catalogue }) =>
    commandMachine(
      async (command, signal): Promise<readonly ProductSummary[]> =>
        (await catalogue.search({ q: String(command.args?.q ?? ''), limit: 8 }, { signal })).items,
    ),
);
