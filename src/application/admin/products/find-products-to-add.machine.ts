import { commandMachine } from '../../machines/admin/admin-machines';
import { CATALOGUE_PORT } from '../../ports/catalogue.port';
import { defineUseCase } from '../../use-case';

/**
 * The order screens' product picker: a search by the shop's own search (morphology, typos, layout,
 * article) run as an admin command (`{ name: 'product.search', args: { q } }`), so its progress and
 * failure are the machine's; the command's output is the products found (up to 8).
 */
export const findProductsToAdd = defineUseCase(
  'admin.products.findToAddMachine',
  { catalogue: CATALOGUE_PORT },
  ({ catalogue }) =>
    commandMachine(async (command, signal) => {
      const q = typeof command.args?.q === 'string' ? command.args.q : '';
      return (await catalogue.search({ q, limit: 8 }, { signal })).items;
    }),
);
