import { Schema } from 'effect';
import { defineEndpoint } from './endpoint';
import { IdFromString } from './query-fields';

const ClientRecord = Schema.Struct({
  id: Schema.Int,
  email: Schema.String,
  phone: Schema.NullOr(Schema.String),
  name: Schema.NullOr(Schema.String),
});

export const getClient = defineEndpoint({
  method: 'GET',
  path: '/api/clients/:id',
  summary: 'E-mail and phone of a client (own record, or an administrator)',
  tag: 'clients',
  params: Schema.Struct({ id: IdFromString }),
  response: ClientRecord,
  errorStatuses: [401, 403, 404],
});
